/**
 * Your own clients on the embedded database (docs/import.md, "Reports from the embedded database"):
 * an imported project is reported on without `serve` or a key, the demo is never seeded into a
 * database that holds other data, and `--workspace NAME` imports into the workspace of that name.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCommand } from "../../src/cli/commands/generate.js";
import { importCommand } from "../../src/cli/commands/import.js";
import { openStore } from "../../src/service/store/db.js";
import { DEMO_WORKSPACE_ID } from "../../src/service/store/seed/demo-workspace.js";
import { snapshotDirectory } from "../_snapshots.js";
import { lines } from "../cli/_lines.js";
import { refused } from "../cli/_refused.js";
import { commandLocation, type FreshLocation } from "../store/_databases.js";
import { EXAMPLE } from "./_csv.js";

/** The import of docs/import.md's example as the client "Acme Insurance" (into `workspace`, if named). */
async function importAcme(database: string, workspace?: string): Promise<string[]> {
  const { io, out } = lines();
  await importCommand(
    EXAMPLE,
    {
      project: "Acme Insurance",
      brand: "Acme",
      domains: "acme.example",
      timezone: "Europe/Berlin",
      competitors: "Globex=globex.example,Initech=initech.example",
      database,
      ...(workspace !== undefined ? { workspace } : {}),
    },
    io,
  );
  return out;
}

/** The database's workspaces and projects, by name. */
async function contents(database: string) {
  const store = await openStore(database);
  try {
    const workspaces = await store.db.selectFrom("workspaces").select(["id", "name"]).execute();
    const projects = await store.db.selectFrom("projects").select(["id", "name", "workspace_id"]).execute();
    return { workspaces, projects };
  } finally {
    await store.close();
  }
}

/** A new PGlite directory holding `snapshot`. */
async function databaseOf(snapshot: "empty" | "jobs", prefix: string): Promise<FreshLocation> {
  const db = await commandLocation("pglite", prefix);
  await snapshotDirectory(snapshot, db.location);
  return db;
}

describe("an agency's own database: only its imported client", () => {
  let db: FreshLocation;
  beforeAll(async () => {
    db = await databaseOf("empty", "vreport-own-db-");
    await importAcme(db.location);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it("generate --project reports on the imported client, and the demo is never seeded into it", async () => {
    const out = `${db.location}-out`;
    const run = lines();
    const [file] = await generateCommand(
      { database: db.location, project: "Acme Insurance", month: "2025-03", format: "md", out },
      { ...run.io, tty: false },
    );
    expect(file!.path).toMatch(/acme-insurance-ai-visibility-2025-03\.md$/);
    expect(await readFile(file!.path, "utf8")).toContain("Acme Insurance");
    expect(run.err.filter((l) => l.includes("seeding"))).toEqual([]);
    const { workspaces, projects } = await contents(db.location);
    expect(workspaces.map((w) => w.name)).toEqual(["Acme Insurance"]);
    expect(projects.map((p) => p.name)).toEqual(["Acme Insurance"]);
  });

  it("a month with no answers of the client is reported in words in every format, not a crash", async () => {
    // docs/import.md's example holds 2025-03 only: its client's 2025-05 has no answer at all.
    const out = `${db.location}-empty`;
    const files = await generateCommand(
      { database: db.location, project: "Acme Insurance", month: "2025-05", format: "md,pdf,xlsx,html", out },
      { ...lines().io, tty: false },
    );
    expect(files.map((f) => f.path.slice(f.path.lastIndexOf(".")))).toEqual([
      ".md",
      ".pdf",
      ".xlsx",
      ".html",
    ]);
    const md = await readFile(files[0]!.path, "utf8");
    expect(md).toContain("No answers were collected in this period, so no rates can be reported.");
    expect(md).toContain("> No answers were collected in this period (2025-05-01 – 2025-05-31).");
    // Nothing explains figures that are not there: no glossary of pp and intervals, and no word
    // on April's missing data above key figures that have no change to withhold (the
    // methodology still says what the period was compared with).
    expect(md).not.toContain("pp: percentage points");
    const keyFigures = md.slice(md.indexOf("## Key figures"), md.indexOf("## Trend"));
    expect(keyFigures).toBe(
      "## Key figures\n\n> No answers were collected in this period (2025-05-01 – 2025-05-31).\n\n",
    );
  });

  it("--month of the as-of day's month is a flag error naming --period month-to-date, not the API's 422", async () => {
    await refused(
      generateCommand(
        {
          database: db.location,
          project: "Acme Insurance",
          asOf: "2025-03-02",
          month: "2025-03",
          format: "md",
          out: `${db.location}-m`,
        },
        { out: () => {}, err: () => {}, tty: false },
      ),
      "--month 2025-03 is not over on the as-of day 2025-03-02: use --period month-to-date for this month so far, or --month 2025-02 for the last whole month",
    );
  });

  it("a project that is not there: the error names the projects there are and how to import one", async () => {
    const { projects } = await contents(db.location);
    await refused(
      generateCommand(
        {
          database: db.location,
          project: "Globex Corp",
          month: "2025-03",
          format: "md",
          out: `${db.location}-x`,
        },
        { out: () => {}, err: () => {}, tty: false },
      ),
      `no project "Globex Corp": the projects are Acme Insurance (${projects[0]!.id}); check the name, or import a new client's answers with vreport import FILE.csv --project NAME --brand NAME --domains DOMAIN --database ${db.location} (docs/import.md)`,
    );
  });
});

describe("the demo's database: an import into its workspace by name", () => {
  let db: FreshLocation;
  beforeAll(async () => {
    db = await databaseOf("jobs", "vreport-demo-db-");
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it("import --workspace uses the workspace of that name, and generate reports on the client there", async () => {
    const before = await contents(db.location);
    const demo = before.workspaces.find((w) => w.id === DEMO_WORKSPACE_ID)!;
    // Into the workspace of that name: the summary says nothing of workspaces.
    expect((await importAcme(db.location, demo.name)).join("\n")).not.toContain("new workspace");
    const after = await contents(db.location);
    expect(after.workspaces).toEqual(before.workspaces);
    expect(after.projects.find((p) => p.name === "Acme Insurance")?.workspace_id).toBe(DEMO_WORKSPACE_ID);
    // The days of the example file: the demo's workspace is served as of its last collection day.
    const [file] = await generateCommand(
      {
        database: db.location,
        project: "acme insurance",
        from: "2025-03-01",
        to: "2025-03-02",
        format: "md",
        out: `${db.location}-out`,
      },
      { out: () => {}, err: () => {}, tty: false },
    );
    expect(file!.path).toMatch(/acme-insurance-ai-visibility-2025-03-01_2025-03-02\.md$/);
  });

  it("a workspace name that is new beside others is said, with the names there are", async () => {
    const demo = (await contents(db.location)).workspaces.find((w) => w.id === DEMO_WORKSPACE_ID)!;
    const said = await importAcme(db.location, `${demo.name}x`);
    expect(said.at(-1)).toBe(
      `new workspace "${demo.name}x", beside "${demo.name}": to import into one of those, give its name to --workspace`,
    );
  });
});
