import type { Scope } from "../../src/contract/index.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import { createKey } from "../../src/service/keys/index.js";
import type { Store } from "../../src/service/store/db.js";
import { baseRecords, ndjson } from "../ingest/_records.js";
import { openTestStore } from "../store/_databases.js";

/** A small store for HTTP tests that need no demo data: one workspace and project, keys on demand. */
export interface KeyedStore {
  store: Store;
  workspaceId: string;
  /** Creates a key of the workspace with `scopes`; returns the key itself. */
  mint(scopes: Scope[]): Promise<string>;
}

/** Opens a fresh PGlite store holding the ingest test's workspace and project (close `store` after). */
export async function openKeyedStore(): Promise<KeyedStore> {
  const store = await openTestStore("pglite");
  await ingestFile(store, ndjson(baseRecords()));
  const workspaceId = (await store.db.selectFrom("workspaces").select("id").executeTakeFirstOrThrow()).id;
  return {
    store,
    workspaceId,
    mint: async (scopes) => (await createKey(store, { workspaceId, scopes })).key,
  };
}
