/**
 * The review desk end to end (docs/review.md): `serve --desk` (the command's function, in this
 * process) over the demo in a PGlite directory, with a second workspace beside it, prints a
 * one-time loopback sign-in link; real Chromium opens it: every workspace's clients are listed
 * with no report built, a report is built when it is opened; it edits a client's notes of the
 * period, approves, and the report arrives at a real SMTP server with the edited note in it. Also: the sign-in's refusals (401, 403), the
 * session cookie's flags, a POST without the CSRF token refused, a rejected report held and not
 * emailed, and the review states the CLI reads through the running service's admin channel.
 */
import { readFile, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCommand } from "../../src/cli/commands/import.js";
import { reviewApprove, reviewDesk, reviewList } from "../../src/cli/commands/review.js";
import { serveCommand } from "../../src/cli/commands/serve.js";
import type { CliServiceConnection } from "../../src/cli/connect-service.js";
import { reviewGate } from "../../src/cli/review-gate.js";
import { openWorkerLedger } from "../../src/cli/worker-ledger.js";
import type { ClientSettings } from "../../src/config/load-config.js";
import type { Project } from "../../src/contract/index.js";
import { deliveryOf } from "../../src/jobs/delivery-ledger.js";
import { closeBrowser, getBrowser } from "../../src/render/backends/pdf/_browser.js";
import { importCsv } from "../../src/service/import/index.js";
import type { RunningServer } from "../../src/service/index.js";
import { openStore } from "../../src/service/store/db.js";
import { SNAPSHOT_AS_OF, snapshotDirectory } from "../_snapshots.js";
import { tempDir } from "../_tmp.js";
import { leaves, parseMime } from "../email/_mime.js";
import { startSmtp, type TestSmtp } from "../email/_smtp-server.js";
import { EXAMPLE, exampleSetup } from "../import/_csv.js";

/** The status of a GET naming `host` (fetch does not let a Host header be set). */
function statusWithHost(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on("error", reject);
  });
}

const NOTE = "Desk note: the June campaign lifted answers on Perplexity.";

describe("the review desk in Chromium", () => {
  const dir = tempDir("desk");
  let server: RunningServer;
  let smtp: TestSmtp;
  let page: Page;
  let signIn: string;
  let origin: string;
  let projects: { id: string; name: string }[];
  const lines: string[] = [];

  beforeAll(async () => {
    const database = join(dir, "db");
    await snapshotDirectory("jobs", database);
    const store = await openStore(database);
    // A second workspace, as an agency holding clients in two: the desk lists its client too.
    await importCsv(store, EXAMPLE, exampleSetup({ workspace: "Second agency", project: "Northwind" }));
    await store.close();
    smtp = await startSmtp();
    const config = join(dir, "vreport.config.json");
    // The first two demo clients have recipients; notes live in one file per client and period.
    await writeFile(
      config,
      JSON.stringify({
        notes: "notes/{project}-{period}.md",
        projects: [
          // Its account manager in copy: named after the client, as the message addresses them.
          { match: "Brightwave", email: { to: ["cmo@brightwave.example"], cc: ["am@agency.example"] } },
          { match: "Brightwave Events", email: { to: ["events@brightwave.example"] } },
          // Imported while the desk runs (below), its answers of March 2025 only: June has none.
          { match: "Acme Insurance", email: { to: ["cmo@acme.example"] } },
        ],
      }),
    );
    server = await serveCommand(
      {
        database,
        port: 0,
        asOf: SNAPSHOT_AS_OF,
        desk: {
          period: { month: "2025-06" },
          configPath: config,
          formats: ["html"],
          by: "lee",
          outDir: join(dir, "out"),
          email: {
            smtpUrl: smtp.url,
            from: "Agency <reports@agency.example>",
            maxAttachmentBytes: 10_000_000,
          },
        },
      },
      (line) => lines.push(line),
    );
    const printed = lines.map((l) => /review desk at (\S+)/.exec(l)?.[1]).find(Boolean);
    signIn = printed ?? "";
    origin = new URL(signIn).origin;
    page = await (await getBrowser()).newPage();
    const res = await fetch(`${server.baseUrl}/projects`, { headers: { authorization: "Bearer none" } });
    expect(res.status).toBe(401);
  });
  afterAll(async () => {
    await page?.close();
    await closeBrowser();
    await server?.close();
    await smtp?.close();
  });

  it("prints a loopback sign-in link and refuses requests without a session or with a wrong token", async () => {
    expect(signIn).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    expect((await fetch(`${origin}/`)).status).toBe(401);
    expect((await fetch(`${origin}/?token=wrong`)).status).toBe(403);
    // A page of another origin that resolves its name to 127.0.0.1 (DNS rebinding) gets nothing.
    expect(await statusWithHost(`${origin}/`, `evil.example:${new URL(origin).port}`)).toBe(403);
  });

  it("signs in once: the token becomes an HttpOnly, SameSite=Strict session cookie", async () => {
    await page.goto(signIn);
    expect(page.url()).toBe(`${origin}/`);
    const [cookie, ...others] = await page.cookies();
    expect(others).toEqual([]);
    expect(cookie).toMatchObject({ name: "vreport_desk", httpOnly: true, sameSite: "Strict", path: "/" });
    // The link is spent; whoever holds the admin token asks the running service for a fresh one.
    expect((await fetch(signIn, { redirect: "manual" })).status).toBe(403);
    const fresh = await reviewDesk({ database: join(dir, "db") }, () => {});
    expect(fresh).not.toBe(signIn);
    const again = await fetch(fresh, { redirect: "manual" });
    expect([again.status, again.headers.get("set-cookie")]).toEqual([
      303,
      expect.stringMatching(/^vreport_desk=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/$/),
    ]);
    // Asked of a database no desk serves, it names the one it looked at and the flag that names
    // another. (After the fetches: opening that database holds this process's event loop for
    // seconds, past the desk's keep-alive, and a pooled connection the desk closed meanwhile
    // would be reused and reset.)
    const elsewhere = join(dir, "elsewhere");
    await expect(reviewDesk({ database: elsewhere }, () => {})).rejects.toThrow(
      `no running vreport serve --desk holds ${elsewhere}: start one (it prints the desk's sign-in link), or name the database it serves (--database)`,
    );
    projects = await page.$$eval("section[data-project]", (els) =>
      els.map((e) => ({
        id: e.getAttribute("data-project") ?? "",
        name: e.querySelector("h2")?.textContent ?? "",
      })),
    );
    // Every workspace's clients, listed with their states and no report built yet.
    expect(projects.map((p) => p.name)).toEqual(["Brightwave", "Brightwave Events", "Northwind"]);
    expect(await page.$$eval("section[data-project] .state", (els) => els.map((e) => e.textContent))).toEqual(
      ["draft", "draft", "draft"],
    );
    expect(await page.$$eval("iframe", (els) => els.length)).toBe(0);
    expect(await page.$$eval("a.open", (els) => els.map((e) => e.getAttribute("href")))).toEqual(
      projects.map((p) => `/open/${p.id}`),
    );
  });

  it("lists a client imported into a new workspace while it runs, at the next page", async () => {
    await importCommand(
      EXAMPLE,
      {
        database: join(dir, "db"),
        workspace: "Third agency",
        project: "Acme Insurance",
        brand: "Acme",
        domains: "acme.example",
      },
      { out: () => {}, err: () => {} },
    );
    await page.reload();
    const names = await page.$$eval("section[data-project] h2", (els) => els.map((e) => e.textContent));
    expect(names).toEqual(["Acme Insurance", "Brightwave", "Brightwave Events", "Northwind"]);
  });

  it("builds a report when it is opened: its self-check findings and the report itself", async () => {
    const section = `section[data-project="${acme().id}"]`;
    await Promise.all([page.waitForNavigation(), page.click(`${section} a.open`)]);
    expect(page.url()).toBe(`${origin}/#p-${acme().id}`);
    // The opened report is shown inline with its findings (or said to have none); the others still are not built.
    expect(await page.$$eval("iframe", (els) => els.map((e) => e.getAttribute("src")))).toEqual([
      `/report/${acme().id}`,
    ]);
    expect(await page.$eval(section, (e) => e.textContent)).toMatch(
      /Self-check(: nothing to resolve| findings)/,
    );
    expect(await page.$$eval("a.open", (els) => els.length)).toBe(3);
  });

  const acme = () => projects.find((p) => p.name === "Brightwave")!;
  const globex = () => projects.find((p) => p.name === "Brightwave Events")!;

  it("refuses a POST without the CSRF token, even with the session cookie", async () => {
    const [cookie] = await page.cookies();
    const res = await fetch(`${origin}/approve/${acme().id}`, {
      method: "POST",
      headers: {
        cookie: `vreport_desk=${cookie!.value}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("missing or wrong CSRF token\n");
    const wrong = await fetch(`${origin}/approve/${acme().id}`, {
      method: "POST",
      headers: {
        cookie: `vreport_desk=${cookie!.value}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "csrf=guess",
      redirect: "manual",
    });
    expect(wrong.status).toBe(403);
    expect(await reviewList({ database: join(dir, "db"), period: "2025-06" }, () => {})).toEqual([]);
  });

  it("holds a rejected report with its reason and sends nothing", async () => {
    const section = `section[data-project="${globex().id}"]`;
    await page.type(`${section} input[name=reason]`, "numbers look low");
    await Promise.all([page.waitForNavigation(), page.click(`${section} button[name=reject]`)]);
    expect(await page.$eval(`${section} .state`, (e) => e.textContent)).toBe("held");
    expect(await page.$eval(`${section}`, (e) => e.textContent)).toContain("reason: numbers look low");
    expect(smtp.received).toEqual([]);
    // Decided without being opened: its report is still not built.
    expect(await page.$$eval(`${section} iframe`, (els) => els.length)).toBe(0);
  });

  it("edits the period's notes, approves, and the email carries the edited note", async () => {
    const section = `section[data-project="${acme().id}"]`;
    // Approved from the shell (through the running service's admin channel) before the edit.
    await reviewApprove(
      { database: join(dir, "db"), project: "Brightwave", period: "2025-06", by: "dana" },
      () => {},
    );
    // A heading that names no section is refused, and the text typed stays in the form to fix.
    await page.$eval(`${section} textarea[name=notes]`, (e) => {
      (e as HTMLTextAreaElement).value = "";
    });
    await page.type(`${section} textarea[name=notes]`, "## October\n\nA month of launches.\n");
    await Promise.all([page.waitForNavigation(), page.click(`${section} button[name=save]`)]);
    expect(await page.$eval(".flash", (e) => e.textContent)).toMatch(
      /line 1: unknown section "October": valid keys are executive_summary, /,
    );
    expect(await page.$eval(`${section} textarea[name=notes]`, (e) => (e as HTMLTextAreaElement).value)).toBe(
      "## October\n\nA month of launches.\n",
    );
    expect(await page.$eval(`${section} .hint`, (e) => e.textContent)).toContain("## executive_summary");
    await expect(readFile(join(dir, "notes", "brightwave-2025-06.md"), "utf8")).rejects.toThrow(/ENOENT/);
    await page.$eval(`${section} textarea[name=notes]`, (e) => {
      (e as HTMLTextAreaElement).value = "";
    });
    await page.type(`${section} textarea[name=notes]`, `## executive_summary\n\n${NOTE}\n`);
    await Promise.all([page.waitForNavigation(), page.click(`${section} button[name=save]`)]);
    expect(await page.$eval(".flash", (e) => e.textContent)).toBe(
      "Brightwave: notes of 2025-06 saved and the report rebuilt; its approval is withdrawn until it is approved again",
    );
    expect(await page.$eval(`${section} .state`, (e) => e.textContent)).toBe("draft");
    // Written where the config says notes live: the client's own file for the period.
    expect(await readFile(join(dir, "notes", "brightwave-2025-06.md"), "utf8")).toBe(
      `## executive_summary\n\n${NOTE}\n`,
    );
    const frame = page.frames().find((f) => f.url().endsWith(`/report/${acme().id}`));
    await frame?.waitForFunction(
      (note: string) => (document.body.textContent ?? "").includes(note),
      {},
      NOTE,
    );

    await Promise.all([page.waitForNavigation(), page.click(`${section} button[name=approve]`)]);
    expect(await page.$eval(".flash", (e) => e.textContent)).toBe(
      "Brightwave: approved and sent to cmo@brightwave.example, am@agency.example",
    );
    expect(await page.$eval(`${section} .state`, (e) => e.textContent)).toBe("sent");
    expect(smtp.received.map((m) => m.to)).toEqual([["cmo@brightwave.example", "am@agency.example"]]);
    const html = leaves(parseMime(smtp.received[0]!.raw)).find((p) => p.filename?.endsWith("-2025-06.html"));
    expect(html?.body.toString("utf8")).toContain(NOTE);

    // The states are in the database, read by the CLI through the running service's admin channel.
    const reviews = await reviewList({ database: join(dir, "db"), period: "2025-06" }, () => {});
    expect(reviews.map((r) => [r.projectName, r.state, r.by, r.reason])).toEqual([
      ["Brightwave", "sent", "lee", undefined],
      ["Brightwave Events", "held", "lee", "numbers look low"],
    ]);
  });

  it("sends an approved report once: a second approval of the sent report sends nothing and says so", async () => {
    // A tab opened before the send still holds the approve form: it is posted again.
    await Promise.all([
      page.waitForNavigation(),
      page.evaluate((id: string) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = `/approve/${id}`;
        const csrf = document.createElement("input");
        csrf.name = "csrf";
        csrf.value = (document.querySelector("input[name=csrf]") as HTMLInputElement).value;
        form.append(csrf);
        document.body.append(form);
        form.submit();
      }, acme().id),
    ]);
    const [sent] = await reviewList({ database: join(dir, "db"), period: "2025-06" }, () => {});
    expect(await page.$eval(".flash", (e) => e.textContent)).toBe(
      `Brightwave: sent already (by lee at ${sent!.at}); nothing is sent again`,
    );
    expect(smtp.received.map((m) => m.to)).toEqual([["cmo@brightwave.example", "am@agency.example"]]);
    expect(sent).toMatchObject({ projectName: "Brightwave", state: "sent", by: "lee" });
  });

  it("a worker beside the desk reaches the same database through the running service: its gate and its ledger", async () => {
    // No embedded service of its own: the worker reads a remote service and names the PGlite directory serve holds.
    const remote = { store: undefined } as unknown as CliServiceConnection;
    const opened = await openWorkerLedger(remote, join(dir, "db"), "worker");
    expect(opened?.where).toMatch(/\(through the service that holds it\)$/);
    const gate = reviewGate(opened!.reviews, {
      forProject: () => ({ review: "required" }) as ClientSettings,
    });
    const report = (id: string) => ({
      files: [{ format: "html" as const, path: `/x/${id}-ai-visibility-2025-06.html`, bytes: 1, assets: [] }],
    });
    // Sent by the desk: the worker's gate says so and sends nothing.
    expect(await gate(acme() as Project, report("brightwave"))).toMatchObject({ send: false });
    // A client without a review yet is recorded as a draft, through the service.
    const third = projects.find((p) => p.name === "Northwind")!;
    expect(await gate(third as Project, report("northwind"))).toMatchObject({ send: false });
    expect(await opened!.reviews.get(third.id, "2025-06")).toMatchObject({ state: "draft", by: "worker" });
    // Its ledger finds the desk's send recorded.
    const delivery = deliveryOf({
      project: acme().id,
      periodStart: "2025-06-01",
      periodEnd: "2025-06-30",
      to: ["cmo@brightwave.example"],
      cc: ["am@agency.example"],
      formats: ["html"],
      from: "Agency <reports@agency.example>",
    });
    expect((await opened!.ledger.claim(delivery, "worker-1", 60_000)).outcome).toBe("sent");
    await opened!.close();
  });

  it("does not email a report without a single answer, approved or not: it stays a draft", async () => {
    const section = await page.$$eval("section[data-project]", (els) =>
      els.find((e) => e.querySelector("h2")?.textContent === "Acme Insurance")?.getAttribute("data-project"),
    );
    const selector = `section[data-project="${section}"]`;
    await Promise.all([page.waitForNavigation(), page.click(`${selector} button[name=approve]`)]);
    expect(await page.$eval(".flash", (e) => e.textContent)).toBe(
      "Acme Insurance: not sent (no answers were collected in 2025-06: there is nothing to send); it is a draft again",
    );
    expect(await page.$eval(`${selector} .state`, (e) => e.textContent)).toBe("draft");
    expect(smtp.received.map((m) => m.to)).not.toContainEqual(["cmo@acme.example"]);
  });
});

describe("the review desk and one client's files", () => {
  const dir = tempDir("desk-one-client");

  it("refuses a config whose top-level notes or change log is one client's, and leaves nothing listening", async () => {
    const database = join(dir, "db");
    await snapshotDirectory("jobs", database);
    await writeFile(join(dir, "notes.md"), "## summary\n\nFor one client.\n");
    await writeFile(join(dir, "changes.csv"), "date,label,platform,category\n2025-06-10,Pages live,,\n");
    const deskWith = async (config: object, log: (line: string) => void = () => {}) => {
      await writeFile(join(dir, "vreport.config.json"), JSON.stringify(config));
      return serveCommand(
        {
          database,
          port: 0,
          asOf: SNAPSHOT_AS_OF,
          desk: {
            period: { month: "2025-06" },
            configPath: join(dir, "vreport.config.json"),
            formats: ["html"],
            outDir: join(dir, "out"),
          },
        },
        log,
      );
    };
    await expect(deskWith({ notes: "notes.md" })).rejects.toMatchObject({
      exitCode: 2,
      message:
        "the config file's notes: the review desk shows and sends every client's report; give each client its own notes in the config file's projects, or {project} in the notes path (notes/{project}-{period}.md)",
    });
    await expect(deskWith({ changes: "changes.csv" })).rejects.toMatchObject({
      exitCode: 2,
      message:
        "the config file's changes: the review desk shows and sends every client's report; give each client its own changes in the config file's projects",
    });
    // The service was closed each time: the database opens again, here.
    const store = await openStore(database);
    const { id } = await store.db
      .selectFrom("projects")
      .select("id")
      .orderBy("name")
      .executeTakeFirstOrThrow();
    await store.close();

    // The config is read again at each build: one edited meanwhile to a shared notes file is
    // refused when a report is opened, and the page says why.
    const lines: string[] = [];
    const server = await deskWith({ notes: "notes/{project}-{period}.md" }, (line) => lines.push(line));
    try {
      const link = lines.map((l) => /review desk at (\S+)/.exec(l)?.[1]).find(Boolean)!;
      const signedIn = await fetch(link, { redirect: "manual" });
      const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
      await writeFile(join(dir, "vreport.config.json"), JSON.stringify({ notes: "notes.md" }));
      const base = new URL(link).origin;
      const opened = await fetch(`${base}/open/${id}`, { headers: { cookie }, redirect: "manual" });
      expect(opened.status).toBe(303);
      const html = await (await fetch(`${base}/`, { headers: { cookie } })).text();
      expect(html).toContain(
        "the config file&#39;s notes: the review desk shows and sends every client&#39;s report",
      );
    } finally {
      await server.close();
    }
  });
});
