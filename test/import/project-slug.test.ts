import { expect, it } from "vitest";
import { importCsv } from "../../src/service/import/index.js";
import { describeDatabases } from "../store/_databases.js";
import { EXAMPLE, exampleSetup, importFixture } from "./_csv.js";

describeDatabases("import: projects named in other scripts (docs/ingest.md, project slugs)", (kind) => {
  const fx = importFixture(kind);

  it("a Cyrillic and two Japanese projects live side by side in one workspace", async () => {
    // Each of these names once became the slug "project", and the second was refused as taken.
    for (const project of ["Северный Ветер", "東京アナリティクス", "大阪アナリティクス"]) {
      const result = await importCsv(fx.store, EXAMPLE, exampleSetup({ workspace: "Northwind", project }));
      expect(result, project).toMatchObject({ rows: 5, created: 5, skipped: 0, written: true });
    }
    const projects = await fx.store.db
      .selectFrom("projects")
      .select(["name", "slug"])
      .orderBy("slug")
      .execute();
    expect(projects).toEqual([
      { name: "東京アナリティクス", slug: "project-0e3b4e42" },
      { name: "大阪アナリティクス", slug: "project-aafbbb7f" },
      { name: "Северный Ветер", slug: "severniy-veter" },
    ]);
    // Stable: importing again finds the same project and slug.
    const again = await importCsv(
      fx.store,
      EXAMPLE,
      exampleSetup({ workspace: "Northwind", project: "東京アナリティクス" }),
    );
    expect(again).toMatchObject({ rows: 5, created: 0, unchanged: 5 });
    expect(await fx.store.db.selectFrom("projects").select("slug").execute()).toHaveLength(3);
  });
});
