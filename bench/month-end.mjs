/**
 * An agency's month end on PostgreSQL: `VREPORT_BENCH_CLIENTS` clients (default 200) in a database
 * of the bench's own, served by `vreport serve`, each client's report of last month in PDF, XLSX
 * and HTML emailed to its own address (the config's `email.to`) by `vreport worker` processes, as
 * a `schedule add --monthly --all-projects` cycle (docs/jobs.md, "Per-client delivery"). The
 * cycle runs with one worker process as docs/jobs.md advises (three jobs at once, charts drawn on
 * a thread), then with one drawing them inline (`--chart-threads 0`), then with one taking two
 * jobs at once, then with two workers, sharing only Redis and PostgreSQL; a warm print is timed
 * before and after each; meanwhile a probe process asks `/projects`, pinned to another core than
 * the service (`taskset`).
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import {
  agencyUrl,
  clearDeliveries,
  clientAddress,
  clientName,
  dropAgency,
  monthBack,
  seedAgency,
} from "./_agency-db.mjs";
import { BENCH, DIST, RESULTS, ROOT } from "./_paths.mjs";
import { pipelineFor } from "./_pipeline.mjs";
import { cpuOf, cpuOfCommand, cpuOfCommandSince, monitorTree } from "./_proc.mjs";
import { startSink } from "./_smtp-sink.mjs";
import { percentile, sample, summarize } from "./_stats.mjs";

const CLI = join(DIST, "cli/index.js");
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const FORMATS = "pdf,xlsx,html";
const FROM = "Bench Agency <reports@agency.test>";
/** The service on core 0, the probe on core 1; workers and their Chromium are left to the scheduler. */
const SERVICE_CORE = "0";
const PROBE_CORE = "1";
const PROBE_PAUSE_MS = 100;
/**
 * Requests a minute each key may make at the bench's service (`serve --rate-limit`): the agency's
 * own service, its limit raised for its workers. At the default 600 a worker's key, not the
 * worker, would set the pace (docs/jobs.md, "Throughput"); the record states that pace too.
 */
const RATE_LIMIT = Number(process.env.VREPORT_BENCH_RATE_LIMIT ?? 20_000);
const DEFAULT_RATE_LIMIT = 600;
const WORKER_NICE = 10;

/** A `vreport …` (or any) child process with its output kept line by line. */
function child(cmd, args, env = {}) {
  const proc = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = [];
  let out = "";
  const waiters = [];
  const take = (d) => {
    out += d;
    const parts = out.split("\n");
    out = parts.pop();
    for (const l of parts) {
      lines.push(l);
      for (const w of [...waiters]) if (w.re.test(l)) w.resolve(l);
    }
  };
  proc.stdout.on("data", take);
  proc.stderr.on("data", take);
  const exited = new Promise((resolve) => proc.on("close", (code) => resolve(code)));
  return {
    proc,
    lines,
    exited,
    /** The first line matching `re`; rejects when the process exits first or after `ms`. */
    waitFor(re, ms = 60_000) {
      const seen = lines.find((l) => re.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = { re, resolve };
        waiters.push(w);
        const fail = (why) =>
          reject(new Error(`${args.slice(0, 2).join(" ")}: ${why}: ${lines.slice(-5).join(" | ")}`));
        const timer = setTimeout(() => fail(`no ${re} after ${ms / 1000} s`), ms);
        exited.then((code) => fail(`exited ${code}`));
        w.resolve = (l) => {
          clearTimeout(timer);
          resolve(l);
        };
      });
    },
    async stop() {
      if (proc.exitCode === null) proc.kill("SIGTERM");
      return exited;
    },
  };
}

const vreport = (args, env) => child(process.execPath, [CLI, ...args], env);
/**
 * A worker as docs/jobs.md ("Throughput") advises on a machine it shares with `serve`: at a
 * lower priority (nice 10; its Chromium inherits it), so the month end takes what the
 * interactive API leaves. VREPORT_BENCH_PROFILE=DIR writes each worker's and the service's V8 CPU
 * profile there when they exit (where a report's Node time goes).
 */
const niceWorker = (args, env) =>
  child("nice", ["-n", String(WORKER_NICE), process.execPath, ...profiled(), CLI, ...args], env);
/** V8's CPU profile of a child process, written to VREPORT_BENCH_PROFILE's folder when it exits. */
const profiled = () =>
  process.env.VREPORT_BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.VREPORT_BENCH_PROFILE}`]
    : [];
const pinned = (core, args, env) => child("taskset", ["-c", core, process.execPath, ...args], env);

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

async function dropPrefix(prefix) {
  const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await r.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      if (keys.length > 0) await r.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    r.disconnect();
  }
}

/** The probe's latencies while `during` runs. */
async function probed(baseUrl, apiKey, during) {
  const probe = pinned(PROBE_CORE, [join(BENCH, "_probe.mjs"), baseUrl, apiKey, String(PROBE_PAUSE_MS)]);
  let value;
  try {
    value = await during();
  } finally {
    await probe.stop();
  }
  const { samples, failures } = JSON.parse(
    probe.lines.find((l) => l.startsWith("{")) ?? '{"samples":[],"failures":{}}',
  );
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    value,
    probe: {
      n: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? null,
      failures,
    },
  };
}

/** The config the workers read: every client's recipients, and review skipped (an unattended month end). */
function writeConfig(path, clients) {
  const projects = Array.from({ length: clients }, (_, k) => ({
    match: clientName(k + 1),
    email: { to: [clientAddress(k + 1)] },
  }));
  writeFileSync(
    path,
    `${JSON.stringify({ agencyName: "Bench Agency", review: "skip", email: { from: FROM }, projects })}\n`,
  );
}

/**
 * Where a cycle's time went, from BullMQ's own stamps: the fan-out job, the report jobs' time in
 * processing (summed over workers) and the idle time between one job's end and its worker's next.
 */
async function timelineOf(queue) {
  const done = await queue.getJobs(["completed"], 0, -1);
  const reports = done.filter((j) => j.name === "report");
  const fanOut = done.find((j) => j.name !== "report");
  const starts = reports.map((j) => j.processedOn);
  const ends = reports.map((j) => j.finishedOn);
  return {
    fanOutMs: fanOut ? fanOut.finishedOn - fanOut.processedOn : null,
    firstReportStart: fanOut ? Math.min(...starts) - fanOut.processedOn : null,
    reportsSpanMs: Math.max(...ends) - Math.min(...starts),
    reportsBusyMs: reports.reduce((a, j) => a + (j.finishedOn - j.processedOn), 0),
    waitedMs: summarize(reports.map((j) => j.processedOn - j.timestamp)),
  };
}

/** Jobs at once per worker that keep a two-core machine's cores busy (docs/jobs.md, "Throughput"). */
const ADVISED_CONCURRENCY = 3;

/** How the log names a cycle: its workers, and how it differs from the shipped one. */
const runLabel = ({ workers, chartThreads, concurrency }) =>
  `${workers} worker(s)${chartThreads === 0 ? " (charts inline)" : ""}${concurrency === ADVISED_CONCURRENCY ? "" : ` (${concurrency} jobs at once)`}`;

/** One cycle with `workers` worker processes: fired, drained, checked; its time, memory and probe. */
async function cycle({ workers, chartThreads, clients, concurrency, service, keys, config, scratch, log }) {
  const prefix = `vreport-bench-monthend-${process.pid}-${randomBytes(4).toString("hex")}`;
  const label = runLabel({ workers, chartThreads, concurrency });
  const out = join(
    scratch,
    `out-${workers}w-${concurrency}c${chartThreads === undefined ? "" : `-${chartThreads}t`}`,
  );
  rmSync(out, { recursive: true, force: true });
  await clearDeliveries();
  const sink = await startSink();
  const procs = [];
  const monitors = [];
  // BullMQ leaves a connection it was handed open on close: disconnected below, or the bench
  // process would not exit once done.
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue("vreport-reports", { connection, prefix });
  try {
    for (let w = 1; w <= workers; w++) {
      const p = niceWorker(
        [
          "worker",
          "--concurrency",
          String(concurrency),
          ...(chartThreads === undefined ? [] : ["--chart-threads", String(chartThreads)]),
          "--config",
          config,
          "--smtp-url",
          sink.url,
          "--database",
          agencyUrl(),
          "--base-url",
          service.baseUrl,
          "--prefix",
          prefix,
        ],
        { VREPORT_API_KEY: keys[`worker${w}`] },
      );
      procs.push(p);
      monitors.push(monitorTree(p.proc.pid, { intervalMs: 250 }));
    }
    for (const p of procs) await p.waitFor(/consuming vreport-reports/);
    const add = vreport([
      "schedule",
      "add",
      "--monthly",
      "--all-projects",
      "--format",
      FORMATS,
      "--tz",
      "UTC",
      "--out",
      out,
      "--prefix",
      prefix,
    ]);
    if ((await add.exited) !== 0) throw new Error(`schedule add failed: ${add.lines.join(" | ")}`);
    const firing = await queue.getDelayed();
    if (firing.length !== 1)
      throw new Error(`expected the schedule's one delayed firing, found ${firing.length}`);
    log(`  ${label}: firing the monthly cycle now (${clients} clients)…`);
    for (const m of monitors) m.startCpu();
    const serviceCpu = cpuOf(service.pid) ?? 0;
    const postgresCpu = cpuOfCommand("postgres");
    const { value: cycleMs, probe } = await probed(service.baseUrl, keys.probe, async () => {
      const t0 = performance.now();
      await firing[0].promote();
      await sink.waitFor(clients, 120_000 + clients * 20_000);
      return performance.now() - t0;
    });
    // Where the machine's time went, per report: the workers' Node, their Chromium, the service
    // and PostgreSQL (the probe's requests are in the service's share, a few ms a second).
    const perReport = (ms) => ms / clients;
    const serviceCpuMs = (cpuOf(service.pid) ?? serviceCpu) - serviceCpu;
    const postgresCpuMs = cpuOfCommandSince("postgres", postgresCpu);
    const counts = await queue.getJobCounts("completed", "failed", "waiting", "active", "delayed");
    const timeline = await timelineOf(queue);
    const byAddress = new Map();
    for (const m of sink.received) for (const to of m.to) byAddress.set(to, (byAddress.get(to) ?? 0) + 1);
    const eachOnce = Array.from(
      { length: clients },
      (_, k) => byAddress.get(clientAddress(k + 1)) === 1,
    ).every(Boolean);
    for (const p of procs) await p.stop();
    // VREPORT_BENCH_LOGS=DIR keeps each worker's log lines there (which job took how long).
    if (process.env.VREPORT_BENCH_LOGS)
      for (const [i, p] of procs.entries())
        writeFileSync(
          join(process.env.VREPORT_BENCH_LOGS, `worker-${workers}-${i + 1}.log`),
          p.lines.join("\n"),
        );
    const memory = monitors.map((m) => m.stop());
    const cpuPerReportMs = {
      workerNode: perReport(memory.reduce((a, m) => a + m.nodeCpuMs, 0)),
      chromium: perReport(memory.reduce((a, m) => a + m.childCpuMs, 0)),
      service: perReport(serviceCpuMs),
      postgres: perReport(postgresCpuMs),
    };
    // Each worker logs `completed report <id> in 6.4 s: …` (docs/jobs.md): the job's own time.
    const jobTimes = procs.map((p) =>
      p.lines.flatMap((l) => {
        const m = /completed report \S+ in ([\d.]+) (ms|s)\b/.exec(l);
        return m ? [Number(m[1]) * (m[2] === "s" ? 1000 : 1)] : [];
      }),
    );
    const jobsByWorker = jobTimes.map((t) => t.length);
    const result = {
      workers,
      concurrency,
      cycleMs,
      reportsPerMinute: clients / (cycleMs / 60_000),
      emails: sink.received.length,
      emailBytes: sink.received.reduce((a, m) => a + m.bytes, 0),
      eachClientOnce: eachOnce,
      jobCounts: counts,
      jobsByWorker,
      jobMs: summarize(jobTimes.flat()),
      timeline,
      memory: memory.map((m) => ({ nodePeakKb: m.nodePeakKb, chromiumPeakKb: m.childPeakKb })),
      cpuPerReportMs,
      probe,
    };
    log(
      `  ${label}: ${(cycleMs / 1000).toFixed(1)} s, ${result.reportsPerMinute.toFixed(1)} reports/min, ` +
        `${result.emails} emails (each client once: ${eachOnce}), jobs per worker ${jobsByWorker.join("/")} ` +
        `(median ${(result.jobMs.median / 1000).toFixed(2)} s each), ` +
        `CPU per report: worker ${cpuPerReportMs.workerNode.toFixed(0)} ms, Chromium ${cpuPerReportMs.chromium.toFixed(0)} ms, ` +
        `service ${cpuPerReportMs.service.toFixed(0)} ms, PostgreSQL ${cpuPerReportMs.postgres.toFixed(0)} ms, ` +
        `/projects p50 ${probe.p50?.toFixed(1)} ms p99 ${probe.p99?.toFixed(1)} ms (n ${probe.n})`,
    );
    return result;
  } finally {
    for (const p of procs) await p.stop();
    await queue.close();
    connection.disconnect();
    await sink.close();
    await dropPrefix(prefix);
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The requests one client's scheduled report makes, read as its job reads them (its project, its
 * period, the completeness check, the report's data; one view per job: client sharedReads).
 */
async function requestsPerReport(service, project, month) {
  const { createClient, sharedReads } = await import(`${DIST}/client/index.js`);
  const { resolvePeriod } = await import(`${DIST}/report/period.js`);
  const { checkLastDay } = await import(`${DIST}/jobs/data-complete.js`);
  const { fetchReportData } = await import(`${DIST}/report/fetch.js`);
  let requests = 0;
  const logger = { debug: () => requests++, info() {}, warn() {}, error() {} };
  const client = sharedReads(createClient({ baseUrl: service.baseUrl, apiKey: service.benchKey, logger }));
  await client.listProjects();
  const period = await resolvePeriod(client, { month });
  await checkLastDay(client, project, period);
  await fetchReportData(client, project, period);
  return requests;
}

/** Times of one client's PDF printed by a warm browser in this process (nothing else running): the print limit's unit. */
async function warmPrint(service, project, month, scratch) {
  const p = await pipelineFor(
    { baseUrl: service.baseUrl, apiKey: service.benchKey, project },
    { month },
    "client",
  );
  const { view } = await p.buildView();
  const pdf = await p.backend("pdf");
  const dir = join(scratch, "warm-print");
  try {
    return await sample(() => p.write(view, pdf, dir), { n: 7, warmup: 2 });
  } finally {
    const { closeLoadedBackends } = await import(`${DIST}/render/backends/registry.js`);
    await closeLoadedBackends();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runMonthEnd({ log }) {
  const clients = Number(process.env.VREPORT_BENCH_CLIENTS ?? 200);
  const concurrency = Number(process.env.VREPORT_BENCH_CONCURRENCY ?? ADVISED_CONCURRENCY);
  if (!(Number.isInteger(clients) && clients > 0))
    throw new Error("VREPORT_BENCH_CLIENTS: a positive integer");
  execFileSync("taskset", ["-c", SERVICE_CORE, "true"]); // taskset (util-linux) and the cores exist
  const scratch = join(RESULTS, "month-end");
  mkdirSync(scratch, { recursive: true });
  const today = new Date().toISOString().slice(0, 10);
  const month = monthBack(today, 1);
  log(
    `month-end: seeding ${clients} clients (${monthBack(today, 2)} and ${month}) into ${agencyUrl().replace(/\/\/[^@]*@/, "//")}…`,
  );
  const seedStart = performance.now();
  const seeded = await seedAgency({
    clients,
    months: [monthBack(today, 2), month],
    keys: ["worker1", "worker2", "probe", "bench"],
    scratch,
  });
  const seedMs = performance.now() - seedStart;
  const config = join(scratch, "vreport.config.json");
  writeConfig(config, clients);
  const port = await freePort();
  const serve = pinned(SERVICE_CORE, [
    ...profiled(),
    CLI,
    "serve",
    "--database",
    agencyUrl(),
    "--port",
    String(port),
    "--rate-limit",
    String(RATE_LIMIT),
  ]);
  try {
    await serve.waitFor(/127\.0\.0\.1:\d+/, 60_000);
    const service = {
      baseUrl: `http://127.0.0.1:${port}/core/api/external/v1`,
      benchKey: seeded.keys.bench,
      pid: serve.proc.pid,
    };
    const { createClient } = await import(`${DIST}/client/index.js`);
    const { projects } = await createClient({
      baseUrl: service.baseUrl,
      apiKey: service.benchKey,
    }).listProjects();
    if (projects.length !== clients)
      throw new Error(`the service lists ${projects.length} projects, not ${clients}`);
    const { probe: idle } = await probed(
      service.baseUrl,
      seeded.keys.probe,
      () => new Promise((r) => setTimeout(r, 5_000)),
    );
    log(`  /projects idle: p50 ${idle.p50?.toFixed(1)} ms, p99 ${idle.p99?.toFixed(1)} ms (n ${idle.n})`);
    const requests = await requestsPerReport(service, projects[0], month);
    const keyPace = DEFAULT_RATE_LIMIT / requests;
    log(
      `  one report reads ${requests} requests: at the default ${DEFAULT_RATE_LIMIT} a minute a key makes at most ${keyPace.toFixed(1)} reports a minute (the bench's service allows ${RATE_LIMIT})`,
    );
    const runs = [];
    // One worker as shipped, then the same worker drawing its charts inline: the drawing thread's
    // gain, measured side by side on the same data (docs/jobs.md, "Throughput"). The inline run
    // finds the service's answers cached by the first: an advantage to it, so the gain is not
    // overstated. Then one worker taking two jobs at once: what the third job gives.
    for (const { workers, chartThreads, jobsAtOnce } of [
      { workers: 1 },
      { workers: 1, chartThreads: 0 },
      { workers: 1, jobsAtOnce: 2 },
      { workers: 2 },
    ]) {
      // The print limit is measured just before and just after each cycle: the machine's speed
      // drifts over the minutes an area takes (a print timed minutes earlier measured another
      // machine), and within a cycle's minute too.
      const before = await warmPrint(service, projects[0], month, scratch);
      const r = await cycle({
        workers,
        chartThreads,
        clients,
        concurrency: jobsAtOnce ?? concurrency,
        service,
        keys: seeded.keys,
        config,
        scratch,
        log,
      });
      const after = await warmPrint(service, projects[0], month, scratch);
      const print = {
        ...summarize([...before, ...after]),
        medianBefore: summarize(before).median,
        medianAfter: summarize(after).median,
      };
      log(
        `  warm PDF print of one client's ${month} report: median ${print.median.toFixed(0)} ms (n ${print.n}; ${print.medianBefore.toFixed(0)} ms before the cycle, ${print.medianAfter.toFixed(0)} ms after)`,
      );
      const printLimitMs = print.median * clients;
      runs.push({
        ...r,
        ...(chartThreads === undefined ? {} : { chartThreads }),
        warmPrint: print,
        printLimitMs,
        printLimitRatio: printLimitMs / r.cycleMs,
      });
    }
    const [one] = runs;
    const two = runs.find((r) => r.workers === 2);
    const result = {
      clients,
      month,
      formats: FORMATS,
      concurrencyPerWorker: concurrency,
      pinning: `service (vreport serve) on core ${SERVICE_CORE}, /projects probe on core ${PROBE_CORE} (taskset); workers and their Chromium at nice ${WORKER_NICE}, unpinned, as are Redis, PostgreSQL and the SMTP sink`,
      seed: { ms: seedMs, rows: seeded.rows },
      // The first cycle's, as records before per-cycle prints had them.
      warmPrint: one.warmPrint,
      rateLimit: RATE_LIMIT,
      requestsPerReport: requests,
      defaultLimitReportsPerMinute: keyPace,
      printLimitMs: one.printLimitMs,
      idleProbe: idle,
      runs,
      twoOverOne: two.reportsPerMinute / one.reportsPerMinute,
    };
    log(
      `month-end summary (${clients} clients, ${FORMATS}, concurrency ${concurrency} per worker): ` +
        runs
          .map(
            (r) =>
              `${runLabel(r)} ${r.reportsPerMinute.toFixed(1)} reports/min, ${(r.printLimitRatio * 100).toFixed(0)} % of the print limit, ` +
              `peak RSS ${r.memory.map((m) => `${(m.nodePeakKb / 1024).toFixed(0)} MB + Chromium ${(m.chromiumPeakKb / 1024).toFixed(0)} MB`).join(" | ")}, ` +
              `/projects p99 ${r.probe.p99?.toFixed(1)} ms`,
          )
          .join("; ") +
        `; two workers ${result.twoOverOne.toFixed(2)}× one`,
    );
    return result;
  } finally {
    await serve.stop();
    if (!process.env.VREPORT_BENCH_KEEP_DB) await dropAgency();
    rmSync(scratch, { recursive: true, force: true });
  }
}
