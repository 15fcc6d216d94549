/** Shared by the import tests: the example setup, CSV files in a temporary folder, table counts. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach } from "vitest";
import { type ImportSetup, resolveSetup } from "../../src/service/import/index.js";
import type { Store } from "../../src/service/store/db.js";
import type { Database } from "../../src/service/store/schema.js";
import { openTestStore, type TestDatabaseKind } from "../store/_databases.js";

/** docs/examples/answers.csv, the worked example of docs/import.md. */
export const EXAMPLE = new URL("../../docs/examples/answers.csv", import.meta.url).pathname;

/** The setup of docs/import.md's example (Berlin: the days below are Berlin days). */
export function exampleSetup(extra: Partial<Parameters<typeof resolveSetup>[0]> = {}): ImportSetup {
  return resolveSetup({
    project: "Acme",
    brand: "Acme",
    domains: ["acme.example"],
    timezone: "Europe/Berlin",
    competitors: [
      { name: "Globex", domain: "globex.example", variants: [] },
      { name: "Initech", domain: "initech.example", variants: [] },
    ],
    ...extra,
  });
}

/** A temporary folder for CSV files; `dispose` removes it. */
export interface CsvFolder {
  write: (name: string, lines: string[]) => string;
  dispose: () => void;
}

/** A temporary folder for CSV files. */
export function csvFolder(): CsvFolder {
  const dir = mkdtempSync(join(tmpdir(), "vreport-import-"));
  return {
    write(name, lines) {
      const path = join(dir, name);
      writeFileSync(path, `${lines.join("\n")}\n`);
      return path;
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Row counts of the tables an import writes. */
export async function counts(db: Kysely<Database>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    "workspaces",
    "projects",
    "competitors",
    "categories",
    "prompts",
    "answers",
    "citations",
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** A fresh store of `kind` and a CSV folder for each test of the calling suite. */
export function importFixture(kind: TestDatabaseKind): { readonly store: Store; readonly files: CsvFolder } {
  let store: Store | undefined;
  let files: CsvFolder | undefined;
  beforeEach(async () => {
    store = await openTestStore(kind);
    files = csvFolder();
  });
  afterEach(async () => {
    await store?.close();
    files?.dispose();
  });
  return {
    get store() {
      if (!store) throw new Error("no store outside a test");
      return store;
    },
    get files() {
      if (!files) throw new Error("no folder outside a test");
      return files;
    },
  };
}
