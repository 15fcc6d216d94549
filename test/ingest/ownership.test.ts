import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ingestFile } from "../../src/service/ingest/index.js";
import type { Store } from "../../src/service/store/db.js";
import { baseRecords, ndjson, PROJECT, WS } from "../ingest/_records.js";
import { openTestStore } from "../store/_databases.js";

const WS2 = "22222222-0000-4000-8000-000000000001";
const PROJECT2 = "22222222-0000-4000-8000-000000000010";
const COMPETITOR = "11111111-0000-4000-8000-000000000020";

const workspace2 = {
  type: "workspace",
  data: { id: WS2, name: "Other WS", timezone: "UTC", owner: { id: WS2, name: "P", email: "p@x.test" } },
};
const project2 = {
  type: "project",
  data: {
    id: PROJECT2,
    workspace_id: WS2,
    name: "Other project",
    brand_name: "Beta",
    brand_domain: "beta.test",
  },
};
const competitor = (projectId: string, name = "Rival") => ({
  type: "competitor",
  data: { id: COMPETITOR, project_id: projectId, name, domain: "rival.test", variants: [] },
});

/** Ingest never moves a row to another owner, and reports repeated ids. */
describe("ingest ownership and duplicates", () => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore("pglite");
    await ingestFile(store, ndjson([...baseRecords(), workspace2, project2, competitor(PROJECT)]));
  });
  afterEach(async () => {
    await store.close();
  });

  it("refuses a record that names an existing project of another workspace, by line number", async () => {
    const moved = { ...(baseRecords()[1] as { data: object }), type: "project" };
    (moved.data as { workspace_id: string }).workspace_id = WS2;
    const result = await ingestFile(store, ndjson([moved]));
    expect(result.errors).toEqual([
      {
        line: 1,
        reason: `project.workspace_id: project ${PROJECT} belongs to another workspace; a project cannot move`,
      },
    ]);
    const row = await store.db
      .selectFrom("projects")
      .select("workspace_id")
      .where("id", "=", PROJECT)
      .executeTakeFirstOrThrow();
    expect(row.workspace_id).toBe(WS);
  });

  it("refuses moving a competitor to another project, in strict mode too", async () => {
    for (const strict of [false, true]) {
      const result = await ingestFile(store, ndjson([competitor(PROJECT2)]), { strict });
      expect(result.errors).toEqual([
        {
          line: 1,
          reason: `competitor.project_id: competitor ${COMPETITOR} belongs to another project; it cannot move`,
        },
      ]);
    }
    const row = await store.db
      .selectFrom("competitors")
      .select("project_id")
      .where("id", "=", COMPETITOR)
      .executeTakeFirstOrThrow();
    expect(row.project_id).toBe(PROJECT);
  });

  it("reports a repeated id with both line numbers; the later line wins", async () => {
    const result = await ingestFile(
      store,
      ndjson([competitor(PROJECT, "First"), "", competitor(PROJECT, "Second")]),
    );
    expect(result.errors).toEqual([]);
    expect(result.duplicates).toEqual([
      { line: 3, reason: `duplicate competitor ${COMPETITOR}: line 1 has it too; the later line wins` },
    ]);
    expect(result.lines).toBe(2);
    const row = await store.db
      .selectFrom("competitors")
      .select("name")
      .where("id", "=", COMPETITOR)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Second");
  });

  it("makes a repeated id an error in strict mode, and writes nothing", async () => {
    const result = await ingestFile(
      store,
      ndjson([competitor(PROJECT, "First"), competitor(PROJECT, "Second")]),
      {
        strict: true,
      },
    );
    expect(result.errors).toEqual([
      { line: 2, reason: `duplicate competitor ${COMPETITOR}: line 1 has it too` },
    ]);
    expect(result.written).toBe(0);
    const row = await store.db
      .selectFrom("competitors")
      .select("name")
      .where("id", "=", COMPETITOR)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Rival");
  });
});
