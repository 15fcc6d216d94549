/** Writes BENCHMARKS.md from the per-area records of the latest runs. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { placeImportSection, readImportSection } from "./_import-section.mjs";
import { monthEndSection, monthEndTargets } from "./_month-end-report.mjs";
import { BENCH } from "./_paths.mjs";

const ms = (v) =>
  v === null || v === undefined || Number.isNaN(v)
    ? "–"
    : v >= 1000
      ? `${(v / 1000).toFixed(2)} s`
      : `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const mb = (kb) => (kb ? `${(kb / 1024).toFixed(0)} MB` : "–");
const bytes = (b) =>
  b === null || b === undefined
    ? "–"
    : b >= 1_048_576
      ? `${(b / 1_048_576).toFixed(2)} MB`
      : `${(b / 1024).toFixed(0)} KB`;
const num = (v, d = 0) =>
  v === null || v === undefined || Number.isNaN(v)
    ? "–"
    : v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const x = (v) => (v === null || v === undefined || Number.isNaN(v) ? "–" : `${v.toFixed(2)}×`);

function table(head, rows) {
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

/** "; the median of N storm runs (each: …)" when a storm row was measured several times. */
const perRun = (st, show) =>
  st.runs && st.runs.length > 1
    ? `; the median of ${st.runs.length} runs (each: ${st.runs.map(show).join("; ")})`
    : "";

/** A load run's latency, or "none answered" when no request completed (autocannon reports 0). */
const answeredMs = (run, field) => (run.total > 0 ? ms(run[field]) : "none answered");
const statCells = (s) => [num(s?.n), ms(s?.min), ms(s?.median), ms(s?.p95)];

function dated(record, runInfo) {
  if (!record) return "_Not run yet._";
  const when = record.date.slice(0, 16).replace("T", " ");
  const older = record.date < runInfo.date.slice(0, 10) || !runInfo.areas.includes(record.area);
  const load = record.loadavg
    ? ` 1-minute load average ${record.loadavg.before[0].toFixed(2)} before, ${record.loadavg.after[0].toFixed(2)} after`
    : "";
  const parts = [
    `Measured ${when} UTC by \`${record.command}\` (area took ${ms(record.elapsedMs)};${load}).`,
  ];
  if (older) parts.push("**From an earlier run than the rest of this file.**");
  if (record.quick) parts.push("**Quick mode: few samples; development figures only.**");
  if (!record.result.ok) parts.push(`\n\n**This area failed, nothing measured:** ${record.result.error}`);
  return parts.join(" ");
}

/** Each target the project set itself (latency, load, formats, profile, demo, suite) with its measured value. */
function targets(records) {
  const s = records.service?.result;
  const g = records.generation?.result;
  const out = [];
  const add = (topic, target, value, met, note = "") =>
    out.push([topic, target, value, met === null ? "not measured" : met ? "**met**" : "**not met**", note]);
  const pgliteReport = s?.pglite?.find((r) => r.id === "getReport");
  add(
    "API latency",
    "`/visibility/report` p95 ≤ 300 ms (scale 1, PGlite, 90d)",
    ms(pgliteReport?.p95),
    pgliteReport?.p95 ? pgliteReport.p95 <= 300 : null,
  );
  const focused = (s?.pglite ?? []).filter((r) => !r.report && r.status === 200);
  const worst = focused.reduce((w, r) => (!w || r.p95 > w.p95 ? r : w), null);
  const failed = (s?.pglite ?? []).filter((r) => r.status !== 200);
  add(
    "API latency",
    "every focused endpoint p95 ≤ 50 ms (scale 1, PGlite)",
    worst ? `worst ${ms(worst.p95)} (${worst.id})` : "–",
    worst ? worst.p95 <= 50 && failed.length === 0 : null,
    `${focused.filter((r) => r.p95 <= 50).length} of ${focused.length + failed.length} endpoints within${failed.length ? `; ${failed.length} not answering 200` : ""}`,
  );
  const pgReport = s?.postgres?.find((r) => r.id === "getReport");
  add(
    "API latency",
    "`/visibility/report` p95 ≤ 1 s (scale 10, PostgreSQL, 90d)",
    ms(pgReport?.p95),
    pgReport?.p95 ? pgReport.p95 <= 1000 : null,
  );
  const r79 = s?.report7vs90;
  add(
    "API latency",
    "90d report ≤ 2× the 7d report (scale 10, PostgreSQL)",
    r79 ? `${x(r79.ratio)} (medians ${ms(r79.d90.median)} / ${ms(r79.d7.median)})` : "–",
    r79 ? r79.ratio <= 2 : null,
    r79 ? `p95 ratio ${x(r79.d90.p95 / r79.d7.p95)}` : "",
  );
  const c200 = (s?.throughput ?? []).filter((t) => t.connections === 200);
  const errs = c200.reduce((n, t) => n + t.errors + t.non2xx + t.timeouts, 0);
  add(
    "API latency",
    "200 concurrent connections to focused endpoints: no error",
    c200.length ? `${errs} errors in ${num(c200.reduce((n, t) => n + t.total, 0))} requests` : "–",
    c200.length ? errs === 0 : null,
    c200.map((t) => `${t.target} ${num(t.requestsPerSec)} req/s`).join("; "),
  );
  // A cached 200 from the in-process level (not a 304 row, not a Redis-only row).
  const servedFromMemory = (r) => r.cached && !r.revalidated && !r.redis;
  // Cached focused endpoints at 50 connections, at least 30 % of the bare Fastify
  // ceiling measured in the same run; the slowest of the three decides.
  for (const label of ["PGlite s1", "PostgreSQL s10"]) {
    const ceiling = s?.ceiling?.requestsPerSec;
    const rows = (s?.throughput ?? []).filter(
      (r) => servedFromMemory(r) && r.connections === 50 && r.target.startsWith(`${label} `),
    );
    const worst = [...rows].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[0];
    add(
      "Service under load",
      `cached overview, leaderboard, prompts ≥ 30 % of the bare Fastify ceiling (${label}, 50 connections)`,
      worst && ceiling ? `${(100 * (worst.requestsPerSec / ceiling)).toFixed(1)} % (${worst.id})` : "–",
      worst && ceiling ? worst.requestsPerSec >= 0.3 * ceiling : null,
      worst && ceiling
        ? `${rows.map((r) => `${r.id} ${num(r.requestsPerSec)} req/s`).join(", ")}; ceiling ${num(ceiling)} req/s`
        : "",
    );
  }
  // 304 answers (If-None-Match with the current ETag) at least as fast as the cached
  // 200s of the same endpoint; the Redis level's figure stated beside them.
  for (const label of ["PGlite s1", "PostgreSQL s10"]) {
    const at = (r) => r.connections === 50 && r.target.startsWith(`${label} `);
    const all = (s?.throughput ?? []).filter(at);
    const pairs = all
      .filter((r) => r.revalidated)
      .map((r304) => ({
        r304,
        r200: all.find((r) => servedFromMemory(r) && r.id === r304.id),
      }))
      .filter((p) => p.r200);
    const slowest = [...pairs].sort(
      (a, b) => a.r304.requestsPerSec / a.r200.requestsPerSec - b.r304.requestsPerSec / b.r200.requestsPerSec,
    )[0];
    const ok = pairs.every((p) => (p.r304.statusCodes?.["304"] ?? 0) === p.r304.total && p.r304.errors === 0);
    add(
      "Service under load",
      `cached reads: 304 answers at least as fast as 200s (${label}, 50 connections, overview, leaderboard, prompts)`,
      slowest ? `${x(slowest.r304.requestsPerSec / slowest.r200.requestsPerSec)} (${slowest.r304.id})` : "–",
      slowest ? ok && slowest.r304.requestsPerSec >= slowest.r200.requestsPerSec : null,
      pairs
        .map((p) => `${p.r304.id} ${num(p.r304.requestsPerSec)} vs ${num(p.r200.requestsPerSec)} req/s`)
        .join("; "),
    );
    const redis = all.filter((r) => r.redis);
    const ceiling = s?.ceiling?.requestsPerSec;
    if (redis.length)
      out.push([
        "Service under load",
        `cached reads from the Redis level alone, stated beside the in-process figures (${label}, 50 connections)`,
        redis.map((r) => `${r.id} ${num(r.requestsPerSec)} req/s`).join(", "),
        "stated",
        ceiling
          ? `${redis.map((r) => `${((100 * r.requestsPerSec) / ceiling).toFixed(1)} %`).join(", ")} of the ceiling; one Redis GET per request, no in-process level`
          : "",
      ]);
  }
  // Uncached getOverview at least twice the figures measured before the response cache and the
  // work pool existed (98 and 534 req/s).
  for (const [label, before] of [
    ["PGlite s1", 98],
    ["PostgreSQL s10", 534],
  ]) {
    const t = (s?.throughput ?? []).find((r) => r.target === `${label} getOverview uncached`);
    add(
      "Service under load",
      `uncached getOverview ≥ 2× ${before} req/s (${label}, 50 connections)`,
      t ? `${num(t.requestsPerSec)} req/s (${x(t.requestsPerSec / before)})` : "–",
      t ? t.requestsPerSec >= 2 * before && t.errors + t.non2xx + t.timeouts === 0 : null,
    );
  }
  // Uncached 90d reports at 50 connections on PostgreSQL s10, p99 ≤ 1 s and no timeout.
  for (const shedding of [true, false]) {
    const t = (s?.throughput ?? []).find((r) => r.id === "getReport" && r.shedding === shedding);
    const codes = Object.entries(t?.statusCodes ?? {})
      .map(([c, n]) => `${num(n)} × ${c}`)
      .join(", ");
    add(
      "Service under load",
      `uncached \`/visibility/report?range=90d\` at 50 connections: p99 ≤ 1 s, 0 timeouts (PostgreSQL s10, load shedding ${shedding ? "on: a 503 counts as an answer" : "off: every report computed"})`,
      t ? `p99 ${ms(t.latencyP99)}, ${num(t.timeouts)} timeouts` : "–",
      t ? t.latencyP99 <= 1000 && t.timeouts === 0 && t.errors === 0 : null,
      t ? `${codes}; ${num((t.ok2xx ?? 0) / t.wallSec, 1)} reports computed per second` : "",
    );
  }
  for (const st of s?.storms ?? []) {
    const codes = Object.keys(st.storm.statusCodes ?? {});
    add(
      "Service under load",
      `200 connections of reports: every request answered 200 or 503 within 5 s (${st.label})`,
      `${num(st.storm.total)} answered, max ${ms(st.storm.latencyMax)}`,
      st.storm.errors === 0 &&
        st.storm.timeouts === 0 &&
        st.storm.latencyMax <= 5000 &&
        codes.every((c) => c === "200" || c === "503"),
      `${Object.entries(st.storm.statusCodes ?? {})
        .map(([c, n]) => `${num(n)} × ${c}`)
        .join(
          ", ",
        )}; errors ${st.storm.errors}, timeouts ${st.storm.timeouts}${perRun(st, (r) => `${r.storm.errors} errors (timeouts included)`)}`,
    );
    add(
      "Service under load",
      `\`/projects\` p99 ≤ 100 ms during that storm (${st.label})`,
      answeredMs(st.projects, "latencyP99"),
      // No answer at all within the storm is a failure, not a p99 of 0.
      st.projects.total > 0 && st.projects.errors === 0 && st.projects.non2xx === 0
        ? st.projects.latencyP99 <= 100
        : false,
      `p50 ${ms(st.projects.latencyP50)}, ${num(st.projects.total)} requests${perRun(st, (r) => answeredMs(r.projects, "latencyP99"))}`,
    );
    add(
      "Service under load",
      `key B's report p99 ≤ 2× idle while key A storms (${st.label})`,
      `${answeredMs(st.keyBBusy, "latencyP99")} vs ${answeredMs(st.keyBIdle, "latencyP99")} idle`,
      st.keyBIdle.total > 0 && st.keyBBusy.total > 0 && st.keyBBusy.non2xx === 0
        ? st.keyBBusy.latencyP99 <= 2 * st.keyBIdle.latencyP99
        : false,
      `p50 ${ms(st.keyBBusy.latencyP50)} vs ${ms(st.keyBIdle.latencyP50)}; ${num(st.keyBBusy.total)} requests, ${num(st.keyBBusy.non2xx)} not 200${perRun(st, (r) => `${answeredMs(r.keyBBusy, "latencyP99")} vs ${answeredMs(r.keyBIdle, "latencyP99")}`)}`,
    );
  }
  add(
    "PDF",
    "demo PDF (90d) < 1.5 MB",
    bytes(g?.sizes?.pdf),
    g?.sizes?.pdf ? g.sizes.pdf < 1.5 * 1_048_576 : null,
  );
  add(
    "PDF",
    "warm-browser PDF render ≤ 600 ms (median)",
    ms(g?.warm?.pdf?.median),
    g?.warm?.pdf ? g.warm.pdf.median <= 600 : null,
    g?.warm?.pdf ? `p95 ${ms(g.warm.pdf.p95)}` : "",
  );
  add(
    "PDF",
    "cold `generate --format pdf` ≤ 3 s (median)",
    ms(g?.cold?.pdf?.median),
    g?.cold?.pdf ? g.cold.pdf.median <= 3000 : null,
    g?.cold?.pdf ? `min ${ms(g.cold.pdf.min)}` : "",
  );
  add(
    "Workbook",
    "demo workbook ≤ 1.5 s (warm render, median)",
    ms(g?.warm?.xlsx?.median),
    g?.warm?.xlsx ? g.warm.xlsx.median <= 1500 : null,
    g?.cold?.xlsx ? `cold \`generate --format xlsx\` median ${ms(g.cold.xlsx.median)}` : "",
  );
  add(
    "HTML report",
    "demo HTML ≤ 2 MB",
    bytes(g?.sizes?.html),
    g?.sizes?.html ? g.sizes.html <= 2 * 1_048_576 : null,
  );
  add(
    "Workbook",
    "demo workbook < 1 MB",
    bytes(g?.sizes?.xlsx),
    g?.sizes?.xlsx ? g.sizes.xlsx < 1_048_576 : null,
  );
  // The median of the runs, like every other time target here; the slowest is shown beside it.
  const big = [...(g?.xlsx100k ?? [])].sort((a, b) => a.ms - b.ms);
  const mid = big[Math.floor((big.length - 1) / 2)];
  const slowest = big.at(-1);
  add(
    "Workbook",
    "synthetic 100,000-row answers section XLSX ≤ 4 s (median), memory reported",
    mid ? `${ms(mid.ms)} (median of ${big.length})` : "–",
    mid ? mid.ms <= 4000 : null,
    mid
      ? `slowest ${ms(slowest.ms)}; peak RSS ${mb(Math.max(...big.map((r) => r.maxRssKb)))} (from ${mb(mid.rssBeforeKb)} before rendering), file ${bytes(mid.bytes)}`
      : "",
  );
  // The client profile against the full one, measured side by side in this run.
  const sz = g?.sizes;
  add(
    "Client profile",
    "client-profile demo PDF (90d) ≤ 12 A4 pages and ≤ 1 MB",
    sz?.pdfPages ? `${num(sz.pdfPages)} pages, ${bytes(sz.pdf)}` : "–",
    sz?.pdfPages ? sz.pdfPages <= 12 && sz.pdf <= 1_048_576 : null,
    sz?.pdfFullPages ? `full profile: ${num(sz.pdfFullPages)} pages, ${bytes(sz.pdfFull)}` : "",
  );
  add(
    "Client profile",
    "client-profile demo Markdown ≤ 25 KB",
    bytes(sz?.md),
    sz?.md ? sz.md <= 25 * 1024 : null,
  );
  const [client, full] = [g?.cold?.pdf, g?.cold?.["pdf-full"]];
  add(
    "Client profile",
    "cold `generate --format pdf`: client profile ≤ 0.8× the full profile (medians)",
    client && full ? `${x(client.median / full.median)} (${ms(client.median)} / ${ms(full.median)})` : "–",
    client && full ? client.median <= 0.8 * full.median : null,
  );
  const b = g?.batches;
  add(
    "Client profile",
    "client-profile PDFs per minute ≥ 1.4× the full profile's (one browser)",
    b
      ? `${x(b.client.perMinute / b.full.perMinute)} (${num(b.client.perMinute, 1)} / ${num(b.full.perMinute, 1)} per minute)`
      : "–",
    b ? b.client.perMinute >= 1.4 * b.full.perMinute : null,
  );
  const streamed = g?.answersStream ?? [];
  const [few, many] = [streamed[0], streamed.at(-1)];
  add(
    "Client profile",
    "`--answers all` workbook streamed with memory bounded (peak RSS flat from 20,000 to 100,000 answers, heap capped)",
    many?.failed
      ? `${num(many.rows)} answers: ${many.failed} (heap ${many.heapMb} MB)`
      : many
        ? `${mb(few.maxRssKb)} → ${mb(many.maxRssKb)}`
        : "–",
    many && streamed.length > 1 ? !many.failed && !few.failed && many.maxRssKb <= few.maxRssKb * 1.5 : null,
    many && !many.failed ? `${num(many.rows)} answers in ${ms(many.ms)}, file ${bytes(many.bytes)}` : "",
  );
  const demo = records.demo?.result;
  add(
    "First demo",
    "`vreport seed` (demo, PGlite, scale 1, fresh directory) < 30 s (median)",
    ms(demo?.seedMedianMs),
    demo?.ok ? demo.seedMedianMs < 30_000 : null,
    demo?.ok ? `runs ${demo.seedMs.map(ms).join(", ")}; the whole process` : "",
  );
  add(
    "First demo",
    "first `npm run demo` on a fresh clone < 2.5 min",
    ms(demo?.firstDemoMs),
    demo?.ok ? demo.firstDemoMs < 150_000 : null,
    demo?.ok
      ? `empty npm cache; Debian packages ${demo.debianInstalled ? "installed in the run" : "already present"}`
      : "",
  );
  const mcp = records.mcp?.result;
  add(
    "MCP",
    "a `vreport mcp` tool call adds ≤ 10 ms to the direct API call (median of paired samples, every tool timed)",
    mcp?.ok ? `worst ${ms(mcp.worstAddedMedianMs)}` : "–",
    mcp?.ok ? mcp.worstAddedMedianMs <= 10 : null,
    mcp?.ok ? mcp.rows.map((r) => `${r.tool} ${ms(r.added.median)}`).join(", ") : "",
  );
  const suite = records.suite?.result;
  add(
    "Test suite",
    "`npm test` (both databases) ≤ 240 s on this machine",
    suite?.ok ? `${ms(suite.current.ms)} (baseline ${ms(suite.baseline.ms)}, ${x(suite.ratio)})` : "–",
    suite?.ok ? suite.current.failed === 0 && suite.current.ms <= 240_000 : null,
    suite?.ok
      ? `${num(suite.current.passed)} tests today, ${num(suite.baseline.passed)} at the baseline`
      : "",
  );
  add(
    "Fast test tier",
    "`npm run test:unit` (no database, service, browser or child process) ≤ 60 s",
    suite?.ok && suite.unit ? ms(suite.unit.ms) : "–",
    suite?.ok && suite.unit ? suite.unit.failed === 0 && suite.unit.ms <= 60_000 : null,
    suite?.ok && suite.unit ? `${num(suite.unit.passed)} tests` : "",
  );
  monthEndTargets(records["month-end"], { add, ms, num, x });
  return table(["Topic", "Target", "Measured", "Verdict", "Detail"], out);
}

function latencyTable(rows) {
  return table(
    ["Endpoint", "n", "min", "p50", "p95", "max"],
    rows.map((r) =>
      r.status === 200
        ? [`\`${r.id}\``, num(r.n), ms(r.min), ms(r.median), ms(r.p95), ms(r.max)]
        : [`\`${r.id}\``, "–", `HTTP ${r.status}: ${r.error}`, "", "", ""],
    ),
  );
}

function serviceSection(rec, runInfo) {
  const lines = ["## Service", "", dated(rec, runInfo), ""];
  const s = rec?.result;
  if (!s?.ok) return lines.join("\n");
  lines.push(
    `Latency is measured sequentially (one request in flight) by \`fetch\` in the bench process against the service in the same process, over loopback with keep-alive; ranged endpoints with \`range=90d\`, ids taken from the demo data. The response cache is off, so every sample is a computed answer (what a first request costs); the throughput table's rows are of the cached service (the default, docs/api.md) unless labelled \`uncached\`. ${
      [...(s.pglite ?? []), ...(s.postgres ?? [])].some((r) => r.status !== 200 || r.bad > 0)
        ? "**Some samples did not answer 200: see the rows.**"
        : "Every sample answered 200."
    }`,
    "",
    "### Latency at demo scale 1 on PGlite",
    "",
    latencyTable(s.pglite ?? []),
    "",
  );
  if (s.postgres) lines.push("### Latency at demo scale 10 on PostgreSQL", "", latencyTable(s.postgres), "");
  if (s.report7vs90)
    lines.push(
      "### 7d against 90d report at scale 10 (PostgreSQL)",
      "",
      table(
        ["Range", "n", "min", "p50", "p95"],
        [
          ["7d", ...statCells(s.report7vs90.d7)],
          ["90d", ...statCells(s.report7vs90.d90)],
        ],
      ),
      "",
      `90d / 7d (medians): ${x(s.report7vs90.ratio)}.`,
      "",
    );
  const ceiling = s.ceiling?.requestsPerSec;
  lines.push(
    "### Throughput",
    "",
    `autocannon runs as a separate Node process (\`bench/_load.mjs\`) against the service in the bench process, on the same 2-core machine, so load generator and server share the CPUs. 50 connections run for a fixed time; 200 connections send a fixed number of requests (all 200 at once, then again if the Load column says so), because on a slow backend a short fixed time ends before the first of 200 queued answers arrives. Between rows the bench waits for the server to work off what the previous row left queued. req/s = completed requests / wall time of the row. Rows labelled \`304\` send the answer's current ETag in \`If-None-Match\` and are answered 304 without a body (autocannon counts a 304 as non-2xx); rows labelled \`Redis cache only\` are served by a service whose cache has no in-process level (\`maxBytes\` 0), so every request reads its answer from Redis (\`REDIS_URL\`, default the local one). The ceiling is a bare Fastify route returning a constant JSON body, served by the bench process under the same 50-connection load: **${num(ceiling)} req/s**.`,
    "",
    table(
      [
        "Target",
        "Connections",
        "Load",
        "req/s",
        "vs ceiling",
        "p50",
        "p97.5",
        "p99",
        "Requests",
        "Errors",
        "Non-2xx",
        "Timeouts",
      ],
      s.throughput.map((t) => [
        t.target,
        num(t.connections),
        t.mode,
        num(t.requestsPerSec),
        ceiling ? `${((t.requestsPerSec / ceiling) * 100).toFixed(1)}%` : "–",
        ms(t.latencyP50),
        ms(t.latencyP97_5),
        ms(t.latencyP99),
        num(t.total),
        num(t.errors),
        num(t.non2xx),
        num(t.timeouts),
      ]),
    ),
    "",
  );
  if (s.storms?.length)
    lines.push(
      "### A storm of reports against the expensive lane",
      "",
      'Response cache off (every report is computed), default lane sizes (docs/api.md, "Load shedding"), rate limit off, 90d reports. Key B first asks alone on one connection (idle); then key A opens 200 connections of reports (5 s timeout per request) while, at the same time, key B repeats its run and key C asks for `/projects` on one connection, each load in its own autocannon process. Latencies from autocannon (whole milliseconds).',
      "",
      table(
        [
          "Database",
          "Storm",
          "Answered",
          "By status",
          "Errors",
          "Timeouts",
          "Storm p99",
          "Storm max",
          "`/projects` p50",
          "`/projects` p99",
          "Key B p99 idle",
          "Key B p99 in storm",
        ],
        s.storms.map((st) => [
          st.label,
          `200 conns, ${st.duration} s`,
          num(st.storm.total),
          Object.entries(st.storm.statusCodes ?? {})
            .map(([c, n]) => `${num(n)} × ${c}`)
            .join(", "),
          num(st.storm.errors),
          num(st.storm.timeouts),
          ms(st.storm.latencyP99),
          ms(st.storm.latencyMax),
          answeredMs(st.projects, "latencyP50"),
          answeredMs(st.projects, "latencyP99"),
          answeredMs(st.keyBIdle, "latencyP99"),
          answeredMs(st.keyBBusy, "latencyP99"),
        ]),
      ),
      "",
    );
  for (const n of s.notes ?? []) lines.push(`- ${n}`);
  return lines.join("\n");
}

function seedingSection(runInfo, records) {
  const setup = records.scale?.setup ?? records.service?.setup ?? runInfo.setup;
  const rows = [];
  const row = (label, m) =>
    m &&
    rows.push([
      label,
      num(m.answers),
      ms(m.seedMs),
      m.aggregateMs === null ? "included in the seed (`loadDemo`)" : ms(m.aggregateMs),
      m.cached ? `cached (seeded ${m.seededAt.slice(0, 16).replace("T", " ")})` : "seeded in this run",
    ]);
  row("PGlite, scale 1", setup?.pglite);
  for (const [scale, m] of Object.entries(setup?.pg ?? {})) row(`PostgreSQL, scale ${scale}`, m);
  return [
    "## Seeding",
    "",
    "The bench databases are seeded as of 2026-11-01 and reused while a marker (as-of day, scale, hash of the compiled seed, migration and aggregate code) matches; the times are those of the run that seeded them. `npm run bench -- --fresh` reseeds, `-- --drop` drops the PostgreSQL ones.",
    "",
    table(
      ["Database", "Answers", "Seed (as `vreport seed`)", "Separate aggregate refresh", "This run"],
      rows,
    ),
    "",
    `Database preparation in this run: ${ms(runInfo.setup?.setupMs)}.`,
  ].join("\n");
}

function generationSection(rec, runInfo) {
  const lines = ["## Generation", "", dated(rec, runInfo), ""];
  const g = rec?.result;
  if (!g?.ok) return lines.join("\n");
  lines.push(
    "### Cold `vreport generate` (new process each run, demo database present)",
    "",
    "`node dist/cli/index.js generate --range 90d --format <f> --profile <p> --as-of 2026-11-01 --database bench/results/db-pglite-s1`: process start, PGlite open, embedded service, fetch, render, exit. The client profile (the default) unless the row says `full`. The runs of the different rows alternate (one of each per round), so the machine's drift during the run weighs on every row alike. Peak memory: the Node process's VmHWM and the summed RSS of its Chromium processes, polled every 50 ms during one more run per format (polling costs CPU, so the timed runs are not polled).",
    "",
    table(
      ["Format", "n", "min", "p50", "p95", "Node peak RSS", "Chromium peak RSS"],
      Object.entries(g.cold).map(([f, s]) => [
        f.replace("-", " "),
        ...statCells(s),
        mb(s.nodePeakKb),
        s.chromiumPeakKb ? mb(s.chromiumPeakKb) : "–",
      ]),
    ),
    "",
    `### Warm render inside one process (90d demo view, browser already running)`,
    "",
    `Client profile. Pipeline stages before rendering, once: fetch ${ms(g.stages.fetchMs)} (all endpoints, over loopback), model and view ${ms(g.stages.modelMs)}, charts ${ms(g.stages.chartsMs)}. The first PDF of the process, browser launch included: ${ms(g.firstPdfMs)}.`,
    "",
    table(
      ["Backend", "n", "min", "p50", "p95"],
      ["pdf", "pdf-accessible", "xlsx", "md", "html"]
        .filter((f) => g.warm[f])
        .map((f) => [f === "pdf-accessible" ? "pdf --accessible (tagged)" : f, ...statCells(g.warm[f])]),
    ),
    "",
    ...(g.warm["pdf-accessible"] && g.sizes.pdfAccessible
      ? [
          `The tagged PDF (\`--accessible\`, docs/accessibility.md) prints the report as one document twice, to learn the layout and then tagged: ${num(g.warm["pdf-accessible"].median / (g.taggedDefault?.untaggedMedianMs ?? g.warm.pdf.median), 2)}× the untagged render's median time${g.taggedDefault ? " (A/B, below)" : ""}, ${num(g.sizes.pdfAccessible / g.sizes.pdf, 2)}× its size (${bytes(g.sizes.pdfAccessible)} against ${bytes(g.sizes.pdf)}).`,
          "",
          ...(g.taggedDefault
            ? [
                `**Tagged by default?** Measured A/B (one untagged and one tagged print of the same view per round, n=${g.warm["pdf-accessible"].n}, on the machine described at the top, load average ${g.taggedDefault.loadAverage.map((l) => num(l, 2)).join(", ")} after): the tagged print's median ${ms(g.taggedDefault.taggedMedianMs)} is ${num(g.taggedDefault.ratio, 2)}× the untagged one's ${ms(g.taggedDefault.untaggedMedianMs)}. The rule (docs/accessibility.md) makes the PDF tagged by default at ${num(g.taggedDefault.maxRatio, 2)}× or less: **${g.taggedDefault.taggedByDefault ? "tagged by default" : "untagged by default; `--accessible` asks for the tagged print"}**.`,
                "",
              ]
            : []),
        ]
      : []),
    ...(g.previewReload
      ? [
          `\`vreport preview\` (docs/preview.md) rebuilds the 90-day demo page after a change to the notes file in a median ${ms(g.previewReload.median)} (p95 ${ms(g.previewReload.p95)}, n=${g.previewReload.n}), from the file's last event to the rebuilt page; the browser's reload comes on top.`,
          "",
        ]
      : []),
    "### A batch through one browser",
    "",
    `${g.batches.client.n} reports of each profile (fetch, model, charts, PDF), one client and one full report in turn through one browser; reports per minute = reports / the sum of their times.`,
    "",
    table(
      ["Profile", "Reports", "Total", "Reports per minute", "min", "p50", "p95"],
      Object.entries(g.batches).map(([profile, b]) => [
        profile,
        num(b.n),
        ms(b.totalMs),
        `**${num(b.perMinute, 1)}**`,
        ms(b.min),
        ms(b.median),
        ms(b.p95),
      ]),
    ),
    "",
    `Peak memory: bench process (service, PGlite and generator in one Node process) ${mb(g.memory.benchNodeMaxRssKb)} max RSS over the warm renders and the batch; Chromium (all its processes) ${mb(g.memory.chromiumPeakKb)}, polled every 100 ms during the batch (not during the timed warm renders).`,
    "",
    "### Synthetic 100,000-row answers section (XLSX)",
    "",
    "The demo view with its answers table grown to 100,000 rows (each row's text made distinct), rendered by the XLSX backend in a fresh Node process per run.",
    "",
    table(
      ["Run", "Rows × columns", "Time", "File", "RSS before render", "Peak RSS"],
      g.xlsx100k.map((r, i) => [
        String(i + 1),
        `${num(r.rows)} × ${r.columns}`,
        ms(r.ms),
        bytes(r.bytes),
        mb(r.rssBeforeKb),
        mb(r.maxRssKb),
      ]),
    ),
    "",
    ...(g.answersStream?.length
      ? [
          "### The streamed answers workbook (`--answers all`)",
          "",
          `Synthetic answers (about 1.5 KB of text each, distinct) streamed into the answers workbook in a fresh Node process per size, its heap capped at ${g.answersStream[0].heapMb} MB: memory stays flat as the answers grow.`,
          "",
          table(
            ["Answers", "Time", "File", "Peak RSS"],
            g.answersStream.map((r) =>
              r.failed
                ? [num(r.rows), r.failed, "–", "–"]
                : [num(r.rows), ms(r.ms), bytes(r.bytes), mb(r.maxRssKb)],
            ),
          ),
          "",
        ]
      : []),
    "## Sizes of the demo report (90d, scale 1)",
    "",
    table(
      ["Format", "Size"],
      [
        ["PDF (client profile)", `${bytes(g.sizes.pdf)}, ${num(g.sizes.pdfPages)} pages`],
        ["PDF (full profile)", `${bytes(g.sizes.pdfFull)}, ${num(g.sizes.pdfFullPages)} pages`],
        ...(g.sizes.pdfAccessible
          ? [
              [
                "PDF, tagged (`--accessible`)",
                `${bytes(g.sizes.pdfAccessible)}, ${num(g.sizes.pdfAccessiblePages)} pages`,
              ],
            ]
          : []),
        ["XLSX", bytes(g.sizes.xlsx)],
        ["Markdown (client profile)", bytes(g.sizes.md)],
        [`Markdown assets (${g.sizes.mdAssetFiles} files)`, bytes(g.sizes.mdAssets)],
        ["Markdown with assets", bytes(g.sizes.md + g.sizes.mdAssets)],
        ...(g.sizes.html ? [["HTML (client profile, self-contained)", bytes(g.sizes.html)]] : []),
      ],
    ),
  );
  return lines.join("\n");
}

function peersSection(rec, runInfo) {
  const lines = ["## Peers: the same report, the same run", "", dated(rec, runInfo), ""];
  const r = rec?.result;
  if (!r?.ok) return lines.join("\n");
  lines.push(
    `All rows print the same 90d demo view. Ours prints the cover and the body as two documents from our templates; (a) and (c) print the same templates as one document (${bytes(r.htmlBytes)}, contents page numbers filled in); (b) prints our Markdown report with md-to-pdf's own stylesheet. Ratios are against our PDF backend with a warm browser; the second row shows ours with a browser launched per report, the like-for-like comparison with (a) and (b), which launch one per call. Ours runs Chromium's headless shell build (\`chromium-headless-shell\`, see docs/architecture.md); (a) and (b) run \`/usr/bin/chromium\`, as a default setup would.`,
    "",
    table(
      [
        "Pipeline",
        "n",
        "min",
        "p50",
        "p95",
        "Time ratio",
        "Size",
        "Size ratio",
        "Pages",
        "Page size",
        "Tagged",
        "Images",
      ],
      r.peers.map((p) =>
        p.error
          ? [
              p.label,
              "–",
              p.error,
              "",
              "",
              p.stoppedAfterMs ? `> ${x(p.stoppedAfterMs / r.peers[0].median)}` : "",
              "",
              "",
              "",
              "",
              "",
              "",
            ]
          : [
              p.label,
              ...statCells(p),
              x(p.timeRatio),
              bytes(p.bytes),
              x(p.sizeRatio),
              num(p.pages),
              p.pageSize ?? "–",
              p.tagged ?? "–",
              num(p.imageCount),
            ],
      ),
    ),
    "",
    "First and third pages of each are written to `bench/results/peers/*-p1.png` and `*-p3.png` (60 dpi).",
    "",
  );
  const notes = join(BENCH, "peer-observations.md");
  if (existsSync(notes)) lines.push(readFileSync(notes, "utf8").trim());
  return lines.join("\n");
}

function scaleSection(rec, runInfo) {
  const lines = ["## Scale curve (PostgreSQL, 90d)", "", dated(rec, runInfo), ""];
  const r = rec?.result;
  if (!r?.ok) return lines.join("\n");
  const base = r.rows.find((row) => row.scale === 1);
  lines.push(
    "Server time: `/visibility/report` latency. Report time: the whole pipeline in one process (fetch of every endpoint, model, charts, PDF with a warm browser).",
    "",
    table(
      ["Scale", "Answers", "Server p50", "Server p95", "× scale 1", "Report p50", "Report p95", "× scale 1"],
      r.rows.map((row) => [
        String(row.scale),
        num(row.answers),
        ms(row.serverMs.median),
        ms(row.serverMs.p95),
        base ? x(row.serverMs.median / base.serverMs.median) : "–",
        ms(row.reportMs.median),
        ms(row.reportMs.p95),
        base ? x(row.reportMs.median / base.reportMs.median) : "–",
      ]),
    ),
  );
  return lines.join("\n");
}

function suiteSection(rec, runInfo) {
  const lines = ["## Test suite", "", dated(rec, runInfo), ""];
  const r = rec?.result;
  if (!r?.ok) return lines.join("\n");
  lines.push(
    "The steps of each tree's own `npm test` after its bootstrap (build, typecheck, lint, every test file on PGlite and PostgreSQL; today typecheck and lint run beside the test files), today's code and the baseline commit timed before the suite was made faster, one after the other in this run.",
    "",
    table(
      ["tree", "wall time", "tests passed", "failed"],
      [
        [`baseline ${r.baselineCommit}`, ms(r.baseline.ms), num(r.baseline.passed), num(r.baseline.failed)],
        ["today", ms(r.current.ms), num(r.current.passed), num(r.current.failed)],
      ],
    ),
    "",
    `Today takes ${x(r.ratio)} the baseline's time.`,
    "",
    "Both run outside CI, so the seeded snapshots and the full demo come from the seed cache (test/_seed-cache.ts) while the code that seeds them is unchanged; a clean clone in CI seeds them, which adds about 30 s of setup before the first test file and a full demo seed (about 80 s of one core) beside the first files.",
    ...(r.unit
      ? [
          "",
          `The fast tier (\`npm run test:unit\`, test/tiers.ts) ran ${num(r.unit.passed)} tests in ${ms(r.unit.ms)} (${num(r.unit.failed)} failed).`,
        ]
      : []),
  );
  return lines.join("\n");
}

function demoSection(rec, runInfo) {
  const lines = ["## First demo and seeding", "", dated(rec, runInfo), ""];
  const d = rec?.result;
  if (!d?.ok) return lines.join("\n");
  lines.push(
    `A clean clone of commit ${d.commit} ran \`npm run demo\` with an empty npm cache (every package from the registry). Debian packages: ${d.debianInstalled ? "installed by the bootstrap in this run" : "already present, so their installation is not in this time"}. Then \`vreport seed\` ran ${d.seedMs.length} times into fresh PGlite directories, each timed as the whole process (opening and migrating the database included).`,
    "",
    table(
      ["Step", "Wall time"],
      [
        ["first `npm run demo` (install, build, seed, four formats)", ms(d.firstDemoMs)],
        ...d.seedMs.map((t, i) => [`\`vreport seed\`, run ${i + 1}`, ms(t)]),
      ],
    ),
    "",
    `Demo files: ${d.outputs.map((o) => `${o.file} (${bytes(o.bytes)})`).join(", ")}.`,
  );
  return lines.join("\n");
}

function mcpSection(rec, runInfo) {
  const lines = ["## MCP", "", dated(rec, runInfo), ""];
  const r = rec?.result;
  if (!r?.ok) return lines.join("\n");
  lines.push(
    "`vreport mcp` started as a child process over stdio by the MCP SDK's client (as an assistant's host starts it), against the PGlite bench database at scale 1 served in the bench process. Each sample calls the endpoint through the typed client, then the same endpoint through its tool; the added latency is the tool's time minus the direct call's, per sample (both answered from the service's response cache after the first call). Figures are medians and 95th percentiles of the samples.",
    "",
    table(
      ["Tool", "Samples", "Direct p50", "Via MCP p50", "Added p50", "Added p95"],
      r.rows.map((row) => [
        `\`${row.tool}\``,
        num(row.added.n),
        ms(row.direct.median),
        ms(row.mcp.median),
        ms(row.added.median),
        ms(row.added.p95),
      ]),
    ),
  );
  return lines.join("\n");
}

/** Rewrites BENCHMARKS.md. */
export function writeReport(path, runInfo, records) {
  const m = runInfo.machine;
  const doc = [
    "# Benchmarks",
    "",
    `Written by \`${runInfo.command}\` (\`bench/run.mjs\`) on ${runInfo.date.slice(0, 16).replace("T", " ")} UTC in ${ms(runInfo.totalMs)}; areas run: ${runInfo.areas.join(", ")}. Every figure below was measured by that command on the machine described here (except the Import section, measured by the command it names); none is typed by hand. Absolute times move with the machine's load, so comparisons are given as ratios measured side by side in the same run.${runInfo.quick ? " **Quick mode: development figures only.**" : ""}`,
    "",
    table(
      ["Machine", ""],
      [
        ["CPU", `${m.cpus} × ${m.cpuModel}`],
        ["Memory", `${m.memoryGb.toFixed(1)} GB`],
        ["OS", m.platform],
        ["Load average at start (1, 5, 15 min)", m.loadavg.map((l) => l.toFixed(2)).join(", ")],
        [
          "Speed check (fixed 1e8-step JS loop, median of 5; lower is faster)",
          m.calibrationMs !== undefined ? ms(m.calibrationMs) : "–",
        ],
        ["Node", m.node],
        ["Chromium", m.chromium],
        ["PostgreSQL", m.postgres],
        ["WeasyPrint", m.weasyprint],
        [
          "Packages",
          Object.entries(m.packages)
            .map(([k, v]) => `${k} ${v}`)
            .join(", "),
        ],
      ],
    ),
    "",
    "## Targets",
    "",
    targets(records),
    "",
    serviceSection(records.service, runInfo),
    "",
    generationSection(records.generation, runInfo),
    "",
    peersSection(records.peers, runInfo),
    "",
    scaleSection(records.scale, runInfo),
    "",
    seedingSection(runInfo, records),
    "",
    suiteSection(records.suite, runInfo),
    "",
    demoSection(records.demo, runInfo),
    "",
    mcpSection(records.mcp, runInfo),
    "",
    monthEndSection(records["month-end"], runInfo, { dated, table, ms, num, mb, bytes }),
    "",
  ].join("\n");
  const kept = readImportSection(path);
  const carried = carryOver(doc, previousFile(path), records);
  writeFileSync(path, kept ? placeImportSection(carried, kept) : carried);
}

function previousFile(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** The file's `## ` sections by heading. */
function sectionsOf(text) {
  const out = new Map();
  for (const part of text.split(/\n(?=## )/)) {
    const heading = part.split("\n", 1)[0];
    if (heading.startsWith("## ")) out.set(heading, part.trimEnd());
  }
  return out;
}

// The areas whose sections a run writes, by heading, with the record each is drawn from.
const AREA_HEADINGS = [
  ["service", "## Service"],
  ["generation", "## Generation"],
  ["peers", "## Peers"],
  ["scale", "## Scale curve"],
  ["suite", "## Test suite"],
  ["demo", "## First demo"],
  ["mcp", "## MCP"],
  ["month-end", "## Month end"],
];

const CARRIED =
  "**Carried over from the previous BENCHMARKS.md:** this checkout holds no record of that area's last run (`bench/results/<area>.jsonl`), so its section and target rows are kept as they were, not measured again.";

/**
 * A checkout without an area's record (a fresh clone: `bench/results/` is not in git) keeps that
 * area's section and its target rows from the previous file, marked as carried over, instead of
 * dropping figures a partial run did not measure.
 */
function carryOver(doc, previous, records) {
  if (!previous) return doc;
  const before = sectionsOf(previous);
  let out = doc;
  for (const [area, prefix] of AREA_HEADINGS) {
    if (records[area]) continue;
    const now = [...sectionsOf(out)].find(([h]) => h.startsWith(prefix));
    const old = [...before].find(([h]) => h.startsWith(prefix));
    if (!now || !old || old[1].includes("_Not run yet._")) continue;
    const body = old[1].includes(CARRIED) ? old[1] : old[1].replace(/^(## [^\n]*\n)/, `$1\n${CARRIED}\n`);
    out = out.replace(now[1], body);
  }
  // Target rows nobody measured in this run: the previous file's row of the same topic and target.
  const oldRows = new Map(
    targetRows(previous)
      .filter((l) => !l.includes("| not measured |"))
      .map((l) => [l.split(" | ").slice(0, 2).join(" | "), l]),
  );
  const unmeasured = new Set(targetRows(out).filter((l) => l.includes("| not measured |")));
  return out
    .split("\n")
    .map((l) => {
      if (!unmeasured.has(l)) return l;
      const old = oldRows.get(l.split(" | ").slice(0, 2).join(" | "));
      if (!old) return l;
      return old.includes("(carried over)") ? old : old.replace(/ \|$/, " (carried over) |");
    })
    .join("\n");
}

/** The body rows of the file's "## Targets" table. */
function targetRows(text) {
  const section = sectionsOf(text).get("## Targets") ?? "";
  return section.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Topic |"));
}
