/**
 * Generation area: cold `vreport generate` per format (a new process each, demo database
 * present), warm renders per format in one process, a batch of 20 reports through one browser,
 * the synthetic 100,000-row answers workbook, output sizes, and peak memory of Node and Chromium.
 */
import { execFile, spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { AS_OF, serve } from "./_db.mjs";
import { BENCH, DIST, RESULTS, ROOT } from "./_paths.mjs";
import { pipelineFor } from "./_pipeline.mjs";
import { previewReloads } from "./_preview.mjs";
import { monitorTree } from "./_proc.mjs";
import { sample, summarize, timed } from "./_stats.mjs";

const exec = promisify(execFile);
const OUT = join(RESULTS, "generation");
/**
 * The PDF is tagged by default when the tagged print takes at most this ratio of the untagged
 * print's median time (15 % more): docs/accessibility.md, "Tagged by default?".
 */
const TAGGED_DEFAULT_MAX_RATIO = 1.15;
/** The old-space cap of the answers-workbook runs (MB): a run that needed more would fail. */
const ANSWERS_HEAP_MB = 128;

/**
 * One `vreport generate` in a new process: its wall time, and with `monitor` the peak memory of
 * Node and its Chromium. Polling /proc every 50 ms costs this 2-core machine CPU the timed run
 * would otherwise have, so timed runs are not monitored: memory comes from a run of its own.
 */
function coldGenerate(
  format,
  database,
  outDir,
  { monitor: watch = false, profile = "client", accessible = false } = {},
) {
  return new Promise((resolve, reject) => {
    const args = [join(DIST, "cli/index.js"), "generate", "--range", "90d", "--format", format];
    args.push("--profile", profile);
    if (accessible) args.push("--accessible");
    args.push("--as-of", AS_OF, "--database", database, "--out", outDir);
    const t = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const monitor = watch ? monitorTree(child.pid, { intervalMs: 50 }) : { stop: () => ({}) };
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.stdout.resume();
    child.on("error", reject);
    child.on("exit", (code) => {
      const ms = performance.now() - t;
      const mem = monitor.stop();
      if (code !== 0)
        reject(new Error(`generate --format ${format} exited ${code}: ${stderr.trim().slice(-400)}`));
      else resolve({ ms, nodePeakKb: mem.nodePeakKb, chromiumPeakKb: mem.childPeakKb });
    });
  });
}

function dirBytes(dir) {
  let total = 0;
  for (const f of readdirSync(dir, { recursive: true })) {
    const s = statSync(join(dir, String(f)));
    if (s.isFile()) total += s.size;
  }
  return total;
}

/** Pages of a PDF, by poppler's pdfinfo (scripts/bootstrap.sh installs poppler-utils); null without it. */
async function pdfPages(file) {
  try {
    const { stdout } = await exec("pdfinfo", [file]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? Number.NaN);
  } catch {
    return null;
  }
}

/** Writes a view as JSON (PNG bytes as base64) for a child process. */
export function saveView(view, path) {
  writeFileSync(
    path,
    JSON.stringify(view, (_k, v) =>
      v instanceof Uint8Array ? { $bytes: Buffer.from(v).toString("base64") } : v,
    ),
  );
}

/** Runs the generation area. */
export async function runGeneration(ctx) {
  const { log, dbs, quick } = ctx;
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const result = {
    cold: {},
    stages: null,
    warm: {},
    firstPdfMs: null,
    batches: null,
    memory: {},
    sizes: null,
    xlsx100k: [],
    answersStream: [],
  };

  // Cold: one process per run; the PGlite directory must not be open here meanwhile.
  // `pdf-full` is the PDF of the full profile (the client profile's targets are ratios to it);
  // `pdf-accessible` the tagged PDF of `--accessible` (its overhead is reported).
  // Round robin, one sample of each kind per round: this shared machine's speed drifts within a
  // run, and the client/full ratio must not depend on which profile ran first.
  const runs = quick
    ? { pdf: 1, "pdf-full": 1, "pdf-accessible": 1, xlsx: 1, md: 1, all: 1 }
    : { pdf: 5, "pdf-full": 5, "pdf-accessible": 3, xlsx: 2, md: 2, all: 2 };
  const kinds = Object.entries(runs).map(([key, n]) => {
    const [format, variant = "client"] = key.split("-");
    const accessible = variant === "accessible";
    return {
      key,
      n,
      format,
      accessible,
      profile: accessible ? "client" : variant,
      dir: join(OUT, `cold-${key}`),
      samples: [],
    };
  });
  for (let round = 0; round < Math.max(...kinds.map((k) => k.n)); round++)
    for (const k of kinds.filter((kind) => round < kind.n))
      k.samples.push(
        await coldGenerate(k.format, dbs.pglite.location, k.dir, {
          profile: k.profile,
          accessible: k.accessible,
        }),
      );
  for (const { key, n, format, profile, accessible, dir, samples } of kinds) {
    const memory = await coldGenerate(format, dbs.pglite.location, dir, {
      monitor: true,
      profile,
      accessible,
    });
    result.cold[key] = {
      ...summarize(samples.map((s) => s.ms)),
      nodePeakKb: memory.nodePeakKb,
      chromiumPeakKb: memory.chromiumPeakKb,
    };
    log(
      `  cold generate --format ${format} --profile ${profile}${accessible ? " --accessible" : ""}: median ${result.cold[key].median.toFixed(0)} ms (n=${n})`,
    );
  }

  // Sizes of the demo report (90d), from the cold `all` run.
  const allDir = join(OUT, "cold-all");
  const files = readdirSync(allDir);
  const size = (ext) => {
    const f = files.find((n) => n.endsWith(ext));
    return f ? statSync(join(allDir, f)).size : null;
  };
  const assets = files.find((n) => n.endsWith("-assets"));
  const fullPdf = readdirSync(join(OUT, "cold-pdf-full")).find((n) => n.endsWith(".pdf"));
  const taggedPdf = readdirSync(join(OUT, "cold-pdf-accessible")).find((n) => n.endsWith(".pdf"));
  result.sizes = {
    pdf: size(".pdf"),
    pdfPages: await pdfPages(
      join(
        allDir,
        files.find((n) => n.endsWith(".pdf")),
      ),
    ),
    pdfFull: fullPdf ? statSync(join(OUT, "cold-pdf-full", fullPdf)).size : null,
    pdfFullPages: fullPdf ? await pdfPages(join(OUT, "cold-pdf-full", fullPdf)) : null,
    pdfAccessible: taggedPdf ? statSync(join(OUT, "cold-pdf-accessible", taggedPdf)).size : null,
    pdfAccessiblePages: taggedPdf ? await pdfPages(join(OUT, "cold-pdf-accessible", taggedPdf)) : null,
    xlsx: size(".xlsx"),
    md: size(".md"),
    html: size(".html"),
    mdAssets: assets ? dirBytes(join(allDir, assets)) : 0,
    mdAssetFiles: assets ? readdirSync(join(allDir, assets)).length : 0,
  };

  const server = await serve(dbs.pglite.location);
  const { closeLoadedBackends } = await import(`${DIST}/render/backends/registry.js`);
  const browserModule = await import(`${DIST}/render/backends/pdf/_browser.js`);
  let chromiumPid;
  // Memory is polled during the batch only: polling /proc from this process during the warm
  // renders would delay the very renders being timed.
  let chromium = { stop: () => ({ childPeakKb: null }) };
  try {
    const p = await pipelineFor(server);
    const built = await p.buildView();
    result.stages = built.stages;
    const view = built.view;
    saveView(view, join(RESULTS, "view-90d.jsonl"));

    const warmDir = join(OUT, "warm");
    const pdf = await p.backend("pdf");
    result.firstPdfMs = (await timed(() => p.write(view, pdf, warmDir))).ms; // includes the browser launch
    chromiumPid = (await browserModule.getBrowser()).process()?.pid;
    for (const format of ["pdf", "xlsx", "md", "html"]) {
      const backend = await p.backend(format);
      const samples = await sample(() => p.write(view, backend, warmDir), {
        n: quick ? 3 : format === "pdf" ? 10 : 8,
        warmup: format === "pdf" ? 0 : 1,
        budgetMs: 15000,
      });
      result.warm[format] = summarize(samples);
      log(
        `  warm ${format}: median ${result.warm[format].median.toFixed(0)} ms, p95 ${result.warm[format].p95.toFixed(0)} ms`,
      );
    }
    // The tagged PDF (`--accessible`): the same view printed in one document, twice (layout, then
    // tagged with the page numbers known), against the untagged two-document print, A/B: one of
    // each per round, so that both see the same machine. The PDF is tagged by default only when
    // the tagged print costs at most TAGGED_DEFAULT_MAX_RATIO of the untagged one's median time
    // (docs/accessibility.md, "Tagged by default?"); the verdict is reported with the ratio.
    await p.write(view, pdf, join(OUT, "warm-accessible"), { accessible: true }); // its first layout
    const ab = { untagged: [], tagged: [] };
    for (let i = 0; i < (quick ? 3 : 10); i++) {
      ab.untagged.push((await timed(() => p.write(view, pdf, warmDir))).ms);
      ab.tagged.push(
        (await timed(() => p.write(view, pdf, join(OUT, "warm-accessible"), { accessible: true }))).ms,
      );
    }
    result.warm["pdf-accessible"] = summarize(ab.tagged);
    const untaggedAb = summarize(ab.untagged);
    const ratio = result.warm["pdf-accessible"].median / untaggedAb.median;
    result.taggedDefault = {
      untaggedMedianMs: untaggedAb.median,
      taggedMedianMs: result.warm["pdf-accessible"].median,
      ratio,
      maxRatio: TAGGED_DEFAULT_MAX_RATIO,
      taggedByDefault: ratio <= TAGGED_DEFAULT_MAX_RATIO,
      loadAverage: loadavg(),
    };
    log(
      `  warm pdf --accessible: median ${result.warm["pdf-accessible"].median.toFixed(0)} ms, ${ratio.toFixed(2)}× the untagged (A/B)`,
    );

    // The preview's reload: edits of a notes file over the 90d demo data.
    const { fetchReportData } = await import(`${DIST}/report/fetch.js`);
    const previewData = await fetchReportData(p.client, server.project, "90d");
    result.previewReload = summarize(await previewReloads(previewData, quick ? 3 : 8));
    log(`  preview reload: median ${result.previewReload.median.toFixed(0)} ms`);

    // A batch through one browser per profile, alternating so that both see the same machine:
    // the whole pipeline (fetch, model, charts, PDF) per report.
    chromium = monitorTree(process.pid, { intervalMs: 100, childRoot: () => chromiumPid });
    const batchN = quick ? 4 : 20;
    const batchDir = join(OUT, "batch");
    const full = await pipelineFor(server, "90d", "full");
    const each = { client: [], full: [] };
    for (let i = 0; i < batchN; i++)
      for (const [profile, pipe] of [
        ["client", p],
        ["full", full],
      ])
        each[profile].push((await timed(() => pipe.generate(["pdf"], join(batchDir, profile)))).ms);
    result.batches = {};
    for (const [profile, times] of Object.entries(each)) {
      const totalMs = times.reduce((a, b) => a + b, 0);
      result.batches[profile] = {
        n: batchN,
        totalMs,
        perMinute: (batchN * 60_000) / totalMs,
        ...summarize(times),
      };
      log(`  batch of ${batchN} (${profile}): ${result.batches[profile].perMinute.toFixed(1)} reports/min`);
    }
  } finally {
    const mem = chromium.stop();
    result.memory = { benchNodeMaxRssKb: process.resourceUsage().maxRSS, chromiumPeakKb: mem.childPeakKb };
    await closeLoadedBackends();
    await server.close();
  }

  // The synthetic 100,000-row answers workbook, each run in a fresh process.
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    const { stdout } = await exec(
      process.execPath,
      [join(BENCH, "_xlsx-100k.mjs"), join(RESULTS, "view-90d.jsonl"), join(OUT, "xlsx-100k")],
      { timeout: 120_000, maxBuffer: 1 << 20 },
    );
    result.xlsx100k.push(JSON.parse(stdout.trim().split("\n").pop()));
  }
  log(`  100k-row XLSX: ${result.xlsx100k.map((r) => r.ms.toFixed(0)).join(", ")} ms`);

  // The streamed answers workbook (`--answers all`) at two sizes, the heap capped: if memory grew
  // with the answers, the larger run would fail or its peak would grow with it.
  result.answersStream = [];
  for (const n of quick ? [20_000] : [20_000, 100_000]) {
    try {
      const { stdout } = await exec(
        process.execPath,
        [
          `--max-old-space-size=${ANSWERS_HEAP_MB}`,
          join(BENCH, "_answers-stream.mjs"),
          String(n),
          join(OUT, `answers-${n}.xlsx`),
        ],
        { timeout: 600_000, maxBuffer: 1 << 20 },
      );
      result.answersStream.push({ ...JSON.parse(stdout.trim().split("\n").pop()), heapMb: ANSWERS_HEAP_MB });
    } catch (error) {
      // Out of its capped heap is the failure this measures: recorded (the target is then not
      // met), not a reason to lose the rest of the area's measurements.
      const fatal = /heap out of memory/.test(String(error?.stderr ?? error)) ? "out of memory" : "failed";
      result.answersStream.push({ rows: n, failed: fatal, heapMb: ANSWERS_HEAP_MB });
    }
  }
  log(
    `  answers workbook: ${result.answersStream.map((r) => (r.failed ? `${r.rows} ${r.failed}` : `${r.rows} in ${r.ms.toFixed(0)} ms`)).join(", ")}`,
  );
  return result;
}
