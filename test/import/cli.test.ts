import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCommand } from "../../src/cli/commands/import.js";
import { CliError } from "../../src/cli/errors.js";
import { migratedLocation } from "../_migrated-location.js";
import { lines } from "../cli/_lines.js";
import type { FreshLocation } from "../store/_databases.js";
import { type CsvFolder, csvFolder } from "./_csv.js";

/** A tracker's layout: its own column names, mapped in the project file. */
const CSV = [
  "Question,Engine,Date,Response,Brands,Sources,Topic",
  "Best CRM?,ChatGPT,2025-03-01,Acme and Globex.,Acme;Globex,https://acme.example/,CRM",
  "Best CRM?,Perplexity,2025-03-01,Globex.,Globex,https://globex.example/,CRM",
];

/** A row on a platform that does not exist. */
const BING_ROW = "Best CRM?,Bing,2025-03-02,Acme.,Acme,,CRM";

const PROJECT_FILE = [
  "project: Acme",
  "brand: Acme",
  "domains: acme.example",
  "timezone: Europe/Berlin",
  "competitors:",
  '  - "Globex=globex.example"',
  "map:",
  "  prompt: Question",
  "  platform: Engine",
  "  answered_at: Date",
  "  answer: Response",
  "  mentions: Brands",
  "  citations: Sources",
  "  category: Topic",
];

describe("vreport import (PGlite directory)", () => {
  let db: FreshLocation;
  let files: CsvFolder;
  beforeAll(async () => {
    // Start from the run's migrated snapshot: the commands then open a ready directory.
    db = await migratedLocation("pglite", "vreport-import-cli-");
    files = csvFolder();
  });
  afterAll(async () => {
    files.dispose();
    await db.dispose();
  });

  /** Writes `rows` as the CSV file `name` beside the project file; `run` takes the command's lines. */
  const withProjectFile = (name: string, rows: string[]) => ({
    csv: files.write(name, rows),
    projectFile: files.write("acme.yaml", PROJECT_FILE),
    run: lines(),
  });

  it("imports with a project file's mapping", async () => {
    const { csv, projectFile, run: first } = withProjectFile("export.csv", CSV);
    await importCommand(csv, { projectFile, database: db.location }, first.io);
    expect(first.out).toEqual([`${csv}: 2 rows: 2 created, 0 updated, 0 unchanged, 0 skipped`]);
    expect(first.err).toEqual([]);
  });

  it("re-imports the same file as 0 changed", async () => {
    const { csv, projectFile, run: second } = withProjectFile("export.csv", CSV);
    await importCommand(csv, { projectFile, database: db.location }, second.io);
    expect(second.out).toEqual([`${csv}: 2 rows: 0 created, 0 updated, 2 unchanged, 0 skipped`]);
  });

  it("prints each bad row with its row and column, and exits 1 having written nothing", async () => {
    const { csv, projectFile, run } = withProjectFile("bad.csv", [...CSV, BING_ROW]);
    const error = await importCommand(csv, { projectFile, database: db.location }, run.io).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ exitCode: 1 });
    expect(run.err).toEqual([
      'row 4, column Engine (platform): "Bing" is not a platform: allowed are chatgpt, google_ai_overview, perplexity, gemini, grok, claude',
    ]);
    expect(run.out).toEqual([
      `${csv}: 3 rows: 0 created, 0 updated, 0 unchanged, 1 skipped (nothing written: fix these rows, or pass --skip-invalid to skip them)`,
    ]);
  });

  it("with --skip-invalid, imports the good rows, reports the bad one and exits 0", async () => {
    const { csv, projectFile, run } = withProjectFile("skip.csv", [...CSV, BING_ROW]);
    await importCommand(csv, { projectFile, skipInvalid: true, database: db.location }, run.io);
    expect(run.err).toHaveLength(1);
    // The two good rows were imported by the first test.
    expect(run.out).toEqual([`${csv}: 3 rows: 0 created, 0 updated, 2 unchanged, 1 skipped`]);
  });

  it("refuses a bad flag in one line naming it, exit 2", async () => {
    await expect(importCommand("-", { database: db.location })).rejects.toMatchObject({
      exitCode: 2,
      message: "import reads a file twice (validate, then write): save standard input to a file first",
    });
    const csv = files.write("export.csv", CSV);
    await expect(importCommand(csv, { delimiter: "x", database: db.location })).rejects.toMatchObject({
      exitCode: 2,
      message: 'invalid --delimiter "x": allowed values are , ; tab |',
    });
    await expect(
      importCommand(csv, { project: "Acme", domains: "acme.example", database: db.location }),
    ).rejects.toMatchObject({ exitCode: 2, message: "--brand is required" });
    await expect(
      importCommand(csv, {
        project: "Acme",
        brand: "Acme",
        domains: "acme.example",
        map: "question=Q",
        database: db.location,
      }),
    ).rejects.toMatchObject({
      exitCode: 2,
      message:
        'unknown column "question" in "question=Q": allowed are prompt, platform, answered_at, answer, mentions, citations, category',
    });
  });
});
