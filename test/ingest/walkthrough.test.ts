/**
 * docs/ingest.md "From your data to a report", run as written: ingest the sample, mint a key with
 * the docs' scopes, serve with the docs' `--as-of`, generate the docs' `--range` in every format.
 * Two promises of the docs rest on it:
 * - answers are counted by day in the workspace's timezone, and the docs' example keeps all its
 *   data (the sample's second answer, 23:30 UTC on 1 March, is 2 March in Berlin);
 * - a client's first report (nothing tracked before the current period) says "No data for <the
 *   comparison period>" instead of a change in every format and in the executive summary.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCommand } from "../../src/cli/commands/generate.js";
import type { Io } from "../../src/cli/io.js";
import { type RunningServer, startServer } from "../../src/service/index.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import { createKey, parseScopes } from "../../src/service/keys/index.js";
import { openStore } from "../../src/service/store/db.js";
import { snapshotDirectory } from "../_snapshots.js";
import { tempDir } from "../_tmp.js";
import { pdfText } from "../render/_pdf-tools.js";

const DOC = readFileSync(new URL("../../docs/ingest.md", import.meta.url), "utf8");
const SAMPLE = new URL("../../docs/examples/sample.ndjson", import.meta.url).pathname;
const SAMPLE_WORKSPACE = "6f1c2a10-0000-4000-8000-000000000001";

/** The value of `flag` on the docs' walkthrough line that runs `vreport <command>`. */
function docFlag(command: string, flag: string): string {
  const line = DOC.split("\n").find((l) => l.includes(`vreport ${command} `) && l.includes(` ${flag} `));
  const value = line?.split(` ${flag} `)[1]?.split(" ")[0];
  if (!value) throw new Error(`docs/ingest.md has no "vreport ${command} … ${flag} …" line`);
  return value;
}

const AS_OF = docFlag("serve", "--as-of");
const RANGE = docFlag("generate", "--range");
const NOTICE = "No data for 2–31 January 2025, the comparison period: no change is shown.";

describe("docs/ingest.md, from the sample to a report", () => {
  const dir = tempDir("walkthrough");
  let server: RunningServer;
  const files: Record<string, string> = {};
  const lines: string[] = [];

  beforeAll(async () => {
    const database = join(dir, "mydata");
    // The new database starts as the run's migrated snapshot (test/_snapshots.ts `snapshotDirectory`): the
    // schema the docs' first `vreport ingest` would create, without migrating it anew.
    await snapshotDirectory("empty", database);
    const store = await openStore(database);
    let key: string;
    try {
      const ingested = await ingestFile(store, SAMPLE);
      expect(ingested.errors).toEqual([]);
      key = (
        await createKey(store, {
          workspaceId: SAMPLE_WORKSPACE,
          scopes: parseScopes(docFlag("keys create", "--scopes").split(",")),
        })
      ).key;
    } finally {
      await store.close();
    }
    // `serve --as-of` pins the service's today at noon UTC (src/cli/commands/serve.ts).
    server = await startServer({
      database,
      port: 0,
      now: () => new Date(`${AS_OF}T12:00:00Z`),
      webhooks: false,
    });
    const io: Io = { out: (l) => lines.push(l), err: (l) => lines.push(l), tty: false };
    const written = await generateCommand(
      {
        baseUrl: server.baseUrl,
        apiKey: key,
        range: RANGE,
        format: docFlag("generate", "--format"),
        out: join(dir, "output"),
      },
      io,
    );
    for (const f of written) files[f.format] = f.path;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("follows the docs: 30 days ending on 2 March", () => {
    expect([AS_OF, RANGE]).toEqual(["2025-03-02", "30d"]);
    expect(Object.keys(files).sort()).toEqual(["html", "md", "pdf", "xlsx"]);
  });

  it("counts every answer of the sample, each on its day in the workspace's timezone", () => {
    const md = readFileSync(files.md!, "utf8");
    expect(md).toContain("2 tracked prompts on 2 platforms, compared with 2 competitors.");
    expect(md).toContain(
      "This report rests on 2 answers (snapshots) to 2 tracked prompts, collected from 2 platforms (ChatGPT, Perplexity).",
    );
  });

  it("is a first report: every format and the executive summary say there is no data to compare with", async () => {
    const md = readFileSync(files.md!, "utf8");
    const pdf = pdfText(files.pdf!).replace(/\s+/g, " ");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(files.xlsx!);
    const about = wb.getWorksheet("About")!;
    const aboutText: string[] = [];
    about.eachRow((row) => row.eachCell((cell) => aboutText.push(String(cell.text))));
    // The executive summary opens with it (Markdown: its first bullet).
    const summary = md.slice(md.indexOf("## Executive summary"));
    expect(summary.split("\n").find((l) => l.startsWith("- "))).toBe(`- ${NOTICE}`);
    expect(pdf).toContain(NOTICE);
    expect(aboutText).toContain(NOTICE);
    for (const text of [md, pdf, aboutText.join("\n")]) {
      expect(text).not.toMatch(/\brose\b|\bfell\b|held steady|from 0\.0%/);
    }
  });
});
