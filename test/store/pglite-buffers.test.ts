import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/service/store/db.js";
import { snapshotTarball } from "../_snapshots.js";

/** PostgreSQL's shared buffers as the open store reports them. */
async function sharedBuffers(options: { sharedBuffersMb?: number }): Promise<string> {
  const store = await openStore("memory://", { loadDataDir: snapshotTarball("empty"), ...options });
  try {
    const { rows } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(store.db);
    return rows[0]!.shared_buffers;
  } finally {
    await store.close();
  }
}

describe("PGlite shared buffers (docs/decisions.md, Short-lived PGlite)", () => {
  it("are PostgreSQL's default 128 MB unless asked", async () => {
    expect(await sharedBuffers({})).toBe("128MB");
  });

  it("are what a short-lived process asks for", async () => {
    expect(await sharedBuffers({ sharedBuffersMb: 32 })).toBe("32MB");
  });
});
