import { QueueEvents } from "bullmq";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { enqueueCommand } from "../../src/cli/commands/enqueue.js";
import { scheduleAdd, scheduleList, scheduleRemove, scheduleRun } from "../../src/cli/commands/schedule.js";
import { connectService } from "../../src/cli/connect-service.js";
import type { CliError } from "../../src/cli/errors.js";
import { createClient } from "../../src/client/index.js";
import { loadConfig } from "../../src/config/load-config.js";
import { QUEUE_NAME, ReportJobData, reportJobId } from "../../src/jobs/job-data.js";
import { enqueueReport, openQueue } from "../../src/jobs/queue.js";
import { startReportWorker } from "../../src/jobs/worker.js";
import { clientReports } from "../../src/pipeline/client-reports.js";
import { tempDir } from "../_tmp.js";
import { dropPrefix, REDIS_URL, redisAvailable, uniquePrefix } from "./_redis.js";
import { startTestService, type TestService } from "./_service.js";

const up = await redisAvailable();
const dir = tempDir("queue");
const prefixes: string[] = [];
const prefix = (label: string) => {
  const p = uniquePrefix(label);
  prefixes.push(p);
  return p;
};
afterEach(async () => {
  for (const p of prefixes.splice(0)) await dropPrefix(p);
});

describe("job ids", () => {
  it("are deterministic from project, range, as-of day and formats in any order, and free of ':'", () => {
    const a = reportJobId({
      project: "p-1",
      period: { range: "30d" },
      asOf: "2026-11-01",
      formats: ["xlsx", "pdf"],
    });
    expect(a).toBe("report-p-1-30d-2026-11-01-pdf+xlsx");
    expect(
      reportJobId({
        project: "p-1",
        period: { range: "30d" },
        asOf: "2026-11-01",
        formats: ["pdf", "xlsx", "pdf"],
      }),
    ).toBe(a);
    expect(
      reportJobId({ project: "p-1", period: { range: "90d" }, asOf: "2026-11-01", formats: ["pdf", "xlsx"] }),
    ).not.toBe(a);
    expect(
      reportJobId({ project: "a:b", period: { range: "7d" }, asOf: "2026-11-01", formats: ["md"] }),
    ).not.toContain(":");
  });
});

describe("job data", () => {
  it("names its period in one field, one choice; a job stored with the earlier separate fields reads as the choice it meant", () => {
    const base = { project: "p", formats: ["md"], out: "/o" };
    expect(ReportJobData.parse({ ...base, period: { month: "2026-10", compare: "year" } }).period).toEqual({
      month: "2026-10",
      compare: "year",
    });
    expect(ReportJobData.safeParse({ ...base, period: { range: "30d", month: "2026-10" } }).success).toBe(
      false,
    );
    expect(ReportJobData.safeParse({ ...base, period: { range: "1y" } }).success).toBe(false);
    const stored = (fields: object) => ReportJobData.parse({ ...base, ...fields }).period;
    expect(stored({ range: "7d" })).toEqual({ range: "7d" });
    expect(stored({ range: "30d", period: "last-month" })).toEqual({ named: "last-month" });
    expect(stored({ range: "30d", month: "2025-06", compare: "year" })).toEqual({
      month: "2025-06",
      compare: "year",
    });
    expect(stored({ range: "30d", start: "2025-06-01", end: "2025-06-15" })).toEqual({
      start: "2025-06-01",
      end: "2025-06-15",
    });
  });
});

describe.skipIf(!up)("queue, enqueue and schedules on the real Redis", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service?.close();
  });
  /** The flags every `vreport enqueue` below gives: the service, its key, the test's Redis prefix. */
  const serviceFlags = (p: string) => ({
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
    prefix: p,
    redisUrl: REDIS_URL,
  });

  it("enqueueing the same report twice makes one job", async () => {
    const p = prefix("dedupe");
    const { queue, close } = await openQueue({ redisUrl: REDIS_URL, prefix: p });
    try {
      const data = {
        project: "x",
        period: { range: "30d" as const },
        formats: ["md" as const],
        out: dir,
        asOf: "2026-11-01",
      };
      expect((await enqueueReport(queue, data)).created).toBe(true);
      expect(await enqueueReport(queue, { ...data, formats: ["md", "md"] })).toMatchObject({
        created: false,
        state: "waiting",
      });
      expect((await queue.getJobCounts("waiting")).waiting).toBe(1);
      const job = await queue.getJob(reportJobId(data));
      expect(job?.opts).toMatchObject({
        attempts: 3,
        backoff: { type: "exponential", delay: 10_000 },
        removeOnFail: false,
      });
    } finally {
      await close();
    }
  });

  it("vreport enqueue lists the projects through the client and adds one job each, once", async () => {
    const p = prefix("enqueue");
    const flags = {
      allProjects: true,
      range: "7d",
      formats: "xlsx,md",
      out: dir,
      ...serviceFlags(p),
      asOf: "2025-06-30",
    };
    const lines: string[] = [];
    const first = await enqueueCommand(flags, (l) => lines.push(l));
    expect(first.map((r) => r.created)).toEqual(service.projects.map(() => true));
    expect(first.map((r) => r.id)).toEqual(
      service.projects.map((pr) => `report-${pr.id}-7d-2025-06-30-md+xlsx`),
    );
    expect(lines[0]).toBe(`queued ${first[0]?.id} (${service.projects[0]?.name})`);
    const again = await enqueueCommand(flags, (l) => lines.push(l));
    expect(again.every((r) => !r.created)).toBe(true);
    expect(lines.at(-1)).toBe("0 job(s) added to vreport-reports on redis://127.0.0.1:6379");
    const { queue, close } = await openQueue({ redisUrl: REDIS_URL, prefix: p });
    try {
      const job = await queue.getJob(first[0]!.id);
      expect(job?.data).toMatchObject({
        project: service.projects[0]?.id,
        period: { range: "7d" },
        formats: ["xlsx", "md"],
        out: dir,
        baseUrl: service.baseUrl,
      });
      expect(JSON.stringify(job?.data)).not.toContain(service.apiKey);
    } finally {
      await close();
    }
  });

  it("vreport enqueue takes generate's period flags: a month compared with a year earlier, days, a named period", async () => {
    const p = prefix("periods");
    const base = {
      project: service.projects[0]!.id,
      format: "md",
      out: dir,
      ...serviceFlags(p),
      asOf: "2025-06-30",
    };
    const id = service.projects[0]!.id;
    const month = await enqueueCommand({ ...base, month: "2025-05", compare: "year" }, () => {});
    const days = await enqueueCommand({ ...base, from: "2025-06-01", to: "2025-06-15" }, () => {});
    const named = await enqueueCommand({ ...base, period: "last-quarter" }, () => {});
    expect([month, days, named].map((r) => r[0]?.id)).toEqual([
      `report-${id}-2025-05-vs-year-2025-06-30-md`,
      `report-${id}-2025-06-01_2025-06-15-2025-06-30-md`,
      `report-${id}-last-quarter-2025-06-30-md`,
    ]);
    const { queue, close } = await openQueue({ redisUrl: REDIS_URL, prefix: p });
    try {
      const data = async (r: typeof month) => (await queue.getJob(r[0]!.id))?.data;
      // What the worker resolves: the same period choice generate would make, as one field.
      expect((await data(month))?.period).toEqual({ month: "2025-05", compare: "year" });
      expect((await data(days))?.period).toEqual({ start: "2025-06-01", end: "2025-06-15" });
      expect((await data(named))?.period).toEqual({ named: "last-quarter" });
    } finally {
      await close();
    }
    const err = await enqueueCommand({ ...base, month: "2025-05", range: "30d" }).catch((e: unknown) => e);
    expect((err as CliError).message).toBe("--range and --month cannot be used together: pick one");
  });

  it("vreport enqueue rejects bad flags (exit 2) and an unknown project naming the choices", async () => {
    const base = serviceFlags(prefix("flags"));
    const err = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => e as CliError,
      );
    expect((await err(enqueueCommand({ ...base, range: "1y", project: "x" })))?.message).toMatch(
      /invalid --range "1y"/,
    );
    expect((await err(enqueueCommand({ ...base, formats: "pdf,doc", project: "x" })))?.exitCode).toBe(2);
    expect((await err(enqueueCommand({ ...base })))?.message).toBe("give --project ID or --all-projects");
    expect((await err(enqueueCommand({ ...base, project: "x", email: "nobody" })))?.message).toMatch(
      /invalid --email "nobody"/,
    );
    const unknown = await err(enqueueCommand({ ...base, project: "nope" }));
    expect(unknown?.exitCode).toBe(2);
    expect(unknown?.message).toContain(service.projects[0]!.name);
    const noRedis = await err(
      enqueueCommand({ ...base, project: service.projects[0]!.id, redisUrl: "redis://127.0.0.1:9" }),
    );
    expect(noRedis?.exitCode).toBe(4);
    expect(noRedis?.message).toMatch(/^Redis unreachable at redis:\/\/127\.0\.0\.1:9/);
  });

  it("failed jobs keep their reason: permanent failures at once, transient ones after the retries", async () => {
    const p = prefix("fail");
    const { queue, close } = await openQueue({ redisUrl: REDIS_URL, prefix: p });
    const events = new QueueEvents(QUEUE_NAME, { connection: { url: REDIS_URL }, prefix: p });
    const svc = await connectService({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    // Each attempt at the dead service still retries its request (src/client/options.ts), only
    // after 10 ms instead of the default 500 ms ceiling, doubling: the job's attempts are tested here.
    svc.clientFor = (baseUrl) => createClient({ baseUrl, apiKey: service.apiKey, retryBaseDelayMs: 10 });
    const worker = await startReportWorker(
      { redisUrl: REDIS_URL, prefix: p },
      { service: svc, clients: await clientReports(await loadConfig()) },
    );
    try {
      await events.waitUntilReady();
      const base = {
        period: { range: "30d" as const },
        formats: ["md" as const],
        out: dir,
        asOf: "2025-06-30",
      };
      const ghost = await enqueueReport(
        queue,
        { ...base, project: "00000000-0000-4000-8000-000000000404" },
        { attempts: 3, backoffMs: 50 },
      );
      const dead = await enqueueReport(
        queue,
        { ...base, project: service.projects[0]!.id, baseUrl: "http://127.0.0.1:9/core/api/external/v1" },
        { attempts: 2, backoffMs: 50 },
      );
      const failed = (id: string) =>
        new Promise<string>((resolve) => {
          const on = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
            if (jobId !== id) return;
            events.off("failed", on);
            resolve(failedReason);
          };
          events.on("failed", on);
        });
      const [ghostReason, deadReason] = await Promise.all([failed(ghost.id), failed(dead.id)]);
      expect(ghostReason).toMatch(/project 00000000-0000-4000-8000-000000000404 not found/);
      const ghostJob = await queue.getJob(ghost.id);
      expect(ghostJob?.attemptsMade).toBe(1);
      expect(await ghostJob?.getState()).toBe("failed");
      expect(deadReason).toMatch(/listProjects/);
      const deadJob = await queue.getJob(dead.id);
      expect(deadJob?.attemptsMade).toBe(2);
      expect(deadJob?.failedReason).toBe(deadReason);

      // A cycle fired again (`schedule run` after an approval) re-runs its failed reports, and
      // only those: a report waiting to run stays one job.
      await worker.close();
      const ghostData = { ...base, project: "00000000-0000-4000-8000-000000000404" };
      expect(await enqueueReport(queue, ghostData)).toMatchObject({ created: false, state: "failed" });
      expect(await enqueueReport(queue, ghostData, { rerunFailed: true })).toEqual({
        id: ghost.id,
        created: true,
      });
      expect(await (await queue.getJob(ghost.id))?.getState()).toBe("waiting");
      expect(await enqueueReport(queue, ghostData, { rerunFailed: true })).toMatchObject({
        created: false,
        state: "waiting",
      });
    } finally {
      await worker.close();
      await events.close();
      await svc.close();
      await close();
    }
  });

  it("schedule add/list/run/remove manages BullMQ job schedulers", async () => {
    const p = prefix("sched");
    const q = { prefix: p, redisUrl: REDIS_URL };
    const lines: string[] = [];
    const id = await scheduleAdd(
      {
        ...q,
        cron: "0 6 2 * *",
        tz: "Europe/Paris",
        range: "30d",
        formats: "xlsx,pdf",
        allProjects: true,
        email: "a@x.test,b@y.test",
        out: dir,
      },
      (l) => lines.push(l),
    );
    expect(id).toBe("all-projects-30d-pdf+xlsx");
    expect(lines[0]).toMatch(
      /^schedule all-projects-30d-pdf\+xlsx: cron "0 6 2 \* \*" \(Europe\/Paris\), next run \d{4}-\d\d-\d\dT/,
    );
    const list = await scheduleList(q, (l) => lines.push(l));
    expect(list).toEqual([
      expect.objectContaining({
        id,
        cron: "0 6 2 * *",
        tz: "Europe/Paris",
        email: ["a@x.test", "b@y.test"],
        what: `all projects, 30d, xlsx,pdf → ${dir}`,
      }),
    ]);
    // The next run is 06:00 Paris time on a 2nd of the month.
    const next = new Date(list[0]!.next!);
    const paris = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).format(next);
    expect(paris).toBe("02, 06:00");
    // Re-adding the same report updates it rather than adding a second schedule.
    await scheduleAdd(
      { ...q, cron: "0 7 2 * *", tz: "Europe/Paris", formats: "pdf,xlsx", allProjects: true, out: dir },
      () => {},
    );
    expect((await scheduleList(q, () => {})).map((s) => s.cron)).toEqual(["0 7 2 * *"]);
    const bad = await scheduleAdd({ ...q, cron: "61 * * * *", project: "x" }, () => {}).then(
      () => undefined,
      (e: unknown) => e as CliError,
    );
    expect(bad?.exitCode).toBe(2);
    const badTz = await scheduleAdd(
      { ...q, cron: "0 6 2 * *", tz: "Mars/Olympus", project: "x" },
      () => {},
    ).then(
      () => undefined,
      (e: unknown) => e as CliError,
    );
    expect(badTz?.message).toBe(
      'invalid --tz "Mars/Olympus": allowed values are an IANA time zone such as Europe/Paris or America/New_York',
    );
    expect(badTz?.exitCode).toBe(2);
    // Fired now, as its next firing would: one job with the schedule's name, data and options.
    const fired = await scheduleRun(id, q, (l) => lines.push(l));
    expect(lines.at(-1)).toBe(`schedule ${id}: fired now as job ${fired}; the running workers take it`);
    const { queue, close } = await openQueue({ redisUrl: REDIS_URL, prefix: p });
    try {
      const job = await queue.getJob(fired);
      expect([job?.name, job?.data, job?.opts.attempts]).toEqual([
        "all-projects",
        { allProjects: true, period: { range: "30d" }, formats: ["pdf", "xlsx"], out: dir },
        3,
      ]);
    } finally {
      await close();
    }
    const unknown = await scheduleRun("nope", q, () => {}).then(
      () => undefined,
      (e: unknown) => e as CliError,
    );
    expect([unknown?.message, unknown?.exitCode]).toEqual([
      'no schedule with id "nope" (see `vreport schedule list`)',
      1,
    ]);
    await scheduleRemove(id, q, (l) => lines.push(l));
    expect(lines.at(-1)).toBe(`removed schedule ${id}`);
    expect(await scheduleList(q, (l) => lines.push(l))).toEqual([]);
    expect(lines.at(-1)).toBe("no schedules");
    const missing = await scheduleRemove(id, q, () => {}).then(
      () => undefined,
      (e: unknown) => e as CliError,
    );
    expect(missing?.message).toMatch(/no schedule with id/);
  });
});
