/**
 * Child process: renders the demo view with its answers section grown to 100,000 rows through
 * the XLSX backend, and prints time, size and this process's peak RSS as one JSON line.
 * `node bench/_xlsx-100k.mjs <view.jsonl> <outDir>`
 */
import { readFileSync, statSync } from "node:fs";
import { DIST } from "./_paths.mjs";

const ROWS = 100_000;
const [viewPath, outDir] = process.argv.slice(2);
const view = JSON.parse(readFileSync(viewPath, "utf8"), (_k, v) =>
  v && typeof v === "object" && v.$bytes !== undefined ? new Uint8Array(Buffer.from(v.$bytes, "base64")) : v,
);
const answers = view.sections.find((s) => s.key === "answers");
const table = answers?.blocks.find((b) => b.kind === "table" && b.rows.length > 0);
if (!table) throw new Error("the demo view has no answers table to grow");
const seed = table.rows;
const textColumn = table.columns.find((c) => c.type === "text")?.key;
table.rows = Array.from({ length: ROWS }, (_, i) => {
  const row = { ...seed[i % seed.length] };
  // Distinct text per row, so the shared-strings table cannot fold the copies into one entry.
  if (textColumn && typeof row[textColumn] === "string") row[textColumn] = `${row[textColumn]} #${i}`;
  return row;
});
view.name = `${view.name}-answers-100k`;

const { backend } = await import(`${DIST}/render/backends/xlsx/backend.js`);
const { applyReport } = await import(`${DIST}/pipeline/apply.js`);
const before = process.memoryUsage().rss;
const t = performance.now();
const [{ path }] = await applyReport(view, [backend], outDir, {});
const ms = performance.now() - t;
process.stdout.write(
  `${JSON.stringify({
    rows: ROWS,
    columns: table.columns.length,
    ms,
    bytes: statSync(path).size,
    rssBeforeKb: Math.round(before / 1024),
    maxRssKb: process.resourceUsage().maxRSS,
  })}\n`,
);
