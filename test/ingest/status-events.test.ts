import { afterEach, beforeEach, expect, it } from "vitest";
import { CONTENT_STATUSES } from "../../src/contract/index.js";
import { CONTENT_STATUS_TO_EVENT, ingestFile } from "../../src/service/ingest/index.js";
import type { Store } from "../../src/service/store/db.js";
import { describeDatabases, openTestStore } from "../store/_databases.js";
import { agentRecords, baseRecords, contentItem, ndjson, WS } from "./_records.js";

describeDatabases("ingest: status changes write outbox events in the same transaction", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  const outbox = () =>
    store.db
      .selectFrom("event_outbox")
      .select(["event", "payload", "workspace_id"])
      .orderBy("created_at")
      .execute();

  it("emits on a status change only, never on other field changes", async () => {
    await ingestFile(
      store,
      ndjson([...baseRecords(), contentItem(1, "NEW"), ...agentRecords("PENDING", "QUEUED", "PROCESSING")]),
    );
    expect(await outbox()).toHaveLength(4);

    // Title changes: written, no event; updated_at bumps since none was given.
    const retitled = await ingestFile(store, ndjson([contentItem(1, "NEW", { title: "Renamed" })]));
    expect(retitled).toMatchObject({ written: 1, events: 0 });

    const moved = await ingestFile(
      store,
      ndjson([
        contentItem(1, "GENERATING", { title: "Renamed" }),
        ...agentRecords("COMPLETED", "SUCCEEDED", "READY"),
      ]),
    );
    expect(moved).toMatchObject({ written: 4, events: 4, errors: [] });
    const events = await outbox();
    expect(events).toHaveLength(8);
    const last = events.slice(4);
    const content = last.find((e) => e.event === "content.status_updated");
    expect(content?.payload).toMatchObject({
      status: "PROCESSING",
      title: "Renamed",
      buyer_stage: "decision",
    });
    expect(last.find((e) => e.event === "opportunity_run.status_updated")?.payload).toMatchObject({
      status: "COMPLETED",
      completed: true,
    });
    expect(last.find((e) => e.event === "iq.status_updated")?.payload).toMatchObject({ stage: "READY" });
    expect(new Set(events.map((e) => e.workspace_id))).toEqual(new Set([WS]));
  });

  it("writes no event for a record that fails", async () => {
    const result = await ingestFile(
      store,
      ndjson([
        ...baseRecords(),
        contentItem(2, "NEW", { project_id: "11111111-0000-4000-8000-00000000ffff" }),
      ]),
    );
    expect(result.errors).toEqual([
      { line: 3, reason: "content_item.project_id: unknown project 11111111-0000-4000-8000-00000000ffff" },
    ]);
    expect(await outbox()).toHaveLength(0);
  });
});

it("maps every REST content status to an event status", () => {
  expect(Object.keys(CONTENT_STATUS_TO_EVENT).sort()).toEqual([...CONTENT_STATUSES].sort());
  expect(CONTENT_STATUS_TO_EVENT).toMatchObject({ NEW: "DRAFT", PLANNED: "DRAFT", GENERATING: "PROCESSING" });
});
