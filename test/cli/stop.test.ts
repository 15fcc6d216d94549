/**
 * Stopping a run (docs/decisions.md, "Stopping"): SIGTERM and SIGINT stop `generate` while it
 * prints a PDF, write nothing further, remove its staging, close Chromium and exit 143 or 130
 * (SIGTERM used to let the run relaunch Chromium and finish with exit 0); SIGKILL cannot be
 * handled, but Chromium dies with the run (it talks to it over a pipe) and the next run removes
 * the dead run's staging folder and partial workbook. `serve --desk` stops on SIGTERM after
 * its desk has printed and emailed a PDF (its Chromium used to keep the process alive).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SNAPSHOT_AS_OF, snapshotDirectory } from "../_snapshots.js";
import { startSmtp } from "../email/_smtp-server.js";
import { type BuiltCli, buildCli, type CliProcess, spawnCli } from "../jobs/_cli-process.js";
import { commandLocation, type FreshLocation } from "../store/_databases.js";

/** The processes whose `/proc/<pid>/stat` field after the state (0: parent, 1: process group) is `value`. */
function processesWhere(field: 0 | 1, value: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[field + 1]) === value;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The processes whose parent is `pid`. */
const children = (pid: number): number[] => processesWhere(0, pid);

/** The processes of process group `pgid` (Chromium's tree: puppeteer starts it as a group leader). */
const group = (pgid: number): number[] => processesWhere(1, pgid);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds (or `ms` pass); returns whether it held. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (check()) return true;
  return check();
}

describe("stopping vreport generate", () => {
  let cli: BuiltCli;
  let db: FreshLocation;
  beforeAll(async () => {
    cli = buildCli();
    db = await commandLocation("pglite", "vreport-stop-");
    await snapshotDirectory("jobs", db.location);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
    cli?.dispose();
  });

  const generate = (out: string, format = "pdf"): CliProcess =>
    spawnCli(
      cli,
      ["generate", "--database", db.location, "--as-of", SNAPSHOT_AS_OF, "--format", format, "--out", out],
      {},
    );

  /** A PDF run, once its Chromium runs and it renders; Chromium's process group id. */
  async function printing(out: string): Promise<{ run: CliProcess; chromium: number }> {
    const run = generate(out);
    expect(await until(() => children(run.pid).length > 0, 60_000)).toBe(true);
    const chromium = children(run.pid)[0] as number;
    await run.waitFor(/rendering/, 60_000);
    await sleep(300);
    return { run, chromium };
  }

  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    it(`${signal}: exits ${code} within seconds, writes nothing, leaves no staging and no Chromium`, async () => {
      const out = join(cli.dir, `out-${signal}`);
      const { run, chromium } = await printing(out);
      const sent = Date.now();
      run.child.kill(signal);
      expect(await run.exited).toBe(code);
      expect(Date.now() - sent).toBeLessThan(6000);
      expect(run.lines).toContain(`vreport: stopped by ${signal}: nothing further written`);
      expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
      expect(await until(() => group(chromium).length === 0, 5000)).toBe(true);
    }, 120_000);
  }

  it("SIGKILL: Chromium dies with the run; the next run removes what the dead run left", async () => {
    const out = join(cli.dir, "out-kill");
    const { run, chromium } = await printing(out);
    expect(group(chromium).length).toBeGreaterThan(0);
    run.child.kill("SIGKILL");
    await run.exited;
    expect(await until(() => group(chromium).length === 0, 5000)).toBe(true);

    // What a run killed while writing leaves, under the dead run's process id; and the same of a
    // live process (this one), which a run into the same folder must leave alone.
    mkdirSync(out, { recursive: true });
    const dead = [
      `.vreport-staging-${run.pid}-0a1b2c3d4e5f`,
      `.brightwave-answers.${run.pid}-0a1b2c3d4e5f.partial`,
    ];
    const live = [
      `.vreport-staging-${process.pid}-0a1b2c3d4e5f`,
      `.brightwave-answers.${process.pid}-0a1b2c3d4e5f.partial`,
    ];
    mkdirSync(join(out, dead[0] as string));
    writeFileSync(join(out, dead[0] as string, "report.pdf"), "%PDF-");
    writeFileSync(join(out, dead[1] as string), "PK");
    mkdirSync(join(out, live[0] as string));
    writeFileSync(join(out, live[1] as string), "PK");
    const next = generate(out, "md");
    expect(await next.exited).toBe(0);
    const left = readdirSync(out);
    for (const name of dead) expect(left).not.toContain(name);
    for (const name of live) expect(left).toContain(name);
    expect(left.filter((n) => n.endsWith(".md"))).toHaveLength(1);
  }, 180_000);
});

describe("stopping vreport serve --desk", () => {
  let cli: BuiltCli;
  let db: FreshLocation;
  beforeAll(async () => {
    cli = buildCli();
    db = await commandLocation("pglite", "vreport-stop-desk-");
    await snapshotDirectory("jobs", db.location);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
    cli?.dispose();
  });

  it("SIGTERM after the desk emailed a PDF: the service exits within seconds and leaves no Chromium", async () => {
    const smtp = await startSmtp();
    const config = join(cli.dir, "vreport.config.json");
    writeFileSync(
      config,
      JSON.stringify({
        projects: [{ match: "Brightwave", review: "required", email: { to: ["cmo@brightwave.example"] } }],
      }),
    );
    const serve = spawnCli(
      cli,
      [
        "serve",
        "--database",
        db.location,
        // The day after the data's last: June is over, as a desk's month must be.
        "--as-of",
        "2025-07-01",
        "--port",
        "0",
        "--desk",
        "--month",
        "2025-06",
        "--config",
        config,
        "--desk-formats",
        "pdf",
        "--smtp-url",
        smtp.url,
        "--out",
        join(cli.dir, "desk-out"),
      ],
      {},
    );
    try {
      const link = /review desk at (\S+)/.exec(await serve.waitFor(/review desk at /, 60_000))![1]!;
      const origin = new URL(link).origin;
      const signedIn = await fetch(link, { redirect: "manual" });
      const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
      const desk = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(desk)![1]!;
      const project = /data-project="([0-9a-f-]{36})"><h2>Brightwave<\/h2>/.exec(desk)![1]!;
      const approved = await fetch(`${origin}/approve/${project}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf }).toString(),
      });
      expect(approved.status).toBe(303);
      const flash = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
      expect(flash).toContain("approved and sent to cmo@brightwave.example");
      expect(smtp.received.map((m) => m.to)).toEqual([["cmo@brightwave.example"]]);
      // The PDF was printed in this process: its Chromium runs until the service closes it.
      const chromium = children(serve.pid);
      expect(chromium.length).toBeGreaterThan(0);

      serve.child.kill("SIGTERM");
      const stopped = await Promise.race([
        serve.exited.then(() => "exited"),
        sleep(10_000).then(() => "running"),
      ]);
      expect(stopped).toBe("exited");
      expect(serve.lines.slice(-2)).toEqual([
        "vreport: stopping: finishing the requests in flight…",
        "vreport: stopped",
      ]);
      for (const pid of chromium) expect(await until(() => group(pid).length === 0, 5000)).toBe(true);
    } finally {
      serve.child.kill("SIGKILL");
      await smtp.close();
    }
  }, 180_000);
});
