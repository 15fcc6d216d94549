import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { afterEach, beforeEach, expect, it } from "vitest";
import { EVENT_PAYLOADS, type EventType } from "../../src/contract/index.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import type { Store } from "../../src/service/store/db.js";
import { describeDatabases, openTestStore } from "../store/_databases.js";
import { checksums } from "./_records.js";

const DOC = new URL("../../docs/ingest.md", import.meta.url).pathname;
const SAMPLE = new URL("../../docs/examples/sample.ndjson", import.meta.url).pathname;

describeDatabases("ingest: the sample file, twice", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  it("ingests docs/examples/sample.ndjson, and the second run changes nothing and emits nothing", async () => {
    const first = await ingestFile(store, SAMPLE);
    expect(first.errors).toEqual([]);
    expect(first.written).toBe(first.lines);
    expect(first.lines).toBe(18);
    // content NEW + PUBLISHED, one run, one task, one IQ record: new rows with a status count as changes.
    expect(first.events).toBe(5);
    const before = await checksums(store.db);

    const second = await ingestFile(store, SAMPLE, { batchSize: 3 });
    expect(second).toMatchObject({
      lines: 18,
      written: 0,
      unchanged: 18,
      errors: [],
      events: 0,
      changedProjects: [],
    });
    expect(await checksums(store.db)).toEqual(before);
  });

  it("ingests the examples of docs/ingest.md", async () => {
    const lines = readFileSync(DOC, "utf8")
      .split("\n")
      .filter((l) => l.startsWith('{"type"'));
    expect(lines).toHaveLength(13);
    const result = await ingestFile(store, Readable.from([lines.join("\n")]));
    expect(result).toMatchObject({ lines: 13, written: 13, errors: [] });
  });

  it("stores what the API reads: normalized URLs, owners, the day in the workspace time zone", async () => {
    await ingestFile(store, SAMPLE);
    const urls = await store.db
      .selectFrom("urls")
      .select(["url", "owner", "raw_url"])
      .orderBy("url")
      .execute();
    expect(urls.map((u) => [u.url, u.owner])).toEqual([
      ["contoso.example/plans", "competitor"],
      ["fabrikam.example/startups", "competitor"],
      ["g2.example/categories/crm", "other"],
      ["northwind.example/pricing", "you"],
    ]);
    const answers = await store.db
      .selectFrom("answers")
      .select(["id", "day", "brand_cited", "competitor_found"])
      .orderBy("id")
      .execute();
    // 23:30 UTC on March 1st is March 2nd in Berlin.
    expect(answers.map((a) => a.day)).toEqual(["2025-03-01", "2025-03-02"]);
    expect(answers.map((a) => a.brand_cited)).toEqual([true, false]);
    const pages = await store.db
      .selectFrom("site_pages")
      .select(["normalized_url", "status"])
      .orderBy("url")
      .execute();
    expect(pages).toEqual([
      { normalized_url: "northwind.example/about", status: "unclassified" },
      { normalized_url: "northwind.example/pricing", status: "classified" },
    ]);
    const aggregates = await store.db.selectFrom("projects").select("id").execute();
    expect(aggregates).toHaveLength(1);
  });

  it("queues events whose payloads the contract accepts", async () => {
    await ingestFile(store, SAMPLE);
    const rows = await store.db.selectFrom("event_outbox").selectAll().orderBy("created_at").execute();
    expect(rows.map((r) => r.event).sort()).toEqual([
      "agent_task.status_updated",
      "content.status_updated",
      "content.status_updated",
      "iq.status_updated",
      "opportunity_run.status_updated",
    ]);
    for (const row of rows) {
      expect(row.is_test).toBe(false);
      expect(() => EVENT_PAYLOADS[row.event as EventType].parse(row.payload)).not.toThrow();
    }
    const content = rows.filter((r) => r.event === "content.status_updated").map((r) => r.payload.status);
    expect(content.sort()).toEqual(["DRAFT", "PUBLISHED"]);
  });
});
