import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { importCsv } from "../../src/service/import/index.js";
import { checksums } from "../ingest/_records.js";
import { describeDatabases } from "../store/_databases.js";
import { counts, EXAMPLE, exampleSetup, importFixture } from "./_csv.js";

const EXAMPLE_LINES = readFileSync(EXAMPLE, "utf8").trimEnd().split("\n");

describeDatabases("import: docs/examples/answers.csv", (kind) => {
  const fx = importFixture(kind);

  it("creates the workspace, project, competitors, categories, prompts and 5 answers", async () => {
    const result = await importCsv(fx.store, EXAMPLE, exampleSetup());
    expect(result).toMatchObject({
      rows: 5,
      created: 5,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      written: true,
    });
    expect(result.errors).toEqual([]);
    // 1 workspace, 1 project, 2 competitors; "CRM" and "Integrations"; 2 prompts; 5 answers with
    // 2 + 1 + 1 + 1 + 0 cited URLs.
    expect(await counts(fx.store.db)).toEqual({
      workspaces: 1,
      projects: 1,
      competitors: 2,
      categories: 2,
      prompts: 2,
      answers: 5,
      citations: 5,
    });
    const platforms = await fx.store.db
      .selectFrom("project_platforms")
      .select("platform")
      .orderBy("platform")
      .execute();
    expect(platforms.map((p) => p.platform)).toEqual(["chatgpt", "google_ai_overview", "perplexity"]);
    const workspace = await fx.store.db
      .selectFrom("workspaces")
      .select(["name", "timezone"])
      .executeTakeFirstOrThrow();
    expect(workspace).toEqual({ name: "Acme", timezone: "Europe/Berlin" });
  });

  it("derives mention, citation and day of each answer from its row", async () => {
    await importCsv(fx.store, EXAMPLE, exampleSetup());
    const answers = await fx.store.db
      .selectFrom("answers")
      .innerJoin("prompts", "prompts.id", "answers.prompt_id")
      .select([
        "answers.text",
        "answers.platform",
        "answers.day",
        "answers.brand_mentioned",
        "answers.brand_cited",
        "answers.competitor_found",
        "answers.cited_competitor_ids",
      ])
      .orderBy("answers.collected_at")
      .execute();
    const competitors = await fx.store.db.selectFrom("competitors").select(["id", "name"]).execute();
    const name = (id: string) => competitors.find((c) => c.id === id)?.name;
    const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d));
    expect(
      answers.map((a) => [
        a.text.slice(0, 20),
        a.platform,
        day(a.day),
        a.brand_mentioned,
        a.brand_cited,
        a.competitor_found,
        a.cited_competitor_ids.map(name),
      ]),
    ).toEqual([
      // 09:30Z is 10:30 in Berlin, 1 March.
      ["Globex leads the mar", "perplexity", "2025-03-01", false, false, true, ["Globex"]],
      // Date-only rows are stored at noon Berlin time, the second one a second later.
      ["Acme and Globex are ", "chatgpt", "2025-03-01", true, true, true, ["Globex"]],
      ["Initech is the cheap", "chatgpt", "2025-03-01", false, false, true, ["Initech"]],
      // 10:00+01:00 is 09:00Z, 2 March in Berlin.
      ["Acme, with its Gmail", "chatgpt", "2025-03-02", true, true, false, []],
      ["Several do, Globex a", "google_ai_overview", "2025-03-02", false, false, true, []],
    ]);
  });

  it("re-importing the same file changes nothing", async () => {
    await importCsv(fx.store, EXAMPLE, exampleSetup());
    const before = await checksums(fx.store.db);
    const again = await importCsv(fx.store, EXAMPLE, exampleSetup(), { batchSize: 2 });
    expect(again).toMatchObject({
      rows: 5,
      created: 0,
      updated: 0,
      unchanged: 5,
      skipped: 0,
      setupChanged: 0,
    });
    expect(await checksums(fx.store.db)).toEqual(before);
  });

  it("a corrected row updates its answer in place, and the API's cached answers are retired", async () => {
    await importCsv(fx.store, EXAMPLE, exampleSetup());
    // The project's data version keys the API's response cache (docs/api.md, Extensions to v1).
    const version = async () =>
      BigInt(
        (await fx.store.db.selectFrom("projects").select("data_version").executeTakeFirstOrThrow())
          .data_version,
      );
    const imported = await version();
    await importCsv(fx.store, EXAMPLE, exampleSetup());
    expect(await version()).toBe(imported);
    const corrected = EXAMPLE_LINES.map((line) =>
      line.startsWith("Best CRM for a startup?,perplexity")
        ? "Best CRM for a startup?,perplexity,2025-03-01T09:30:00Z,Acme leads the market.,Acme,https://acme.example/,CRM"
        : line,
    );
    const result = await importCsv(fx.store, fx.files.write("corrected.csv", corrected), exampleSetup());
    expect(result).toMatchObject({ rows: 5, created: 0, updated: 1, unchanged: 4, skipped: 0 });
    expect(await version()).toBeGreaterThan(imported);
    expect((await counts(fx.store.db)).answers).toBe(5);
    const answer = await fx.store.db
      .selectFrom("answers")
      .select(["text", "brand_mentioned", "brand_cited", "competitor_found"])
      .where("platform", "=", "perplexity")
      .executeTakeFirstOrThrow();
    expect(answer).toEqual({
      text: "Acme leads the market.",
      brand_mentioned: true,
      brand_cited: true,
      competitor_found: false,
    });
  });

  it("tells date-only answers of one prompt, platform and day apart by their order in the file", async () => {
    await importCsv(fx.store, EXAMPLE, exampleSetup());
    // Swap rows 2 and 3 (the two date-only ChatGPT answers of 1 March): each slot gets the other text.
    const [header, first, second, ...rest] = EXAMPLE_LINES;
    const swapped = [header, second, first, ...rest] as string[];
    const result = await importCsv(fx.store, fx.files.write("swapped.csv", swapped), exampleSetup());
    expect(result).toMatchObject({ created: 0, updated: 2, unchanged: 3 });
    const texts = await fx.store.db
      .selectFrom("answers")
      .select("text")
      .where("platform", "=", "chatgpt")
      .where("day", "=", "2025-03-01")
      .orderBy("collected_at")
      .execute();
    expect(texts.map((t) => t.text)).toEqual([
      "Initech is the cheapest.",
      "Acme and Globex are popular; Acme has a free tier.",
    ]);
    // A third answer that day is a new one.
    const more = [...swapped, "Best CRM for a startup?,chatgpt,2025-03-01,Try Acme.,Acme,,CRM"];
    expect(await importCsv(fx.store, fx.files.write("more.csv", more), exampleSetup())).toMatchObject({
      rows: 6,
      created: 1,
      unchanged: 5,
    });
  });
});
