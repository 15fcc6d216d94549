/**
 * Per-client monthly delivery (docs/jobs.md, "Per-client delivery" and "Waiting for complete
 * data"): an all-projects cycle without addresses gives each client its own report job, delayed to
 * its config slot in its timezone and emailed to its config recipients; a month whose last day is
 * not collected yet is delayed, and held at the deadline. Real Redis, the real service over HTTP
 * (behind a proxy that can withhold a platform's last day), a real config file, real SMTP.
 */
import { writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerCommand } from "../../src/cli/commands/worker.js";
import { createClient, type VreportClient } from "../../src/client/index.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { FullReport } from "../../src/contract/index.js";
import { clientDeliveryAt, monthBefore } from "../../src/jobs/client-delivery.js";
import { lastDayCheck } from "../../src/jobs/data-complete.js";
import { JOB_NAMES } from "../../src/jobs/job-data.js";
import { createProcessor, perClientJob } from "../../src/jobs/process-job.js";
import { enqueueReport, type OpenQueue, openQueue } from "../../src/jobs/queue.js";
import { clientReports } from "../../src/pipeline/client-reports.js";
import { migratedLocation } from "../_migrated-location.js";
import { startProxy, type TestProxy } from "../_proxy.js";
import { tempDir, testDir } from "../_tmp.js";
import { startSmtp, type TestSmtp } from "../email/_smtp-server.js";
import { dropPrefix, REDIS_URL, redisAvailable, uniquePrefix } from "./_redis.js";
import { startTestService, type TestService } from "./_service.js";
import { waitUntil } from "./_worker-log.js";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("a client's delivery slot", () => {
  it("is its day and hour in its timezone, in the month the cycle fires in", () => {
    // 9:00 on the 4th in Paris: CET (UTC+1) in December, CEST (UTC+2) in April.
    expect(clientDeliveryAt("2026-12", { day: 4, hour: 9 }, "Europe/Paris")).toBe(at("2026-12-04T08:00:00Z"));
    expect(clientDeliveryAt("2026-04", { day: 4, hour: 9 }, "Europe/Paris")).toBe(at("2026-04-04T07:00:00Z"));
    // 8:00 on the 2nd in New York: EST (UTC−5) in December.
    expect(clientDeliveryAt("2026-12", { day: 2, hour: 8 }, "America/New_York")).toBe(
      at("2026-12-02T13:00:00Z"),
    );
    expect(monthBefore("2026-01")).toBe("2025-12");
  });

  it("pins the month before, delays to the slot, and waits 48 hours past it by default", () => {
    const now = at("2026-12-01T05:00:00Z"); // 06:00 on the 1st in Paris, when the cycle fires
    const project = { id: "p", name: "Acme" } as Parameters<typeof perClientJob>[1];
    const data = {
      period: { named: "last-month" as const },
      formats: ["pdf" as const],
      out: "/o",
    };
    const slot = { schedule: { day: 4, hour: 9 }, timezone: "Europe/Paris" };
    expect(perClientJob({ clientSchedule: () => slot }, project, data, "2026-12-01", "UTC", now)).toEqual({
      data: {
        period: { month: "2026-11" },
        formats: ["pdf"],
        out: "/o",
        clientRecipients: true,
        dataDeadline: at("2026-12-06T08:00:00Z"),
      },
      delay: at("2026-12-04T08:00:00Z") - now, // 3 days 3 hours
    });
    // No slot: at once; the workspace's timezone is not needed; addresses given stay the recipients.
    const none = perClientJob({}, project, { ...data, email: ["a@b.test"] }, "2026-12-01", "UTC", now);
    expect(none).toEqual({
      data: {
        period: { month: "2026-11" },
        formats: ["pdf"],
        out: "/o",
        email: ["a@b.test"],
        dataDeadline: now + 48 * HOUR,
      },
      delay: 0,
    });
    // A slot already past (the 1st at 05:00 in Paris) sends at once, waiting its own hours from now.
    const past = { schedule: { day: 1, hour: 5, waitForDataHours: 6 }, timezone: "Europe/Paris" };
    expect(
      perClientJob({ clientSchedule: () => past }, project, data, "2026-12-01", "UTC", now),
    ).toMatchObject({
      data: { dataDeadline: now + 6 * HOUR },
      delay: 0,
    });
    // A wait without a slot: at the firing, waiting its own hours.
    const waitOnly = { schedule: { waitForDataHours: 0 } };
    expect(
      perClientJob({ clientSchedule: () => waitOnly }, project, data, "2026-12-01", "UTC", now),
    ).toMatchObject({ data: { dataDeadline: now }, delay: 0 });
  });

  it("takes a day and an hour together, or neither, in the config file", async () => {
    const dir = testDir("client-schedule");
    const file = join(dir, "vreport.config.json");
    await writeFile(
      file,
      JSON.stringify({ projects: [{ match: "Acme", schedule: { waitForDataHours: 0 } }] }),
    );
    expect((await loadConfig(file)).forProject({ id: "x", name: "Acme" }).schedule).toEqual({
      waitForDataHours: 0,
    });
    await writeFile(file, JSON.stringify({ projects: [{ match: "Acme", schedule: { day: 4 } }] }));
    await expect(loadConfig(file)).rejects.toThrow(
      `config file ${file}: projects[0] ("Acme").schedule: day and hour go together: give both for a slot, or neither to send at the cycle's firing`,
    );
  });
});

describe("the last collection day's check", () => {
  // Two prompts, two platforms; the period ends on Sunday 2026-11-29.
  const row = (date: string, snapshots: number) => ({ date, snapshots });
  const report = (
    gemini: { date: string; snapshots: number }[],
    prompts = [
      { snapshots: 40, created_at: "2026-01-05T09:00:00Z" },
      { snapshots: 38, created_at: "2026-01-05T09:00:00Z" },
    ],
  ) =>
    ({
      period: { start: "2026-11-01", end: "2026-11-29" },
      sections: [
        {
          key: "summary",
          totals: {
            prompts: prompts.filter((p) => p.snapshots > 0).length,
            snapshots: { current: prompts.reduce((n, p) => n + p.snapshots, 0) },
          },
        },
        { key: "prompts", rows: prompts },
        {
          key: "trend",
          by_platform: [
            { platform: "chatgpt", rows: [row("2026-11-27", 2), row("2026-11-29", 2)] },
            { platform: "gemini", rows: gemini },
          ],
        },
      ],
    }) as unknown as FullReport;
  const setup = (days: number[]) => ({
    platforms: ["chatgpt", "gemini"] as const,
    brand: { schedule: { days } },
  });

  it("expects one answer per prompt on every platform on the last day the schedule collects", () => {
    expect(
      lastDayCheck(report([row("2026-11-29", 1)]), { ...setup([]), platforms: ["chatgpt", "gemini"] }),
    ).toEqual({
      day: "2026-11-29",
      short: [{ platform: "gemini", answers: 1, expected: 2 }],
    });
    // Collecting Monday to Friday: Friday 2026-11-27 is the last day, complete on both.
    expect(
      lastDayCheck(report([row("2026-11-27", 2)]), {
        ...setup([1, 2, 3, 4, 5]),
        platforms: ["chatgpt", "gemini"],
      }),
    ).toEqual({ day: "2026-11-27", short: [] });
  });

  it("expects a prompt created before the day though unanswered, not one created after the period", () => {
    const platforms: ("chatgpt" | "gemini")[] = ["chatgpt", "gemini"];
    const three = [
      { snapshots: 40, created_at: "2026-01-05T09:00:00Z" },
      { snapshots: 38, created_at: "2026-01-05T09:00:00Z" },
      { snapshots: 0, created_at: "2026-11-20T09:00:00Z" },
    ];
    expect(lastDayCheck(report([row("2026-11-29", 2)], three), { ...setup([]), platforms }).short).toEqual([
      { platform: "chatgpt", answers: 2, expected: 3 },
      { platform: "gemini", answers: 2, expected: 3 },
    ]);
    const later = [...three.slice(0, 2), { snapshots: 0, created_at: "2026-11-30T09:00:00Z" }];
    expect(lastDayCheck(report([row("2026-11-29", 2)], later), { ...setup([]), platforms }).short).toEqual(
      [],
    );
  });

  it("never calls a period without a single answer complete, however its prompts were dated", () => {
    // An imported client: its prompts dated by the import, after the period, none answered in it.
    const imported = [
      { snapshots: 0, created_at: "2026-12-02T10:00:00Z" },
      { snapshots: 0, created_at: "2026-12-02T10:00:00Z" },
    ];
    const empty = {
      period: { start: "2026-11-01", end: "2026-11-29" },
      sections: [
        { key: "summary", totals: { prompts: 0, snapshots: { current: 0 } } },
        { key: "trend", by_platform: [] },
        { key: "prompts", rows: imported },
      ],
    } as unknown as FullReport;
    expect(lastDayCheck(empty, { ...setup([]), platforms: ["chatgpt", "gemini"] })).toEqual({
      day: "2026-11-29",
      short: [
        { platform: "chatgpt", answers: 0, expected: 2 },
        { platform: "gemini", answers: 0, expected: 2 },
      ],
    });
  });
});

const up = await redisAvailable();

describe.skipIf(!up)("a per-client monthly cycle on the real Redis", () => {
  let service: TestService;
  let proxy: TestProxy;
  let smtp: TestSmtp;
  let open: OpenQueue;
  let direct: VreportClient;
  const prefix = uniquePrefix("per-client");
  const dir = tempDir("per-client");
  const config = join(dir, "clients.json");
  /** When set, the proxy withholds Gemini's answers of 2025-06-30 from every report. */
  const state = { withhold: false };

  beforeAll(async () => {
    service = await startTestService();
    const target = new URL(service.baseUrl);
    proxy = await startProxy(target, async (req, res) => {
      if (!state.withhold || !(req.url ?? "").includes("/visibility/report?")) return false;
      const upstream = await fetch(`${target.origin}${req.url}`, {
        headers: { authorization: req.headers.authorization ?? "" },
      });
      const body = (await upstream.json()) as { data: FullReport };
      for (const s of body.data.sections)
        if (s.key === "trend")
          for (const p of s.by_platform)
            if (p.platform === "gemini") p.rows = p.rows.filter((r) => r.date !== "2025-06-30");
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
      return true;
    });
    smtp = await startSmtp();
    open = await openQueue({ redisUrl: REDIS_URL, prefix });
    direct = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const [brightwave, events] = service.projects;
    writeFileSync(
      config,
      JSON.stringify({
        review: "skip",
        projects: [
          {
            match: brightwave!.name,
            email: { to: ["cmo@brightwave.test"] },
            timezone: "Europe/Paris",
            schedule: { day: 4, hour: 9 },
          },
          {
            match: events!.name,
            email: { to: ["events@brightwave.test"] },
            timezone: "America/New_York",
            schedule: { day: 2, hour: 8, waitForDataHours: 6 },
          },
        ],
      }),
    );
  });
  afterAll(async () => {
    await open?.close();
    await dropPrefix(prefix);
    await Promise.all([proxy?.close(), smtp?.close()]);
    await service?.close();
  });

  /** Runs `vreport worker --config` (the CLI's own wiring) until `until` holds over its log lines. */
  async function runWorker(until: (lines: string[]) => boolean, what: string): Promise<string[]> {
    // Each run's delivery ledger is a database of its own, loaded from the run's migrated
    // snapshot rather than migrated anew in memory (about 2 s of PGlite per run).
    const ledger = await migratedLocation("pglite", "vreport-per-client-ledger-");
    const controller = new AbortController();
    const lines: string[] = [];
    const running = workerCommand(
      {
        prefix,
        redisUrl: REDIS_URL,
        baseUrl: proxy.url,
        apiKey: service.apiKey,
        smtpUrl: smtp.url,
        database: ledger.location,
        config,
      },
      { log: (l) => lines.push(l), signal: controller.signal },
    );
    try {
      await waitUntil(() => until(lines), 60_000, what);
    } finally {
      controller.abort();
      await running;
      await ledger.dispose();
    }
    return lines;
  }

  it("sends each client's report of the last month at its slot, to its own recipients", async () => {
    const loaded = await loadConfig(config);
    // The cycle fires at 06:00 on 1 July 2025 in Paris (04:00 UTC), the demo's month after June.
    const fired = at("2025-07-01T04:00:00Z");
    const fanOut = createProcessor({
      service: { client: direct, baseUrl: service.baseUrl, clientFor: () => direct, close: async () => {} },
      clients: await clientReports(loaded),
      queue: open.queue,
      clock: () => fired,
      clientSchedule: (p) => loaded.forProject(p),
    });
    const data = {
      allProjects: true,
      perClient: true,
      period: { named: "last-month" },
      formats: ["md"],
      out: dir,
    };
    const result = (await fanOut({ id: "cycle-1", name: JOB_NAMES.allProjects, data } as unknown as Job)) as {
      enqueued: string[];
    };
    const jobs = await Promise.all(result.enqueued.map((id) => open.queue.getJob(id)));
    const [brightwave, events] = service.projects;
    expect(
      jobs.map((j) => [j!.data.project, j!.data.period.month, j!.data.clientRecipients, j!.opts.delay]),
    ).toEqual([
      // Brightwave: 09:00 on the 4th in Paris (CEST) = 07:00 UTC, 3 days 3 hours after the firing.
      [brightwave!.id, "2025-06", true, 3 * 24 * HOUR + 3 * HOUR],
      // Events: 08:00 on the 2nd in New York (EDT) = 12:00 UTC, 1 day 8 hours after the firing.
      [events!.id, "2025-06", true, 24 * HOUR + 8 * HOUR],
    ]);
    expect(jobs.map((j) => j!.data.dataDeadline)).toEqual([
      at("2025-07-06T07:00:00Z"), // 48 hours past the slot (the default)
      at("2025-07-02T18:00:00Z"), // its own 6 hours
    ]);
    expect(await Promise.all(jobs.map((j) => j!.getState()))).toEqual(["delayed", "delayed"]);

    // Their slots come (promoted now rather than waited for); June is complete on every platform.
    for (const j of jobs) await j!.promote();
    await runWorker(
      (lines) => jobs.every((j) => lines.some((l) => l.startsWith(`completed report ${j!.id}`))),
      "both clients' reports are sent",
    );
    expect(smtp.received.map((m) => m.to).sort()).toEqual([
      ["cmo@brightwave.test"],
      ["events@brightwave.test"],
    ]);
  });

  it("delays a month whose last day is incomplete, then holds it at the deadline, unsent", async () => {
    state.withhold = true;
    smtp.received.length = 0;
    const events = service.projects[1]!;
    const month = "2025-06";
    const job = {
      project: events.id,
      asOf: "2025-07-02",
      period: { month },
      formats: ["md" as const],
    };
    const queued = await enqueueReport(open.queue, {
      ...job,
      out: join(dir, "held"),
      clientRecipients: true,
      dataDeadline: Date.now() + 24 * HOUR,
    });
    // Checked once, found short, and moved back to the delayed set to be checked again: the
    // worker's log says what is short, and when it looks again.
    const { summary } = await summaryOf(direct, events.id);
    const waiting = await runWorker(
      (lines) => lines.some((l) => l.startsWith("waiting for data:")),
      "the job waits for its data",
    );
    expect(waiting.find((l) => l.startsWith("waiting for data:"))).toMatch(
      new RegExp(
        `^waiting for data: ${events.name} 2025-06 \\(2025-06-30: gemini 0 of ${summary} answers\\); checked again at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, held if still short at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`,
      ),
    );
    await waitUntil(
      async () => (await open.queue.getJob(queued.id))?.getState().then((s) => s === "delayed") ?? false,
      30_000,
      "delayed",
    );
    expect(smtp.received).toEqual([]);

    // The deadline passes with Gemini's 30 June still missing: held, never sent.
    const held = (await open.queue.getJob(queued.id))!;
    const deadline = at("2025-07-02T18:00:00Z");
    await held.updateData({ ...held.data, dataDeadline: deadline });
    await held.promote();
    const reason = `held: 2025-06's last collection day is incomplete at the deadline 2025-07-02T18:00:00.000Z (2025-06-30: gemini 0 of ${summary} answers); not sent`;
    const lines = await runWorker(
      (l) => l.some((x) => x.startsWith(`failed report ${queued.id}`)),
      "the job is held",
    );
    expect(lines.find((l) => l.startsWith(`failed report ${queued.id}`))).toBe(
      `failed report ${queued.id}: ${reason}`,
    );
    expect((await open.queue.getJob(queued.id))!.failedReason).toBe(reason);
    expect(smtp.received).toEqual([]);
    state.withhold = false;
  });
});

/** The prompts the June report counts, read straight from the service (not through the check). */
async function summaryOf(client: VreportClient, project: string): Promise<{ summary: number }> {
  const report = await client.getReport({ project_id: project, start: "2025-06-01", end: "2025-06-30" });
  const s = report.sections.find((x) => x.key === "summary") as { totals: { prompts: number } };
  return { summary: s.totals.prompts };
}
