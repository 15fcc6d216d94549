import { expect, it } from "vitest";
import { importCsv } from "../../src/service/import/index.js";
import { describeDatabases } from "../store/_databases.js";
import { counts, exampleSetup, importFixture } from "./_csv.js";

/** Rows 2 and 5 are good; 3, 4, 6 and 7 are not (the header is row 1; the blank line is row 5's neighbour). */
const LINES = [
  "prompt,platform,answered_at,answer,mentions,citations",
  "Best CRM?,chatgpt,2025-03-01T08:00:00Z,Acme.,Acme,https://acme.example/",
  "Best CRM?,bing,2025-03-01T08:00:00Z,Acme.,Acme,",
  "Best CRM?,claude,2025-02-30,Acme.,Acme,",
  "Best CRM?,claude,2025-03-01,Globex.,Globex,not a url",
  "Best CRM?,chatgpt,2025-03-01T09:00:00+01:00,Acme again.,Acme,",
  ",gemini,2025-03-01,Acme.,Acme,",
  "",
  "Best CRM?,gemini,2025-03-01,,Acme,",
];

const EXPECTED_ERRORS = [
  {
    row: 3,
    column: "platform",
    reason:
      '"bing" is not a platform: allowed are chatgpt, google_ai_overview, perplexity, gemini, grok, claude',
  },
  {
    row: 4,
    column: "answered_at",
    reason: '"2025-02-30" is not a date (YYYY-MM-DD) or an ISO 8601 date-time (2025-03-01T09:30:00Z)',
  },
  { row: 5, column: "citations", reason: '"not" is not a URL' },
  // 09:00+01:00 is 08:00Z: the answer of row 2 again.
  { row: 6, column: "answered_at", reason: "same prompt, platform and answered_at as row 2" },
  { row: 7, column: "prompt", reason: "is empty" },
  { row: 9, column: "answer", reason: "is empty" },
];

describeDatabases("import: bad rows", (kind) => {
  const fx = importFixture(kind);

  it("names the row and column of every bad row and writes nothing (strict, the default)", async () => {
    const result = await importCsv(fx.store, fx.files.write("bad.csv", LINES), exampleSetup());
    expect(result).toMatchObject({
      rows: 7,
      created: 0,
      updated: 0,
      unchanged: 0,
      skipped: 6,
      written: false,
    });
    expect(result.errors).toEqual(EXPECTED_ERRORS);
    expect(await counts(fx.store.db)).toEqual({
      workspaces: 0,
      projects: 0,
      competitors: 0,
      categories: 0,
      prompts: 0,
      answers: 0,
      citations: 0,
    });
  });

  it("with skipInvalid, skips and reports the bad rows and writes the others", async () => {
    const result = await importCsv(fx.store, fx.files.write("bad.csv", LINES), exampleSetup(), {
      skipInvalid: true,
    });
    expect(result).toMatchObject({
      rows: 7,
      created: 1,
      updated: 0,
      unchanged: 0,
      skipped: 6,
      written: true,
    });
    expect(result.errors).toEqual(EXPECTED_ERRORS);
    expect((await counts(fx.store.db)).answers).toBe(1);
  });

  it("names the file's column when a mapping renamed it", async () => {
    const lines = ["Question,Engine,Date,Response", "Best CRM?,Bing,2025-03-01,Acme."];
    const setup = exampleSetup({
      mapping: { prompt: "Question", platform: "Engine", answered_at: "Date", answer: "Response" },
    });
    const result = await importCsv(fx.store, fx.files.write("mapped.csv", lines), setup);
    expect(result.errors).toEqual([
      {
        row: 2,
        column: "Engine (platform)",
        reason:
          '"Bing" is not a platform: allowed are chatgpt, google_ai_overview, perplexity, gemini, grok, claude',
      },
    ]);
  });

  it("refuses a file without a required column, naming it and the file, before reading any row", async () => {
    const lines = ["prompt,engine,answered_at,answer", "Best CRM?,chatgpt,2025-03-01,Acme."];
    const file = fx.files.write("header.csv", lines);
    // The header's cells are not quoted back: an error never carries the file's content.
    await expect(importCsv(fx.store, file, exampleSetup())).rejects.toMatchObject({
      code: "BAD_HEADER",
      message: `${file}: row 1 (the header, 4 columns) has no column for platform; rename with --map`,
    });
    expect((await counts(fx.store.db)).workspaces).toBe(0);
  });

  it("stops at a malformed record (an unclosed quote) with its line, writing nothing", async () => {
    const lines = ["prompt,platform,answered_at,answer", 'Best CRM?,chatgpt,2025-03-01,"Acme', "more"];
    await expect(
      importCsv(fx.store, fx.files.write("quote.csv", lines), exampleSetup()),
    ).rejects.toMatchObject({
      code: "CSV_SYNTAX",
    });
    expect((await counts(fx.store.db)).workspaces).toBe(0);
  });
});
