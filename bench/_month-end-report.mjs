/** The month-end area's target rows and section of BENCHMARKS.md (the formatters are _report.mjs's). */

const pct = (v) => (v === null || v === undefined || Number.isNaN(v) ? "–" : `${(v * 100).toFixed(0)} %`);

/** The runs of a month-end record: one worker, two workers. */
const runsOf = (r) => [r.runs.find((x) => x.workers === 1), r.runs.find((x) => x.workers === 2)];

/** Adds the month-end targets through `add(topic, target, value, met, note)`. */
export function monthEndTargets(rec, { add, ms, num, x }) {
  const r = rec?.result;
  const ok = r?.ok === true;
  const [one, two] = ok ? runsOf(r) : [];
  const scope = ok ? `PostgreSQL, ${num(r.clients)} clients, PDF + XLSX + HTML emailed` : "PostgreSQL";
  add(
    "Month end",
    `one worker's cycle ≥ 60 % of the print limit (${scope})`,
    ok ? `${pct(one.printLimitRatio)} (${num(one.reportsPerMinute, 1)} reports/min)` : "–",
    ok ? one.printLimitRatio >= 0.6 : null,
    ok
      ? `cycle ${ms(one.cycleMs)}; print limit ${ms(r.printLimitMs)} = warm PDF print ${ms(r.warmPrint.median)} × ${num(r.clients)}; median job ${ms(one.jobMs.median)}`
      : "",
  );
  const cores = rec?.machine?.cpus;
  add(
    "Month end",
    "two worker processes ≥ 1.6× one worker's rate, where the machine's cores allow it",
    ok
      ? `${x(r.twoOverOne)} (${num(two.reportsPerMinute, 1)} vs ${num(one.reportsPerMinute, 1)} reports/min)`
      : "–",
    ok ? r.twoOverOne >= 1.6 : null,
    ok
      ? `${cores} cores shared by both workers' Node and Chromium processes, the service, PostgreSQL, Redis, the probe and the SMTP sink; 1-minute load ${rec.loadavg.before[0].toFixed(2)} before the area, ${rec.loadavg.after[0].toFixed(2)} after`
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
    `An agency's month end: ${num(r.clients)} client projects (\`VREPORT_BENCH_CLIENTS\`) imported into a PostgreSQL database of the bench's own (created for the area and dropped after it; ${num(r.seed.rows)} answer rows of two months, every prompt on every platform every day), served by \`vreport serve\` over loopback HTTP. \`vreport schedule add --monthly --all-projects --format ${r.formats}\` makes the per-client cycle (docs/jobs.md, "Per-client delivery"); the bench brings its firing forward (it promotes the delayed job the schedule made, which is what \`vreport schedule run\` does by adding one) and times from then to the last email at a local SMTP sink (\`smtp-server\`). \`vreport worker\` processes (\`--concurrency ${r.concurrencyPerWorker}\`, each with its own API key, a config giving each client its own \`email.to\` and \`review: skip\`) render each client's ${r.month} report and email it through the delivery ledger; one worker, then two, sharing only Redis (a queue prefix of their own, deleted after) and PostgreSQL. Pinning: ${r.pinning}.`,
    "",
    `Print limit: one client's ${r.month} PDF printed by a warm browser in the bench process (median of ${num(r.warmPrint.n)}: ${ms(r.warmPrint.median)}) × ${num(r.clients)} reports = ${ms(r.printLimitMs)}; the ratio is that time over the cycle's. Peak RSS: the worker's Node process (VmHWM) and the sum of its Chromium processes' RSS at their peak, polled every 250 ms.`,
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
        "`/projects` p50",
        "p99",
        "Probe requests",
        "Emails (each client once)",
      ],
      runsOf(r).map((run) => [
        num(run.workers),
        ms(run.cycleMs),
        num(run.reportsPerMinute, 1),
        pct(run.printLimitRatio),
        `${ms(run.jobMs.median)} / ${ms(run.jobMs.p95)}`,
        run.jobsByWorker.join(" / "),
        run.memory.map((m) => `${mb(m.nodePeakKb)} + ${mb(m.chromiumPeakKb)}`).join("; "),
        ms(run.probe.p50),
        ms(run.probe.p99),
        num(run.probe.n),
        `${num(run.emails)} (${bytes(run.emailBytes)}; ${run.eachClientOnce ? "yes" : "**no**"})`,
      ]),
    ),
    "",
    `Two workers: ${r.twoOverOne.toFixed(2)}× one worker's rate. \`/projects\` with nothing else running: p50 ${ms(r.idleProbe.p50)}, p99 ${ms(r.idleProbe.p99)} (${num(r.idleProbe.n)} requests). Seeding took ${ms(r.seed.ms)} (not in any figure). \`node bench/run.mjs month-end\` (after \`npm run build\`) runs this area alone.`,
  );
  return lines.join("\n");
}
