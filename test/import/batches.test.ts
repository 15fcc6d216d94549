/**
 * Batched writes (docs/import.md, "How it runs, and memory"): rows are written a batch at a time
 * in multi-row statements, cut further when a statement would pass the bind-parameter limit. The
 * outcome must not depend on where the batches fall.
 */
import { expect, it } from "vitest";
import { importCsv } from "../../src/service/import/index.js";
import { chunked } from "../../src/service/ingest/writers/_upsert-many.js";
import { checksums } from "../ingest/_records.js";
import { describeDatabases } from "../store/_databases.js";
import { counts, exampleSetup, importFixture } from "./_csv.js";

/** `n` answers to 7 prompts, each citing 3 URLs (one of the brand's), on distinct instants. */
function rows(n: number, text = (i: number) => `Answer ${i}: Acme or Globex.`): string[] {
  const lines = ["prompt,platform,answered_at,answer,mentions,citations,category"];
  for (let i = 0; i < n; i++) {
    const at = new Date(Date.UTC(2025, 2, 1) + i * 60_000).toISOString();
    const urls = [
      `https://acme.example/p/${i % 50}`,
      `https://globex.example/${i % 7}`,
      `https://news.example/${i}`,
    ];
    lines.push(
      `Prompt ${i % 7}?,chatgpt,${at},${text(i)},Acme;Globex,${urls.join(";")},Topic ${(i % 7) % 3}`,
    );
  }
  return lines;
}

it("chunked cuts a list so that no statement passes 30,000 parameters", () => {
  expect(chunked([1, 2, 3, 4, 5], 10_000).map((c) => c.length)).toEqual([3, 2]);
  expect(chunked([1, 2, 3], 40_000).map((c) => c.length)).toEqual([1, 1, 1]);
  expect(chunked([], 5)).toEqual([]);
});

describeDatabases("import: batches", (kind) => {
  const fx = importFixture(kind);

  it("gives the same rows whatever the batch size, and re-imports as unchanged across batches", async () => {
    const file = fx.files.write("many.csv", rows(40));
    const first = await importCsv(fx.store, file, exampleSetup(), { batchSize: 3 });
    expect(first).toMatchObject({ rows: 40, created: 40, updated: 0, unchanged: 0, skipped: 0 });
    // 7 prompts in 3 categories; 40 answers × 3 citations; URLs: 50 brand pages seen as 40, 7, 40.
    expect(await counts(fx.store.db)).toEqual({
      workspaces: 1,
      projects: 1,
      competitors: 2,
      categories: 3,
      prompts: 7,
      answers: 40,
      citations: 120,
    });
    const urls = await fx.store.db
      .selectFrom("urls")
      .select(["owner", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("owner")
      .orderBy("owner")
      .execute();
    expect(urls.map((u) => [u.owner, Number(u.n)])).toEqual([
      ["competitor", 7],
      ["other", 40],
      ["you", 40],
    ]);
    const before = await checksums(fx.store.db);
    const again = await importCsv(fx.store, file, exampleSetup(), { batchSize: 1000 });
    expect(again).toMatchObject({ rows: 40, created: 0, updated: 0, unchanged: 40, setupChanged: 0 });
    expect(await checksums(fx.store.db)).toEqual(before);
  });

  it("updates corrected rows in place in any batch, their citations with them", async () => {
    await importCsv(fx.store, fx.files.write("many.csv", rows(40)), exampleSetup(), { batchSize: 7 });
    // Rows 5 and 33 (0-based) change their text; row 20 cites other URLs.
    const corrected = rows(40, (i) =>
      i === 5 || i === 33 ? `Corrected ${i}.` : `Answer ${i}: Acme or Globex.`,
    );
    corrected[21] = (corrected[21] as string).replace(
      "https://acme.example/p/20",
      "https://initech.example/x",
    );
    const result = await importCsv(fx.store, fx.files.write("fixed.csv", corrected), exampleSetup(), {
      batchSize: 7,
    });
    expect(result).toMatchObject({ rows: 40, created: 0, updated: 3, unchanged: 37 });
    const texts = await fx.store.db
      .selectFrom("answers")
      .select("text")
      .where("text", "like", "Corrected%")
      .orderBy("text")
      .execute();
    expect(texts.map((t) => t.text)).toEqual(["Corrected 33.", "Corrected 5."]);
    const cited = await fx.store.db
      .selectFrom("citations")
      .innerJoin("urls", "urls.id", "citations.url_id")
      .innerJoin("answers", "answers.id", "citations.answer_id")
      .select(["citations.position", "urls.url", "answers.brand_cited"])
      .where("answers.text", "=", "Answer 20: Acme or Globex.")
      .orderBy("citations.position")
      .execute();
    expect(cited).toEqual([
      { position: 1, url: "initech.example/x", brand_cited: false },
      { position: 2, url: "globex.example/6", brand_cited: false },
      { position: 3, url: "news.example/20", brand_cited: false },
    ]);
    expect((await counts(fx.store.db)).citations).toBe(120);
  });

  it("writes a batch whose citations need several INSERT statements (over 30,000 parameters)", async () => {
    // 1,400 rows × 3 citations × 8 columns = 33,600 parameters in one batch.
    const result = await importCsv(fx.store, fx.files.write("big.csv", rows(1400)), exampleSetup(), {
      batchSize: 5000,
      refreshAggregates: false,
    });
    expect(result).toMatchObject({ rows: 1400, created: 1400 });
    expect((await counts(fx.store.db)).citations).toBe(4200);
  });
});
