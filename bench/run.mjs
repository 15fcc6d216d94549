/**
 * `npm run bench`: measures vreport on this machine and rewrites BENCHMARKS.md.
 *   node bench/run.mjs [--only service,generation,peers,scale,suite,demo,mcp,month-end] [--quick] [--fresh] [--drop]
 * (a bare area name, `node bench/run.mjs month-end`, is the same as `--only month-end`);
 * month-end reads VREPORT_BENCH_CLIENTS (default 200) and VREPORT_BENCH_CONCURRENCY (default 2).
 * --only runs some areas (the others keep their last results, dated, in BENCHMARKS.md);
 * --quick takes fewer samples (development only); --fresh reseeds the bench databases;
 * --drop drops the PostgreSQL bench databases and exits; --report only rewrites BENCHMARKS.md
 * from the last records in bench/results.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { dropPostgres, ensurePglite, ensurePostgres, PG_ADMIN, postgresAvailable } from "./_db.mjs";
import { DIST, RESULTS, ROOT, repoRelative } from "./_paths.mjs";
import { writeReport } from "./_report.mjs";
import { runDemo } from "./demo.mjs";
import { runGeneration } from "./generation.mjs";
import { runMcp } from "./mcp.mjs";
import { runMonthEnd } from "./month-end.mjs";
import { runPeers } from "./peers.mjs";
import { runScale } from "./scale.mjs";
import { runService } from "./service.mjs";
import { runSuite } from "./suite.mjs";

const AREAS = {
  service: runService,
  generation: runGeneration,
  peers: runPeers,
  scale: runScale,
  suite: runSuite,
  demo: runDemo,
  mcp: runMcp,
  "month-end": runMonthEnd,
};
const SCALES = [1, 3, 10];

function parseArgs(argv) {
  const args = { only: Object.keys(AREAS), quick: false, fresh: false, drop: false, reportOnly: false };
  const named = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--quick") args.quick = true;
    else if (a === "--fresh") args.fresh = true;
    else if (a === "--drop") args.drop = true;
    else if (a === "--report") args.reportOnly = true;
    else if (a === "--only" || a.startsWith("--only=")) {
      const value = a.includes("=") ? a.slice(7) : argv[++i];
      args.only = (value ?? "").split(",").filter(Boolean);
      const unknown = args.only.filter((x) => !(x in AREAS));
      if (unknown.length || !args.only.length)
        throw new Error(`--only takes ${Object.keys(AREAS).join(", ")}`);
    } else if (a in AREAS) named.push(a);
    else throw new Error(`unknown argument ${a}`);
  }
  if (named.length) args.only = named;
  return args;
}

function version(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .trim()
      .split("\n")[0];
  } catch {
    return "not installed";
  }
}

function pkgVersion(name) {
  try {
    return JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return "?";
  }
}

/**
 * A fixed single-threaded workload (median of 5): this machine's speed varies from day to day
 * (shared host), and the same code has measured up to 2× apart; this tells runs apart.
 */
function calibrationMs() {
  const runs = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    let x = 0;
    for (let i = 0; i < 1e8; i++) x += i % 7;
    runs.push(performance.now() - t + (x < 0 ? 1 : 0));
  }
  return runs.sort((a, b) => a - b)[2];
}

async function machine() {
  let postgres = "not reachable";
  try {
    const pg = (await import("pg")).default;
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    postgres = (await c.query("SHOW server_version")).rows[0].server_version;
    await c.end();
  } catch {}
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "?",
    memoryGb: os.totalmem() / 2 ** 30,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: version((await import(`${DIST}/render/backends/pdf/_browser.js`)).chromiumExecutable().path, [
      "--version",
    ]),
    calibrationMs: calibrationMs(),
    postgres,
    weasyprint: version("weasyprint", ["--version"]),
    packages: Object.fromEntries(
      ["puppeteer", "fastify", "@electric-sql/pglite", "exceljs", "autocannon", "md-to-pdf"].map((n) => [
        n,
        pkgVersion(n),
      ]),
    ),
    loadavg: os.loadavg(),
  };
}

/** The last record of each area, from bench/results. */
function readRecords() {
  return Object.fromEntries(
    Object.keys(AREAS)
      .map((a) => [a, join(RESULTS, `${a}.jsonl`)])
      .filter(([, p]) => existsSync(p))
      .map(([a, p]) => [a, JSON.parse(readFileSync(p, "utf8"))]),
  );
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const log = (line) =>
    process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
  if (args.drop) {
    await dropPostgres(SCALES);
    log("dropped the PostgreSQL bench databases");
    return;
  }
  if (args.reportOnly) {
    writeReport(
      join(ROOT, "BENCHMARKS.md"),
      JSON.parse(readFileSync(join(RESULTS, "run.jsonl"), "utf8")),
      readRecords(),
    );
    log("BENCHMARKS.md rewritten from the last records");
    return;
  }
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const env = await machine();
  log(`machine: ${env.cpus} cores, load ${env.loadavg.map((l) => l.toFixed(2)).join(" ")}`);

  // Databases: seeded once, then reused while their marker matches (see _db.mjs).
  const setupStart = performance.now();
  const dbs = { pglite: null, pg: null };
  const needsPglite = args.only.some((a) => !["scale", "suite", "demo", "month-end"].includes(a));
  const needsPg = args.only.includes("service") || args.only.includes("scale");
  if (needsPglite) dbs.pglite = await ensurePglite({ fresh: args.fresh, log });
  if (needsPg && (await postgresAvailable())) {
    dbs.pg = {};
    const scales = args.only.includes("scale") ? SCALES : [10];
    for (const s of scales) dbs.pg[s] = await ensurePostgres(s, { fresh: args.fresh, log });
  } else if (needsPg) log(`PostgreSQL not reachable at ${PG_ADMIN}: skipping its measurements`);
  const setupMs = performance.now() - setupStart;
  const setup = { setupMs, pglite: dbs.pglite, pg: dbs.pg };
  log(`databases ready in ${(setupMs / 1000).toFixed(1)} s`);

  const ctx = { log, dbs, quick: args.quick };
  for (const area of args.only) {
    log(`${area}…`);
    const t = performance.now();
    const loadBefore = os.loadavg();
    let result;
    try {
      result = { ok: true, ...(await AREAS[area](ctx)) };
    } catch (error) {
      log(`${area} failed: ${error?.stack ?? error}`);
      result = { ok: false, error: String(error?.message ?? error).slice(0, 500) };
    }
    const record = {
      area,
      date: new Date().toISOString(),
      command,
      quick: args.quick,
      machine: env,
      setup,
      elapsedMs: performance.now() - t,
      loadavg: { before: loadBefore, after: os.loadavg() },
      result,
    };
    writeFileSync(join(RESULTS, `${area}.jsonl`), `${JSON.stringify(repoRelative(record))}\n`);
  }

  // Biome lints Markdown under bench/**: the rendered reports are measured, not kept.
  for (const f of readdirSync(RESULTS, { recursive: true }).map(String))
    if (f.endsWith(".md")) rmSync(join(RESULTS, f), { force: true });

  const totalMs = performance.now() - started;
  const runInfo = {
    date: new Date().toISOString(),
    command,
    quick: args.quick,
    totalMs,
    areas: args.only,
    machine: env,
    setup,
  };
  writeFileSync(join(RESULTS, "run.jsonl"), `${JSON.stringify(repoRelative(runInfo))}\n`);
  writeReport(join(ROOT, "BENCHMARKS.md"), runInfo, readRecords());
  log(`done in ${(totalMs / 1000).toFixed(0)} s; BENCHMARKS.md rewritten`);
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
