/**
 * CSV import benchmark (docs/import.md, "How it runs, and memory"): generates a tracker-like CSV
 * (one row per answer, ~1 KB of answer text each, a tracker's own column names read through
 * `--map`) and measures `vreport import` on it in its own process — rows per second and peak RSS
 * (`/usr/bin/time -f %M`) — to show the write rate and that memory stays flat as the file grows.
 * Times are the whole command's (starting Node, opening the database, both passes, the analytics
 * refresh); the database is created beforehand.
 *
 *   npm run build && node bench/import.mjs [--rows 10000] [--mb 20,100] [--validate-mb 1024]
 *                                          [--database postgres://…] [--write]
 *
 * --rows: row counts fully imported into a fresh database (a new PGlite directory; --database: a
 * PostgreSQL database without a "Bench" workspace),
 * then imported again (the re-import: 0 changed); --mb: the same by file size; --validate-mb:
 * sizes whose last row is bad, so the strict import reads and validates the whole file and writes
 * nothing (the first pass alone: how 1 GB streams through). 0 skips any of them. --write puts the
 * table, with the machine, into BENCHMARKS.md's "Import" section (bench/_import-section.mjs).
 */
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeImportSection } from "./_import-section.mjs";
import { DIST, ROOT } from "./_paths.mjs";

const WORDS =
  "crm pipeline team pricing integration email startup sales free tier support onboarding dashboard report forecast contact deal automation mobile app security".split(
    " ",
  );
const PLATFORMS = ["chatgpt", "perplexity", "gemini", "claude", "grok", "google_ai_overview"];
const BRANDS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli"];
const SITES = ["acme.example", "globex.example", "initech.example", "review.example", "news.example"];
/** The tracker's column names, read through --map (docs/import.md, "Mapping"). */
const HEADER = ["Question", "Engine", "Date", "Response", "Brands", "Sources", "Topic"];
const MAP =
  "prompt=Question,platform=Engine,answered_at=Date,answer=Response,mentions=Brands,citations=Sources,category=Topic";

function args(argv) {
  const out = { rows: [10_000], mb: [], validateMb: [], database: undefined, write: false };
  for (let i = 0; i < argv.length; i++) {
    const list = () =>
      (argv[++i] ?? "")
        .split(",")
        .map(Number)
        .filter((n) => n > 0);
    if (argv[i] === "--rows") out.rows = list();
    else if (argv[i] === "--mb") out.mb = list();
    else if (argv[i] === "--validate-mb") out.validateMb = list();
    else if (argv[i] === "--database") out.database = argv[++i];
    else if (argv[i] === "--write") out.write = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return out;
}

/**
 * Writes a CSV of `size.rows` rows or about `size.mb` MB; with `badLast`, its last row has an
 * unknown platform. Returns its rows.
 */
async function generate(path, size, badLast) {
  const out = createWriteStream(path);
  let seed = 42;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const targetBytes = (size.mb ?? Number.POSITIVE_INFINITY) * 1024 * 1024;
  const targetRows = size.rows ?? Number.POSITIVE_INFINITY;
  let bytes = 0;
  let rows = 0;
  const write = async (line) => {
    bytes += Buffer.byteLength(line) + 1;
    if (!out.write(`${line}\n`)) await once(out, "drain");
  };
  await write(HEADER.join(","));
  const start = Date.parse("2024-01-01T00:00:00Z");
  while (bytes < targetBytes && rows < targetRows) {
    const useCase = rand(400);
    const prompt = `Which CRM is best for use case ${useCase}?`;
    const words = Array.from({ length: 140 }, () => WORDS[rand(WORDS.length)]).join(" ");
    const mentions = BRANDS.filter(() => rand(3) === 0).join(";");
    const citations = Array.from(
      { length: 1 + rand(4) },
      () => `https://${SITES[rand(SITES.length)]}/p/${rand(5000)}`,
    );
    const at = new Date(start + rows * 7000).toISOString();
    await write(
      `"${prompt}",${PLATFORMS[rand(6)]},${at},"${words}",${mentions},${citations.join(";")},Topic ${useCase % 8}`,
    );
    rows++;
  }
  if (badLast) await write(`"Bad row",bing,2024-01-01T00:00:00Z,text,,,`);
  out.end();
  await once(out, "finish");
  return rows + (badLast ? 1 : 0);
}

/**
 * Creates (and migrates) the database before the timed runs: creating a PGlite directory takes
 * seconds (its initdb and our migrations) that every later command skips, so the import is not
 * charged with it.
 */
function createDatabase(database) {
  const run = spawnSync("node", [join(DIST, "cli", "index.js"), "keys", "list", "--database", database], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`creating ${database} failed: ${run.stderr}`);
}

/** Runs the import CLI under /usr/bin/time; returns seconds, peak RSS (MB) and its summary line. */
function runImport(file, database) {
  const cli = join(DIST, "cli", "index.js");
  const flags = ["import", file, "--project", "Bench", "--brand", "Acme", "--domains", "acme.example"];
  flags.push("--competitors", "Globex=globex.example,Initech=initech.example", "--map", MAP);
  flags.push("--database", database);
  // A strict import with a bad row exits 1: expected for the validate-only runs.
  const run = spawnSync("/usr/bin/time", ["-f", "TIME %e %M", "node", cli, ...flags], { encoding: "utf8" });
  const { stdout, stderr } = run;
  const m = /TIME ([\d.]+) (\d+)/.exec(stderr);
  return {
    seconds: Number(m?.[1]),
    peakMb: Math.round(Number(m?.[2]) / 1024),
    summary: stdout.trim().split("\n").at(-1),
  };
}

async function main() {
  const opts = args(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), "vreport-bench-import-"));
  const kind = opts.database ? "PostgreSQL" : "PGlite";
  const runs = [
    ...opts.rows.map((rows) => ({ size: { rows }, validateOnly: false })),
    ...opts.mb.map((mb) => ({ size: { mb }, validateOnly: false })),
    ...opts.validateMb.map((mb) => ({ size: { mb }, validateOnly: true })),
  ];
  const results = [];
  // Starting Node and opening (then closing) the database, whatever the file: a header-only import.
  const empty = join(dir, "header-only.csv");
  writeFileSync(empty, `${HEADER.join(",")}\n`);
  let startup = 0;
  const record = (mode, file, rows, run) => {
    results.push({
      mode: `${mode}, ${kind}`,
      fileMb: Math.round(statSync(file).size / 1048576),
      rows,
      seconds: run.seconds,
      startupSeconds: startup,
      rowsPerSecond: Math.round(rows / run.seconds),
      // Within a second of the startup the difference is noise, not a rate.
      rowsPerSecondAfterStartup:
        run.seconds - startup >= 1 ? Math.round(rows / (run.seconds - startup)) : null,
      peakRssMb: run.peakMb,
      summary: run.summary,
    });
    console.log(JSON.stringify(results.at(-1)));
  };
  try {
    for (const [i, { size, validateOnly }] of runs.entries()) {
      const file = join(dir, `answers-${i}.csv`);
      const rows = await generate(file, size, validateOnly);
      const database = opts.database ?? join(dir, `db-${i}`);
      createDatabase(database);
      // The median of three: one start is at the mercy of the machine's load.
      startup = [0, 1, 2].map(() => runImport(empty, database).seconds).sort((a, b) => a - b)[1];
      record(
        validateOnly ? "validate only (strict, bad last row)" : "full import",
        file,
        rows,
        runImport(file, database),
      );
      if (!validateOnly) record("re-import (nothing changed)", file, rows, runImport(file, database));
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const lines = [
    "| run | file | rows | time | rows/s | startup | rows/s after startup | peak RSS | summary |",
    "|---|---|---|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.mode} | ${r.fileMb} MB | ${r.rows.toLocaleString("en-US")} | ${r.seconds} s | ${r.rowsPerSecond.toLocaleString("en-US")} | ${r.startupSeconds} s | ${r.rowsPerSecondAfterStartup?.toLocaleString("en-US") ?? "– (within 1 s of startup)"} | ${r.peakRssMb} MB | ${r.summary.replace(/^.*?: /, "")} |`,
    ),
  ];
  console.log(`\n${lines.join("\n")}`);
  if (opts.write) writeImportSection(join(ROOT, "BENCHMARKS.md"), process.argv.slice(2), lines);
}

await main();
