/**
 * CSV import benchmark (docs/import.md, "How it runs, and memory"): generates a tracker-like CSV
 * (one row per answer, ~1 KB of answer text each) and measures `vreport import` on it in its own
 * process — rows per second and peak RSS (`/usr/bin/time -f %M`) — to show that memory stays flat
 * as the file grows.
 *
 *   npm run build && node bench/import.mjs [--mb 20,100] [--validate-mb 1024] [--database postgres://…]
 *
 * --mb: sizes fully imported into a fresh database (PGlite directory unless --database);
 * --validate-mb: sizes whose last row is bad, so the strict import reads and validates the whole
 * file and writes nothing (the first pass alone: how 1 GB streams through). 0 skips either.
 */
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIST } from "./_paths.mjs";

const WORDS =
  "crm pipeline team pricing integration email startup sales free tier support onboarding dashboard report forecast contact deal automation mobile app security".split(
    " ",
  );
const PLATFORMS = ["chatgpt", "perplexity", "gemini", "claude", "grok", "google_ai_overview"];
const BRANDS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli"];
const SITES = ["acme.example", "globex.example", "initech.example", "review.example", "news.example"];

function args(argv) {
  const out = { mb: [20, 100], validateMb: [1024], database: undefined };
  for (let i = 0; i < argv.length; i++) {
    const list = () =>
      (argv[++i] ?? "")
        .split(",")
        .map(Number)
        .filter((n) => n > 0);
    if (argv[i] === "--mb") out.mb = list();
    else if (argv[i] === "--validate-mb") out.validateMb = list();
    else if (argv[i] === "--database") out.database = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return out;
}

/** Writes a CSV of about `mb` MB; with `badLast`, its last row has an unknown platform. Returns rows. */
async function generate(path, mb, badLast) {
  const out = createWriteStream(path);
  let seed = 42;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const target = mb * 1024 * 1024;
  let bytes = 0;
  let rows = 0;
  const write = async (line) => {
    bytes += Buffer.byteLength(line) + 1;
    if (!out.write(`${line}\n`)) await once(out, "drain");
  };
  await write("prompt,platform,answered_at,answer,mentions,citations,category");
  const start = Date.parse("2024-01-01T00:00:00Z");
  while (bytes < target) {
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

/** Runs the import CLI under /usr/bin/time; returns seconds, peak RSS (MB) and its summary line. */
function runImport(file, database) {
  const cli = join(DIST, "cli", "index.js");
  const flags = ["import", file, "--project", "Bench", "--brand", "Acme", "--domains", "acme.example"];
  flags.push("--competitors", "Globex=globex.example,Initech=initech.example", "--database", database);
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
  const results = [];
  try {
    for (const [mb, validateOnly] of [
      ...opts.mb.map((m) => [m, false]),
      ...opts.validateMb.map((m) => [m, true]),
    ]) {
      const file = join(dir, `answers-${mb}mb.csv`);
      const rows = await generate(file, mb, validateOnly);
      const size = statSync(file).size;
      const database = opts.database ?? join(dir, `db-${mb}-${validateOnly ? "v" : "w"}`);
      const run = runImport(file, database);
      results.push({
        mode: validateOnly ? "validate only (strict, bad last row)" : "full import",
        fileMb: Math.round(size / 1048576),
        rows,
        seconds: run.seconds,
        rowsPerSecond: Math.round(rows / run.seconds),
        peakRssMb: run.peakMb,
        summary: run.summary,
      });
      console.log(JSON.stringify(results.at(-1)));
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log("\n| mode | file | rows | time | rows/s | peak RSS |\n|---|---|---|---|---|---|");
  for (const r of results)
    console.log(
      `| ${r.mode} | ${r.fileMb} MB | ${r.rows.toLocaleString("en-US")} | ${r.seconds} s | ${r.rowsPerSecond.toLocaleString("en-US")} | ${r.peakRssMb} MB |`,
    );
}

await main();
