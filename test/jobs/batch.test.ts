import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBatchProgress, progressBar } from "../../src/cli/batch-progress.js";
import { printBatchSummary } from "../../src/cli/batch-summary.js";
import { runGenerate } from "../../src/cli/commands/generate.js";
import { parseGenerateFlags } from "../../src/cli/commands/generate-options.js";
import { seedNotice } from "../../src/cli/connect-service.js";
import { CliError } from "../../src/cli/errors.js";
import type { Io } from "../../src/cli/io.js";
import { createClient, NotFoundError } from "../../src/client/index.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { Project } from "../../src/contract/index.js";
import { type BatchEvent, runBatch } from "../../src/jobs/batch.js";
import type { RenderedReport } from "../../src/pipeline/generate-report.js";
import { periodAsOf } from "../../src/report/period.js";
import { tempDir } from "../_tmp.js";
import { leaves, type MimePart, parseMime } from "../email/_mime.js";
import { startSmtp } from "../email/_smtp-server.js";
import { AS_OF, startTestService, type TestService } from "./_service.js";

const dir = tempDir("batch");
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

const project = (i: number): Project => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `P${i}`,
  brand_name: `P${i}`,
  brand_domain: `p${i}.test`,
  status: "ACTIVE" as Project["status"],
  created_at: "2025-01-01T00:00:00Z",
});

function captureIo(tty: boolean): Io & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { tty, outLines, errLines, out: (l) => outLines.push(l), err: (l) => errLines.push(l) };
}

describe("runBatch scheduling", () => {
  it("keeps at most `concurrency` reports in flight and returns results in project order", async () => {
    let inFlight = 0;
    let peak = 0;
    const render = async (_c: unknown, job: { project: Project }): Promise<RenderedReport> => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await sleep(20 + (Number(job.project.name.slice(1)) % 3) * 15);
      inFlight--;
      if (job.project.name === "P4") throw new Error("boom");
      return {
        files: [{ format: "md", path: `/x/${job.project.name}.md`, bytes: 2048, assets: [] }],
        cover: {} as RenderedReport["cover"],
        agency: "vreport",
        headline: [],
        locale: "en-US",
        findings: [],
      };
    };
    const events: BatchEvent[] = [];
    const projects = Array.from({ length: 9 }, (_, i) => project(i));
    const results = await runBatch(
      createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" }),
      projects,
      (project) => ({ job: { project } }) as never,
      {
        concurrency: 3,
        render,
        onProgress: (e) => events.push(e),
      },
    );
    expect(peak).toBe(3);
    expect(results.map((r) => r.project.name)).toEqual(projects.map((p) => p.name));
    expect(results.filter((r) => r.error).map((r) => r.project.name)).toEqual(["P4"]);
    expect(results[0]?.bytes).toBe(2048);
    expect(events.filter((e) => e.type === "start")).toHaveLength(9);
    expect(events.at(-1)).toMatchObject({ type: "done", done: 9, total: 9, running: [] });
  });
});

describe("runBatch against the real service", () => {
  it("renders every project; one that 404s is recorded and the others go on; the summary names it", async () => {
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, retries: 0 });
    const { projects } = await client.listProjects();
    const ghost = { ...project(404), name: "Ghost Project" };
    const { branding } = await loadConfig();
    const out = join(dir, "batch");
    const results = await runBatch(
      client,
      [projects[0]!, ghost, ...projects.slice(1)],
      (project) => ({
        job: {
          project,
          period: periodAsOf({ range: "30d" }, { timezone: "UTC", asOf: AS_OF }),
          formats: ["md", "xlsx"],
          outDir: out,
          branding,
          render: {},
        },
      }),
      { concurrency: 2 },
    );
    expect(results).toHaveLength(projects.length + 1);
    const failed = results.filter((r) => r.error);
    expect(failed.map((r) => r.project.name)).toEqual(["Ghost Project"]);
    expect(failed[0]?.error).toBeInstanceOf(NotFoundError);
    for (const r of results.filter((x) => !x.error)) {
      expect(r.files.map((f) => f.format)).toEqual(["md", "xlsx"]);
      for (const f of r.files) {
        expect(existsSync(f.path)).toBe(true);
        expect(basename(f.path)).toMatch(new RegExp(`-ai-visibility-30d-${AS_OF}\\.(md|xlsx)$`));
      }
      expect(r.bytes).toBe(r.files.reduce((s, f) => s + f.bytes, 0));
    }

    const io = captureIo(false);
    // A terminal wide enough for every column (an 80-column one: test/cli/batch-summary-width.test.ts).
    printBatchSummary(results, io, 240);
    expect(io.outLines[0]).toMatch(/^project\s+formats\s+files\s+sizes\s+time\s+error$/);
    const ghostRow = io.outLines.find((l) => l.startsWith("Ghost Project"));
    expect(ghostRow).toMatch(/Ghost Project\s+-\s+-\s+-\s+\d+(\.\d)? (ms|s)\s+.*not found/);
    expect(io.outLines.find((l) => l.startsWith(projects[0]!.name))).toMatch(
      /md,xlsx\s+\S+\.\{md,xlsx\}\s+\d+ kB \d+ kB/,
    );
    expect(io.outLines.at(-2)).toBe(
      `${projects.length} of ${projects.length + 1} projects rendered (${io.outLines.at(-2)?.split("(")[1]}`,
    );
    expect(io.outLines.at(-1)).toBe(`failed: Ghost Project: ${failed[0]?.error?.message}`);
  });
});

describe("runGenerate (generate --all-projects)", () => {
  it("draws a progress bar on a terminal, prints the summary, and fails naming the project that 404ed", async () => {
    const out = join(dir, "all");
    const opts = parseGenerateFlags(
      { allProjects: true, format: "md", out, baseUrl: service.proxyUrl, apiKey: service.apiKey },
      {},
    );
    const io = captureIo(true);
    const drawn: string[] = [];
    service.proxy.notFoundProject = service.projects[1]!.id;
    try {
      const err = await runGenerate(opts, io, { concurrency: 2, write: (s) => drawn.push(s) }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(CliError);
      expect((err as CliError).exitCode).toBe(1);
      expect((err as CliError).message).toBe(
        `1 of ${service.projects.length} projects failed: ${service.projects[1]!.name} (${service.projects[1]!.id})`,
      );
    } finally {
      delete service.proxy.notFoundProject;
    }
    // Redrawn in place: every frame starts by clearing the line; the failure is printed above the bar.
    expect(drawn.every((s) => s.startsWith("\r\x1b[2K"))).toBe(true);
    expect(drawn.some((s) => s.includes(`rendering ${service.projects[0]!.name}`))).toBe(true);
    expect(drawn.some((s) => s.includes(`✗ ${service.projects[1]!.name}:`))).toBe(true);
    expect(drawn.some((s) => s.includes(`] ${service.projects.length}/${service.projects.length}`))).toBe(
      true,
    );
    expect(drawn.at(-1)).toBe("\r\x1b[2K");
    expect(io.outLines.at(-1)).toMatch(new RegExp(`^failed: ${service.projects[1]!.name}: .*not found`));
    expect(readFileSync(join(out, readdirMd(out)[0]!), "utf8")).toContain("# AI visibility report");
  });

  it("prints plain lines when not on a terminal and returns the results when all succeed", async () => {
    const opts = parseGenerateFlags(
      {
        allProjects: true,
        format: "md",
        out: join(dir, "plain"),
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
      },
      {},
    );
    const io = captureIo(false);
    const results = await runGenerate(opts, io, { concurrency: 1 });
    expect(results.every((r) => !r.error)).toBe(true);
    expect(io.errLines[0]).toBe(`[1/${results.length}] ${service.projects[0]!.name}: rendering…`);
    expect(io.errLines[1]).toMatch(
      new RegExp(`^\\[1/${results.length}\\] ${service.projects[0]!.name}: done in .* \\(1 file\\)$`),
    );
    expect(io.outLines.at(-1)).toMatch(
      new RegExp(`^${results.length} of ${results.length} projects rendered`),
    );
  });
});

describe("summary with email", () => {
  it("says where each emailed report went, and which projects failed", () => {
    const io = captureIo(false);
    const file = (format: "pdf" | "md", bytes: number) => ({
      format,
      path: `/r/p.${format}`,
      bytes,
      assets: [],
    });
    printBatchSummary(
      [
        {
          project: project(1),
          files: [file("pdf", 2048), file("md", 1024)],
          bytes: 3072,
          ms: 1500,
          emailed: ["a@client.test", "b@client.test"],
        },
        {
          project: project(2),
          files: [file("md", 1024)],
          bytes: 1024,
          ms: 900,
          emailed: [],
          error: new Error("email to a@client.test not delivered after 4 attempts: 550 no"),
        },
      ],
      io,
    );
    expect(io.outLines.slice(-3)).toEqual([
      "1 of 2 projects rendered (4 kB)",
      "emailed P1 to a@client.test, b@client.test",
      "failed: P2: email to a@client.test not delivered after 4 attempts: 550 no",
    ]);
  });

  it("names the recipients in the plain progress line", () => {
    const io = captureIo(false);
    const p = createBatchProgress(io);
    p.onProgress({
      type: "done",
      result: {
        project: project(1),
        files: [{ format: "md", path: "/r/p.md", bytes: 10, assets: [] }],
        bytes: 10,
        ms: 1500,
        emailed: ["a@client.test"],
      },
      index: 0,
      done: 1,
      total: 1,
      running: [],
    });
    expect(io.errLines).toEqual(["[1/1] P1: done in 1.5 s (1 file, emailed to a@client.test)"]);
  });
});

describe("seeding notice", () => {
  it("says what is being seeded and that it takes a while, before the embedded demo goes quiet", () => {
    const io = captureIo(false);
    seedNotice(io)({ database: ".vreport/db", asOf: "2026-11-01" });
    expect(io.errLines).toEqual([
      "vreport: seeding the demo workspace as of 2026-11-01 into .vreport/db (about 30 s, longer on a busy machine)…",
    ]);
  });
});

describe("progress rendering", () => {
  it("draws a bar naming the projects in flight", () => {
    expect(progressBar(3, 12, ["Acme", "Beta"])).toBe(
      "[██████░░░░░░░░░░░░░░░░░░] 3/12  rendering Acme, Beta",
    );
    expect(progressBar(0, 0, [])).toBe(`[${"█".repeat(24)}] 0/0`);
    const frames: string[] = [];
    const p = createBatchProgress(captureIo(true), (s) => frames.push(s));
    p.finish();
    expect(frames).toEqual([]);
  });
});

function readdirMd(d: string): string[] {
  return readdirSync(d).filter((f) => f.endsWith(".md"));
}

describe("per-client delivery (config projects, docs/email.md)", () => {
  const allProjects = (out: string, config: string) =>
    parseGenerateFlags(
      {
        allProjects: true,
        format: "md",
        out: join(dir, out),
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
        config,
      },
      {},
    );
  /** `--email` without addresses, as parseEmailFlags gives it. */
  const emailAlone = (smtpUrl: string) => ({
    smtpUrl,
    from: "vreport <reports@localhost>",
    maxAttachmentBytes: 10_485_760,
    to: [],
  });

  it("emails each client its own report: its recipients, cc, sender, subject and body", async () => {
    const smtp = await startSmtp();
    const [first, second] = service.projects as [Project, Project];
    const config = join(dir, "clients.json");
    writeFileSync(
      config,
      JSON.stringify({
        agencyName: "Northwind Digital",
        email: {
          from: "Northwind <reports@northwind.example>",
          subject: "{{agency}} · {{project}} · {{period}}",
          body: "Hello,\n\n{{headline}}\n\n{{#each kpis}}- {{label}}: {{value}} ({{change}})\n{{/each}}\n— {{agency}}",
        },
        projects: [
          {
            match: first.name.toUpperCase(),
            notes: "first-notes.md",
            email: { to: ["cmo@first.example"], cc: ["am@northwind.example"] },
          },
          {
            match: second.id,
            locale: "de-DE",
            timezone: "Asia/Tokyo",
            email: { to: ["ceo@second.example"], replyTo: "am@northwind.example" },
          },
        ],
      }),
    );
    try {
      // `--email` alone: each client's recipients from the config file.
      // The first client's own commentary: in its report only.
      // Written for this run's period (the default 30 days to the service's day): docs/notes.md.
      writeFileSync(
        join(dir, "first-notes.md"),
        `<!-- period: 30d-${AS_OF} -->\n## executive_summary\n\nOur work for the first client.\n`,
      );
      const results = await runGenerate(allProjects("mail", config), captureIo(false), {
        concurrency: 1,
        email: emailAlone(smtp.url),
      });
      const reports = results.map((r) => readFileSync(r.files[0]!.path, "utf8"));
      expect(reports.map((md) => md.includes("Our work for the first client."))).toEqual([true, false]);
      // The second client's own timezone: its methodology names it, the first's does not.
      expect(reports.map((md) => md.includes("Asia/Tokyo"))).toEqual([false, true]);
      expect(results.map((r) => [r.project.name, r.emailed, r.error?.message])).toEqual([
        [first.name, ["cmo@first.example", "am@northwind.example"], undefined],
        [second.name, ["ceo@second.example"], undefined],
      ]);
      expect(smtp.received.map((m) => [m.from, m.to])).toEqual([
        ["reports@northwind.example", ["cmo@first.example", "am@northwind.example"]],
        ["reports@northwind.example", ["ceo@second.example"]],
      ]);
      const [a, b] = smtp.received.map((m) => parseMime(m.raw));
      const text = (m: MimePart) =>
        leaves(m)
          .find((p) => p.contentType === "text/plain")
          ?.body.toString("utf8") ?? "";
      // The 30 days to 30 June are June: the email names the month, as a calendar report does.
      expect(a!.headers.get("subject")).toBe(`Northwind Digital · ${first.name} · June 2025`);
      expect(a!.headers.get("cc")).toBe("am@northwind.example");
      expect(text(a!)).toMatch(/^Hello,\s/);
      // The KPI lines read as the report's cards: the change against the previous period's figure.
      expect(text(a!)).toMatch(
        /- Mention rate: \d+\.\d% \([+−]?\d+\.\d\spp vs \d+\.\d%(, no significant change)?\)/,
      );
      expect(text(a!)).toMatch(/- Answers analysed: [\d,]+ \([+−]?[\d,]+ vs [\d,]+\)/);
      // The text part lists the files in words, as the built-in one does: no Markdown heading.
      expect(text(a!)).not.toContain("## ");
      expect(text(a!)).toMatch(/\r?\nAttached\r?\n- /);
      expect(text(a!)).toContain("— Northwind Digital");
      expect(leaves(a!).some((p) => p.filename?.endsWith(".md"))).toBe(true);
      // The German client's {{period}} as its report writes it.
      expect(b!.headers.get("subject")).toBe(`Northwind Digital · ${second.name} · Juni 2025`);
      expect(b!.headers.get("reply-to")).toBe("am@northwind.example");
      // The second client's report is in German, and so are the figures its email quotes.
      expect(text(b!)).toMatch(
        /- Erwähnungsrate: \d+,\d\u00a0% \((?:[+\u2212]\d+,\d|0,0)\u00a0Pp\. ggü\. \d+,\d\u00a0%(, keine signifikante Veränderung)?\)/,
      );
      expect(b!.headers.has("cc")).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it("fails only the client nobody is to receive, naming it and the way to fix it", async () => {
    const smtp = await startSmtp();
    const [first] = service.projects as [Project];
    const config = join(dir, "one-client.json");
    writeFileSync(
      config,
      JSON.stringify({ projects: [{ match: first.id, email: { to: ["cmo@first.example"] } }] }),
    );
    try {
      const io = captureIo(false);
      const err = await runGenerate(allProjects("mail-one", config), io, {
        concurrency: 1,
        email: emailAlone(smtp.url),
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CliError);
      expect(smtp.received.map((m) => m.to)).toEqual([["cmo@first.example"]]);
      const failed = service.projects.slice(1).map((p) => p.name);
      expect(io.outLines.at(-1)).toBe(
        `failed: ${failed[0]}: no recipients for ${failed[0]}: give --email addresses, or email.to for it in the config file`,
      );
    } finally {
      await smtp.close();
    }
  });
});
