/** The month-end area's target rows and section of BENCHMARKS.md (the formatters are _report.mjs's). */

const pct = (v) => (v === null || v === undefined || Number.isNaN(v) ? "–" : `${(v * 100).toFixed(0)} %`);

/** The runs of a month-end record: one worker as shipped, two workers. */
const runsOf = (r) => [
  r.runs.find(
    (x) =>
      x.workers === 1 &&
      x.chartThreads !== 0 &&
      (x.concurrency ?? r.concurrencyPerWorker) === r.concurrencyPerWorker,
  ),
  r.runs.find((x) => x.workers === 2),
];
/** The run of one worker taking another number of jobs at once than the others, in records that have one. */
const otherJobsRunOf = (r) =>
  r.runs.find(
    (x) => x.workers === 1 && x.concurrency !== undefined && x.concurrency !== r.concurrencyPerWorker,
  );
/** The run of one worker drawing its charts inline, in records that have one. */
const inlineRunOf = (r) => r.runs.find((x) => x.workers === 1 && x.chartThreads === 0);

/** CPU time of one report, all processes (workers' Node and Chromium, service, PostgreSQL), in ms. */
const cpuOfReport = (run) =>
  run.cpuPerReportMs
    ? run.cpuPerReportMs.workerNode +
      run.cpuPerReportMs.chromium +
      run.cpuPerReportMs.service +
      run.cpuPerReportMs.postgres
    : null;

/**
 * What the machine can do at most: its cores over one report's CPU time (reports a minute), and
 * how many cores a run kept busy.
 */
function ceilingOf(run, cores) {
  const cpu = cpuOfReport(run);
  if (cpu === null || !cores) return null;
  return { perMinute: (cores * 60_000) / cpu, busyCores: (cpu * run.reportsPerMinute) / 60_000, cpu };
}

/** Adds the month-end targets through `add(topic, target, value, met, note)`. */
/** A cycle's print limit: its own warm print (measured just before it), else the area's one. */
function printOf(r, run) {
  const print = run.warmPrint ?? r.warmPrint;
  return { median: print.median, n: print.n, limitMs: run.printLimitMs ?? r.printLimitMs };
}

/** How the print limit was measured, in the record's own terms. */
function printLimitText(r, { ms, num }) {
  const runs = runsOf(r);
  if (runs.every((run) => run.warmPrint === undefined))
    return `Print limit: one client's ${r.month} PDF printed by a warm browser in the bench process (median of ${num(r.warmPrint.n)}: ${ms(r.warmPrint.median)}) × ${num(r.clients)} reports = ${ms(r.printLimitMs)}; the ratio is that time over the cycle's.`;
  // Records before the prints after each cycle timed them only before.
  const after = runs[0].warmPrint.medianAfter !== undefined;
  const each = runs.map(
    (run) =>
      `${ms(printOf(r, run).median)} ${after ? "around" : "before"} ${run.workers === 1 ? "one worker's" : `${num(run.workers)} workers'`}`,
  );
  const around = after ? "just before and just after" : "just before";
  return `Print limit: one client's ${r.month} PDF printed by a warm browser in the bench process ${around} each cycle, the machine's speed drifting over an area's minutes (median of ${num(printOf(r, runs[0]).n)}: ${each.join(", ")}) × ${num(r.clients)} reports; each cycle's ratio is its print limit over its time.`;
}

export function monthEndTargets(rec, { add, ms, num, x }) {
  const r = rec?.result;
  const ok = r?.ok === true;
  const [one, two] = ok ? runsOf(r) : [];
  const scope = ok ? `PostgreSQL, ${num(r.clients)} clients, PDF + XLSX + HTML emailed` : "PostgreSQL";
  const cores = rec?.machine?.cpus;
  const ceiling = ok ? ceilingOf(one, cores) : null;
  add(
    "Month end",
    `one worker's cycle ≥ 60 % of the print limit (${scope})`,
    ok ? `${pct(one.printLimitRatio)} (${num(one.reportsPerMinute, 1)} reports/min)` : "–",
    ok ? one.printLimitRatio >= 0.6 : null,
    ok
      ? `cycle ${ms(one.cycleMs)}; print limit ${ms(printOf(r, one).limitMs)} = warm PDF print ${ms(printOf(r, one).median)} × ${num(r.clients)}; median job ${ms(one.jobMs.median)}` +
          (ceiling
            ? `; one report costs ${ms(ceiling.cpu)} of CPU in all, so ${cores} cores make at most ${num(ceiling.perMinute, 1)} reports/min (${pct(printOf(r, one).limitMs / ((r.clients * 60_000) / ceiling.perMinute))} of the print limit): a warm print takes ${pct(printOf(r, one).median / ceiling.cpu)} of the CPU time a report costs`
            : "") +
          (inlineRunOf(r)
            ? `; the same worker drawing its charts inline (--chart-threads 0), run next with the service's answers cached: ${num(inlineRunOf(r).reportsPerMinute, 1)} reports/min, ${pct(inlineRunOf(r).printLimitRatio)}`
            : "") +
          (otherJobsRunOf(r)
            ? `; the same worker taking ${num(otherJobsRunOf(r).concurrency)} jobs at once, run third: ${num(otherJobsRunOf(r).reportsPerMinute, 1)} reports/min, ${pct(otherJobsRunOf(r).printLimitRatio)}, \`/projects\` p99 ${ms(otherJobsRunOf(r).probe.p99)}`
            : "")
      : "",
  );
  add(
    "Month end",
    "two worker processes ≥ 1.6× one worker's rate, where the machine's cores allow it",
    ok
      ? `${x(r.twoOverOne)} (${num(two.reportsPerMinute, 1)} vs ${num(one.reportsPerMinute, 1)} reports/min)`
      : "–",
    ok ? r.twoOverOne >= 1.6 : null,
    ok
      ? `${cores} cores shared by both workers' Node and Chromium processes, the service, PostgreSQL, Redis, the probe and the SMTP sink${ceiling ? `; one worker (${num(r.concurrencyPerWorker)} jobs at once) already keeps ${num(ceiling.busyCores, 2)} of them busy, so the cores do not allow 1.6×` : ""}; 1-minute load ${rec.loadavg.before[0].toFixed(2)} before the area, ${rec.loadavg.after[0].toFixed(2)} after`
      : "",
  );
  const worst = ok ? Math.max(one.probe.p99, two.probe.p99) : null;
  add(
    "Month end",
    "`/projects` p99 < 100 ms during the cycle (service on core 0, probe on core 1)",
    ok ? ms(worst) : "–",
    ok ? worst < 100 : null,
    ok
      ? `one worker p50 ${ms(one.probe.p50)} p99 ${ms(one.probe.p99)} (${num(one.probe.n)} requests); two workers p50 ${ms(two.probe.p50)} p99 ${ms(two.probe.p99)} (${num(two.probe.n)}); idle p99 ${ms(r.idleProbe.p99)}`
      : "",
  );
}

/** The "## Month end" section. */
export function monthEndSection(rec, runInfo, { dated, table, ms, num, mb, bytes }) {
  const lines = ["## Month end", "", dated(rec, runInfo), ""];
  const r = rec?.result;
  if (!r?.ok) return lines.join("\n");
  lines.push(
    `An agency's month end: ${num(r.clients)} client projects (\`VREPORT_BENCH_CLIENTS\`) imported into a PostgreSQL database of the bench's own (created for the area and dropped after it; ${num(r.seed.rows)} answer rows of two months, every prompt on every platform every day), served by \`vreport serve\` over loopback HTTP. \`vreport schedule add --monthly --all-projects --format ${r.formats}\` makes the per-client cycle (docs/jobs.md, "Per-client delivery"); the bench brings its firing forward (it promotes the delayed job the schedule made, which is what \`vreport schedule run\` does by adding one) and times from then to the last email at a local SMTP sink (\`smtp-server\`). \`vreport worker\` processes (\`--concurrency ${r.concurrencyPerWorker}\`${otherJobsRunOf(r) ? ` (in one run ${num(otherJobsRunOf(r).concurrency)})` : ""}, each with its own API key, a config giving each client its own \`email.to\` and \`review: skip\`) render each client's ${r.month} report and email it through the delivery ledger; one worker, then two, sharing only Redis (a queue prefix of their own, deleted after) and PostgreSQL. Pinning: ${r.pinning}.`,
    "",
    r.requestsPerReport === undefined
      ? ""
      : `The service allows each key ${num(r.rateLimit)} requests a minute (\`serve --rate-limit\`): one report reads ${num(r.requestsPerReport)} requests, so at the default 600 a minute a worker's key would hold it to ${num(r.defaultLimitReportsPerMinute, 1)} reports a minute, whatever the worker could do (docs/jobs.md, "Throughput").`,
    "",
    `${printLimitText(r, { ms, num })} Peak RSS: the worker's Node process (VmHWM) and the sum of its Chromium processes' RSS at their peak, polled every 250 ms.`,
    "",
    table(
      [
        "Workers",
        "Cycle",
        "Reports/min",
        "vs print limit",
        "Job p50 / p95",
        "Jobs per worker",
        "Peak RSS per worker (Node + Chromium)",
        "CPU per report: workers' Node / Chromium / service / PostgreSQL",
        "`/projects` p50",
        "p99",
        "Probe requests",
        "Emails (each client once)",
      ],
      [
        runsOf(r)[0],
        ...(inlineRunOf(r) ? [inlineRunOf(r)] : []),
        ...(otherJobsRunOf(r) ? [otherJobsRunOf(r)] : []),
        runsOf(r)[1],
      ].map((run) => [
        run.chartThreads === 0
          ? `${num(run.workers)} (charts inline)`
          : run === otherJobsRunOf(r)
            ? `${num(run.workers)} (${num(run.concurrency)} jobs at once)`
            : num(run.workers),
        ms(run.cycleMs),
        num(run.reportsPerMinute, 1),
        pct(run.printLimitRatio),
        `${ms(run.jobMs.median)} / ${ms(run.jobMs.p95)}`,
        run.jobsByWorker.join(" / "),
        run.memory.map((m) => `${mb(m.nodePeakKb)} + ${mb(m.chromiumPeakKb)}`).join("; "),
        run.cpuPerReportMs
          ? [
              run.cpuPerReportMs.workerNode,
              run.cpuPerReportMs.chromium,
              run.cpuPerReportMs.service,
              run.cpuPerReportMs.postgres,
            ]
              .map((v) => ms(v))
              .join(" / ")
          : "–",
        ms(run.probe.p50),
        ms(run.probe.p99),
        num(run.probe.n),
        `${num(run.emails)} (${bytes(run.emailBytes)}; ${run.eachClientOnce ? "yes" : "**no**"})`,
      ]),
    ),
    "",
    `Two workers: ${r.twoOverOne.toFixed(2)}× one worker's rate. The runs make the same reports, so every run after the first finds the service's answers in its response cache (docs/api.md, "Extensions to v1"): its service and PostgreSQL CPU per report are the cached ones. CPU per report is each process's user and system time over the cycle (/proc), divided by the reports. \`/projects\` with nothing else running: p50 ${ms(r.idleProbe.p50)}, p99 ${ms(r.idleProbe.p99)} (${num(r.idleProbe.n)} requests). Seeding took ${ms(r.seed.ms)} (not in any figure). \`node bench/run.mjs month-end\` (after \`npm run build\`) runs this area alone.`,
  );
  return lines.join("\n");
}
