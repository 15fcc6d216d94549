/**
 * Worker processes end to end: `vreport worker` in child processes on the real Redis, reading the
 * real service over HTTP and rendering real reports (Markdown, for speed).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { enqueueCommand } from "../../src/cli/commands/enqueue.js";
import { scheduleAdd, scheduleRemove } from "../../src/cli/commands/schedule.js";
import { workerCommand } from "../../src/cli/commands/worker.js";
import type { ReportJobResult } from "../../src/jobs/job-data.js";
import { openQueue } from "../../src/jobs/queue.js";
import { snapshotDirectory } from "../_snapshots.js";
import { tempDir } from "../_tmp.js";
import { leaves, parseMime } from "../email/_mime.js";
import { startSmtp } from "../email/_smtp-server.js";
import { type BuiltCli, buildCli, type CliProcess, killAll, spawnCli } from "./_cli-process.js";
import { dropPrefix, REDIS_URL, redisAvailable, uniquePrefix } from "./_redis.js";
import { AS_OF, startTestService, type TestService } from "./_service.js";
import { completed, started, waitUntil } from "./_worker-log.js";

const up = await redisAvailable();
const dir = tempDir("workers");
let cli: BuiltCli;
let service: TestService;
const children: CliProcess[] = [];
const prefixes: string[] = [];

beforeAll(async () => {
  if (!up) return;
  cli = buildCli();
  service = await startTestService();
});
afterEach(async () => {
  await killAll(children.splice(0));
  for (const p of prefixes.splice(0)) await dropPrefix(p);
});
afterAll(async () => {
  await service?.close();
  cli?.dispose();
});

// Short locks make a killed worker's job stall fast; only the kill test uses them, because under
// load a live worker can miss a 2 s lock renewal and BullMQ (at-least-once) would run a job twice.
const FAST_STALL = ["--lock-duration", "2000", "--stalled-interval", "1000"];

function startWorker(prefix: string, baseUrl: string, extra: string[] = []): CliProcess {
  const c = spawnCli(cli, ["worker", "--concurrency", "2", ...extra], {
    REDIS_URL,
    VREPORT_QUEUE_PREFIX: prefix,
    VREPORT_BASE_URL: baseUrl,
    VREPORT_API_KEY: service.apiKey,
  });
  children.push(c);
  return c;
}

/** Enqueues report jobs for the test service on the queue under `prefix`. */
function enqueueJobs(
  prefix: string,
  options: Omit<Parameters<typeof enqueueCommand>[0], "baseUrl" | "apiKey" | "prefix" | "redisUrl">,
) {
  return enqueueCommand(
    { ...options, baseUrl: service.baseUrl, apiKey: service.apiKey, prefix, redisUrl: REDIS_URL },
    () => {},
  );
}

describe.skipIf(!up)("vreport worker processes on the real Redis", () => {
  it("two workers drain 20 jobs, none rendered twice; enqueueing them again adds nothing", async () => {
    const prefix = uniquePrefix("drain");
    prefixes.push(prefix);
    const a = startWorker(prefix, service.baseUrl);
    const b = startWorker(prefix, service.baseUrl);
    await Promise.all([a.waitFor(/consuming vreport-reports/), b.waitFor(/consuming vreport-reports/)]);

    // 10 as-of days × 2 projects: 20 distinct job ids, each writing into its own directory.
    const days = Array.from({ length: 10 }, (_, i) => `2025-06-${String(11 + i).padStart(2, "0")}`);
    const enqueue = () =>
      Promise.all(
        days.map((asOf) =>
          enqueueJobs(prefix, { allProjects: true, formats: "md", asOf, out: join(dir, "drain", asOf) }),
        ),
      );
    const jobIds = (await enqueue()).flat().map((r) => r.id);
    expect(new Set(jobIds).size).toBe(20);

    await waitUntil(() => completed(a).length + completed(b).length >= 20, 90_000, "20 completed jobs");
    const all = [...started(a), ...started(b)];
    expect(all.sort()).toEqual([...jobIds].sort());
    expect([...completed(a), ...completed(b)].sort()).toEqual([...jobIds].sort());
    expect(started(a).length).toBeGreaterThan(0);
    expect(started(b).length).toBeGreaterThan(0);
    for (const day of days) {
      const files = readdirSync(join(dir, "drain", day)).filter((f) => f.endsWith(".md"));
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith(`-ai-visibility-30d-${AS_OF}.md`))).toBe(true);
      // No temporary file left behind by the atomic writes.
      expect(readdirSync(join(dir, "drain", day)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    }
    const again = (await enqueue()).flat();
    expect(again.every((r) => !r.created && r.state === "completed")).toBe(true);

    const { queue, close } = await openQueue({ redisUrl: REDIS_URL, prefix });
    try {
      const counts = await queue.getJobCounts("completed", "failed", "waiting", "active");
      expect(counts).toMatchObject({ completed: 20, failed: 0, waiting: 0, active: 0 });
      const job = await queue.getJob(jobIds[0]!);
      const result = job?.returnvalue as ReportJobResult;
      expect(result.files[0]?.path).toMatch(/\.md$/);
      expect(result.asOf).toBe(AS_OF);
      expect(readFileSync(result.files[0]!.path, "utf8")).toContain("# AI visibility report");
    } finally {
      await close();
    }
  });

  it("a worker killed mid-job (SIGKILL) has its job retried and completed by the other", async () => {
    const prefix = uniquePrefix("kill");
    prefixes.push(prefix);
    service.proxy.delayMs = 700; // every request slow: the job is surely still running when killed
    try {
      // Both workers consume; whichever takes the job is killed, and the other must finish it.
      const workers = [
        startWorker(prefix, service.proxyUrl, FAST_STALL),
        startWorker(prefix, service.proxyUrl, FAST_STALL),
      ];
      for (const w of workers) await w.waitFor(/consuming vreport-reports/);
      const [job] = await enqueueJobs(prefix, {
        project: service.projects[0]!.id,
        formats: "md",
        out: join(dir, "kill"),
      });
      await waitUntil(
        () => workers.some((w) => started(w).includes(job!.id)),
        30_000,
        "a worker starts the job",
      );
      const a = workers.find((w) => started(w).includes(job!.id))!;
      const b = workers.find((w) => w !== a)!;
      a.child.kill("SIGKILL");
      await a.exited;
      expect(completed(a)).toEqual([]);

      await b.waitFor(new RegExp(`completed report ${job!.id}`), 60_000);
      const { queue, close } = await openQueue({ redisUrl: REDIS_URL, prefix });
      try {
        const done = await queue.getJob(job!.id);
        expect(await done?.getState()).toBe("completed");
        const result = done!.returnvalue as ReportJobResult;
        expect(result.worker).toMatch(new RegExp(`:${b.pid}$`));
        expect(existsSync(result.files[0]!.path)).toBe(true);
      } finally {
        await close();
      }
    } finally {
      service.proxy.delayMs = 0;
    }
  });

  it("SIGTERM lets the current job finish, then the worker exits 0", async () => {
    const prefix = uniquePrefix("term");
    prefixes.push(prefix);
    service.proxy.delayMs = 400;
    try {
      const a = startWorker(prefix, service.proxyUrl);
      await a.waitFor(/consuming vreport-reports/);
      const [job] = await enqueueJobs(prefix, {
        project: service.projects[1]!.id,
        formats: "md",
        out: join(dir, "term"),
      });
      await a.waitFor(new RegExp(`started report ${job!.id}`));
      a.child.kill("SIGTERM");
      expect(await a.exited).toBe(0);
      const order = a.lines
        .map((l) =>
          /stopping/.test(l)
            ? "stopping"
            : /completed report/.test(l)
              ? "completed"
              : /: stopped$/.test(l)
                ? "stopped"
                : "",
        )
        .filter(Boolean);
      expect(order).toEqual(["stopping", "completed", "stopped"]);
    } finally {
      service.proxy.delayMs = 0;
    }
  });

  it("a schedule fires and its report is produced (in-process workerCommand)", async () => {
    const prefix = uniquePrefix("cron");
    prefixes.push(prefix);
    const out = join(dir, "cron");
    const id = await scheduleAdd(
      {
        cron: "* * * * * *",
        tz: "Europe/Paris",
        project: service.projects[0]!.id,
        formats: "md",
        range: "7d",
        out,
        prefix,
        redisUrl: REDIS_URL,
      },
      () => {},
    );
    const controller = new AbortController();
    const lines: string[] = [];
    const running = workerCommand(
      { prefix, redisUrl: REDIS_URL, baseUrl: service.baseUrl, apiKey: service.apiKey },
      { log: (l) => lines.push(l), signal: controller.signal },
    );
    try {
      await waitUntil(
        () => lines.some((l) => /^completed report repeat/.test(l)),
        30_000,
        "a scheduled job completes",
      );
    } finally {
      await scheduleRemove(id, { prefix, redisUrl: REDIS_URL }, () => {});
      controller.abort();
      await running;
    }
    expect(readdirSync(out).filter((f) => f.endsWith(`-ai-visibility-7d-${AS_OF}.md`))).toHaveLength(1);
    expect(lines.at(-1)).toBe("stopped");
  });
});

describe.skipIf(!up)("vreport worker with email", () => {
  /** Enqueues one emailed report job and waits for the worker's line saying it completed. */
  /**
   * Runs a worker against a local SMTP server (with `extra` worker flags) until the report job of
   * `project` with `--email` completes; returns what the server received and the worker's lines.
   */
  async function emailedByWorker(
    project: string,
    job: { formats: string; out: string; email: string },
    extra: Partial<Parameters<typeof workerCommand>[0]>,
  ) {
    const smtp = await startSmtp();
    // The delivery ledger: one in-process worker, so a database of its own is enough; a PGlite
    // directory holding the run's migrated snapshot (test/_snapshots.ts `snapshotDirectory`), not migrated anew.
    const ledger = join(dir, `ledger-${job.out}`);
    await snapshotDirectory("empty", ledger);
    const prefix = uniquePrefix(job.out);
    prefixes.push(prefix);
    const controller = new AbortController();
    const lines: string[] = [];
    const running = workerCommand(
      {
        prefix,
        redisUrl: REDIS_URL,
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
        smtpUrl: smtp.url,
        database: ledger,
        ...extra,
      },
      { log: (l) => lines.push(l), signal: controller.signal },
    );
    try {
      const [queued] = await enqueueJobs(prefix, {
        project,
        formats: job.formats,
        out: join(dir, job.out),
        email: job.email,
      });
      await waitUntil(
        () => lines.some((l) => l.startsWith(`completed report ${queued!.id}`)),
        30_000,
        "the job completes",
      );
    } finally {
      controller.abort();
      await running;
      await smtp.close();
    }
    return { received: smtp.received, lines };
  }

  it("refuses to email without a delivery ledger: exit 2 naming --database, before reaching Redis", async () => {
    await expect(
      workerCommand(
        {
          redisUrl: "redis://127.0.0.1:1",
          baseUrl: service.baseUrl,
          apiKey: service.apiKey,
          smtpUrl: "smtp://127.0.0.1:2",
        },
        { log: () => {} },
      ),
    ).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(
        /^a worker that emails records each send in the database.*give --database/,
      ),
    });
  });

  it.each([
    ["-1", 'invalid --chart-threads "-1": allowed values are a whole number, 0 or more'],
    ["1.5", 'invalid --chart-threads "1.5": allowed values are a whole number, 0 or more'],
  ])("refuses --chart-threads %s with exit 2, before reaching Redis", async (chartThreads, message) => {
    await expect(
      workerCommand({ redisUrl: "redis://127.0.0.1:1", chartThreads }, { log: () => {} }),
    ).rejects.toMatchObject({ exitCode: 2, message });
  });

  it("applies each client's own settings from the config file: its targets, notes and email", async () => {
    const project = service.projects[0]!;
    const config = join(dir, "clients.json");
    // Written for the job's period (the default 30 days to the service's day): docs/notes.md.
    writeFileSync(
      join(dir, "client-notes.md"),
      `<!-- period: 30d-${AS_OF} -->\n## summary\n\nOur note for this client.\n`,
    );
    writeFileSync(
      config,
      JSON.stringify({
        projects: [
          {
            match: project.name,
            notes: "client-notes.md",
            targets: { mention_rate: 0.99 },
            email: { cc: ["am@agency.test"], subject: "For {{project}}" },
            // Sent without an approval (docs/review.md); test/review/worker-gate.test.ts gates one.
            review: "skip",
          },
        ],
      }),
    );
    const { received: mails } = await emailedByWorker(
      project.id,
      { formats: "md", out: "clients", email: "cmo@client.test" },
      { config },
    );
    const md = readFileSync(
      join(dir, "clients", readdirSync(join(dir, "clients")).find((f) => f.endsWith(".md"))!),
      "utf8",
    );
    expect(md).toContain("Our note for this client.");
    expect(md).toMatch(/\| All platforms \| Mention rate \| 99\.0% \|/);
    expect(mails.map((m) => m.to.sort())).toEqual([["am@agency.test", "cmo@client.test"]]);
    expect(parseMime(mails[0]!.raw).headers.get("subject")).toBe(`For ${project.name}`);
  });

  it("emails the rendered report of a job with --email to the local SMTP server", async () => {
    const project = service.projects[0]!;
    const { received, lines } = await emailedByWorker(
      project.id,
      { formats: "md,xlsx", out: "mail", email: "alice@client.test,bob@client.test" },
      { emailFrom: "Agency <reports@agency.test>" },
    );
    expect(received).toHaveLength(1);
    expect(lines.find((l) => l.startsWith("completed report"))).toMatch(
      /; emailed to alice@client\.test, bob@client\.test$/,
    );
    const mail = received[0]!;
    expect(mail.to.sort()).toEqual(["alice@client.test", "bob@client.test"]);
    const message = parseMime(mail.raw);
    // The 30 days to 30 June are June: named as the month.
    expect(message.headers.get("subject")).toBe(`AI visibility report — ${project.name} — June 2025`);
    const files = readdirSync(join(dir, "mail"))
      .filter((f) => /\.(md|xlsx)$/.test(f))
      .sort();
    const attachments = leaves(message).filter((p) => p.filename);
    expect(attachments.map((a) => a.filename)).toEqual(files);
    expect(attachments.map((a) => a.contentType)).toEqual([
      "text/markdown",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
    expect(attachments[0]!.body.toString("utf8")).toBe(readFileSync(join(dir, "mail", files[0]!), "utf8"));
    const html = leaves(message)
      .find((p) => p.contentType === "text/html")!
      .body.toString("utf8");
    expect(html).toContain("<h2>Executive summary</h2>");
    expect(html.match(/<li>/g)?.length).toBeGreaterThan(2);
  });
});
