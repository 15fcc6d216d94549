/**
 * `vreport preview` in a real Chromium: the preview serves the fixture report,
 * and the page follows the files as they are edited: a new note shows up, a broken notes file or
 * config file shows the error with its file and line while the server keeps running, and fixing
 * it brings the report back. Every wait polls the page with a generous limit; no fixed sleep. The
 * reload latency is a benchmark figure (docs/preview.md), not asserted here.
 */
import { writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Preview, type RebuildEvent, startPreview } from "../../src/preview/server.js";
import { closeBrowser, getBrowser } from "../../src/render/backends/pdf/_browser.js";
import { tempDir } from "../_tmp.js";
import { smallReportData } from "../fixtures/report-data.js";

/** How long an edit may take to show: generous, for a loaded 2-core machine. */
const SHOWS_WITHIN_MS = 30_000;

/** Polls the page's visible text until it contains every one of `wanted`; returns that text. */
async function waitForText(page: Page, wanted: readonly string[]): Promise<string> {
  const deadline = Date.now() + SHOWS_WITHIN_MS;
  let text = "";
  while (Date.now() < deadline) {
    // Between a reload's request and its new document, evaluate may fail: poll again.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
    text = await page.evaluate(() => document.body?.innerText ?? "").catch(() => "");
    if (wanted.every((w) => text.includes(w))) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `the page did not show ${JSON.stringify(wanted)} within ${SHOWS_WITHIN_MS} ms; it shows:\n${text.slice(0, 2000)}`,
  );
}

/** A GET of `path` on the preview with the Host header `host`: its status and body. */
function get(url: string, path: string, host?: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: host ? { host } : {} }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The first chunk the event stream sends a page that says it shows rebuild `version`. */
function firstEvent(url: string, version: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: `/events?v=${version}` }, (res) => {
      res.setEncoding("utf8");
      res.once("data", (chunk: string) => {
        req.destroy();
        resolve(chunk);
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("vreport preview in Chromium", () => {
  const dir = tempDir("preview");
  let notes: string;
  let config: string;
  let preview: Preview;
  let page: Page;
  const errors: string[] = [];
  const rebuilds: RebuildEvent[] = [];

  beforeAll(async () => {
    notes = join(dir, "notes.md");
    config = join(dir, "vreport.config.json");
    await writeFile(notes, "## executive_summary\n\nFirst note ALPHA-1.\n");
    await writeFile(config, `${JSON.stringify({ agencyName: "Northwind Agency" }, null, 2)}\n`);
    preview = await startPreview({
      source: { data: smallReportData(), configPath: config, notesPath: notes },
      port: 0,
      onRebuild: (e) => rebuilds.push(e),
    });
    page = await (await getBrowser()).newPage();
    page.on("console", (m) => {
      // The error page is served with status 500 on purpose (the report could not be built),
      // which Chromium logs; anything else (a CSP violation above all) is a failure.
      if (m.type() === "error" && !m.text().includes("status of 500")) errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
  }, 60_000);

  afterAll(async () => {
    await page?.close();
    await preview?.close();
    await closeBrowser();
  });

  it("serves the report on 127.0.0.1 with the notes and the config's branding", async () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await page.goto(preview.url, { waitUntil: "load" });
    const text = await waitForText(page, ["First note ALPHA-1.", "Northwind Agency", "Executive summary"]);
    expect(text).toContain("Acme Analytics");
    expect(rebuilds).toEqual([expect.objectContaining({ version: 1, ok: true })]);
  });

  it("shows an edited note without a reload by hand", async () => {
    await writeFile(notes, "## executive_summary\n\nSecond note BETA-2.\n");
    const text = await waitForText(page, ["Second note BETA-2."]);
    expect(text).not.toContain("ALPHA-1");
    expect(rebuilds.at(-1)).toMatchObject({ ok: true, changed: [notes] });
  });

  it("shows a broken notes file's error with its file and line, and keeps serving", async () => {
    await writeFile(notes, "## executive_summary\n\nStill here.\n\n## not_a_section\n\nOops.\n");
    const text = await waitForText(page, ["Notes file: the report cannot be rebuilt", `${notes}, line 5`]);
    expect(text).toContain(`notes file ${notes}, line 5: unknown section "not_a_section"`);
    // The lines around it, numbered.
    expect(text).toMatch(/5\s+## not_a_section/);
    expect((await get(preview.url, "/")).status).toBe(500);
  });

  it("brings the report back when the notes file is fixed", async () => {
    await writeFile(notes, "## executive_summary\n\nThird note GAMMA-3.\n");
    await waitForText(page, ["Third note GAMMA-3.", "Northwind Agency"]);
    expect((await get(preview.url, "/")).status).toBe(200);
  });

  it("shows a config file that is not JSON with its line, then the fixed config's branding", async () => {
    await writeFile(config, '{\n  "agencyName": "Contoso",\n  "accentColor": \n}\n');
    const text = await waitForText(page, ["Config file: the report cannot be rebuilt", `${config}, line 4`]);
    expect(text).toMatch(/4\s+}/);
    await writeFile(config, '{\n  "agencyName": "Contoso Partners"\n}\n');
    await waitForText(page, ["Contoso Partners", "Third note GAMMA-3."]);
  });

  it("ran the reload script under the page's Content-Security-Policy without a console error", () => {
    expect(errors).toEqual([]);
  });

  it("tells a page built before the latest rebuild to reload as soon as it listens", async () => {
    const { version } = preview.current();
    expect(version).toBe(rebuilds.at(-1)?.version);
    expect(await firstEvent(preview.url, version - 1)).toBe(`event: reload\ndata: ${version}\n\n`);
    expect(await firstEvent(preview.url, version)).toBe(": connected\n\n");
  });

  it("answers only requests that name it by its loopback address", async () => {
    expect((await get(preview.url, "/", "evil.example:80")).status).toBe(403);
    expect((await get(preview.url, "/nothing")).status).toBe(404);
  });
});
