/**
 * The tagged PDF's overhead (`--accessible`, docs/accessibility.md) measured alone, A/B: the 90d
 * demo view printed untagged (two documents, merged) and tagged (one document, printed twice) in
 * turn through one warm browser, so both see the same machine. `npm run bench` measures the same
 * rows in its generation area; this is the quick check for a busy machine.
 *
 *   npm run build && node bench/accessible-ab.mjs [--database .vreport/db] [--n 10]
 *
 * The database is a seeded demo workspace (`vreport seed` or a first `vreport generate` makes
 * `.vreport/db`). Prints one JSON line: medians and sizes, and their ratios.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { serve } from "./_db.mjs";
import { DIST } from "./_paths.mjs";
import { pipelineFor } from "./_pipeline.mjs";
import { summarize, timed } from "./_stats.mjs";

const { values } = parseArgs({
  options: { database: { type: "string", default: ".vreport/db" }, n: { type: "string", default: "10" } },
});
const n = Number(values.n);
const server = await serve(values.database);
const out = mkdtempSync(join(tmpdir(), "vreport-bench-a11y-"));
const { closeLoadedBackends } = await import(`${DIST}/render/backends/registry.js`);
try {
  const p = await pipelineFor(server);
  const { view } = await p.buildView();
  const pdf = await p.backend("pdf");
  const variants = { untagged: {}, tagged: { accessible: true } };
  // One of each first: the browser's launch and first layout are not what is compared.
  for (const [name, options] of Object.entries(variants)) await p.write(view, pdf, join(out, name), options);
  const times = { untagged: [], tagged: [] };
  for (let i = 0; i < n; i++)
    for (const [name, options] of Object.entries(variants))
      times[name].push((await timed(() => p.write(view, pdf, join(out, name), options))).ms);
  const size = (name) => {
    const dir = join(out, name);
    return statSync(
      join(
        dir,
        readdirSync(dir).find((f) => f.endsWith(".pdf")),
      ),
    ).size;
  };
  const [u, t] = [summarize(times.untagged), summarize(times.tagged)];
  console.log(
    JSON.stringify({
      n,
      untagged: { medianMs: Math.round(u.median), minMs: Math.round(u.min), bytes: size("untagged") },
      tagged: { medianMs: Math.round(t.median), minMs: Math.round(t.min), bytes: size("tagged") },
      timeRatio: Number((t.median / u.median).toFixed(2)),
      sizeRatio: Number((size("tagged") / size("untagged")).toFixed(2)),
      loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    }),
  );
} finally {
  await closeLoadedBackends();
  await server.close();
  rmSync(out, { recursive: true, force: true });
}
