/**
 * The real service over a socket on the demo data, for `live.test.ts`. Written against the names
 * the service issues promise (`startServer`, `createKey`, `openStore`, `seedSecondWorkspace`);
 * every guess about their signatures is in this one file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import type { Scope } from "../../src/contract/index.js";
import { startServer } from "../../src/service/index.js";
import { createKey } from "../../src/service/keys/index.js";
import { openStore } from "../../src/service/store/db.js";
import { OTHER_WORKSPACE_ID, seedSecondWorkspace } from "../../src/service/store/seed/index.js";
import { QUARTER_SEED, snapshotTarball } from "../_snapshots.js";

/** As-of day of the demo data: fixed, so ranges and trends are the same on every run. */
export const AS_OF = QUARTER_SEED.asOf;

export interface LiveService {
  /** What the server reports as its URL (origin or `{base_url}`; the client takes either). */
  url: string;
  workspaceId: string;
  /** A second seeded workspace the keys must not see. */
  otherWorkspaceId: string;
  /** Demo project ids, main project first. */
  projectIds: string[];
  /** Keys of the demo workspace: every scope; every scope pinned to the main project; content:read only. */
  keys: Record<"all" | "pinned" | "contentOnly", string>;
  close(): Promise<void>;
}

/**
 * Fills a fresh PGlite directory with the demo, mints keys, closes the store (one process per
 * PGlite directory), then starts the real HTTP server on it on a free loopback port.
 */
export async function startLiveService(): Promise<LiveService> {
  const dir = mkdtempSync(join(tmpdir(), "vreport-client-live-"));
  // The demo is the run's `quarter` snapshot (test/_snapshots.ts), seeded once per run: a quarter
  // of the prompts over 180 days (not the demo's 13 months) keeps the suite quick, and the facts
  // asserted depend on neither.
  const store = await openStore(dir, { loadDataDir: snapshotTarball("quarter") });
  let keys: LiveService["keys"];
  let workspaceId: string;
  let projectIds: string[];
  try {
    const summary = inject("snapshots").quarter.summaries.demo!;
    await seedSecondWorkspace(store, { asOf: AS_OF, scale: 0.25 });
    workspaceId = summary.workspaceId;
    projectIds = [
      summary.mainProjectId,
      ...summary.projects.map((p) => p.id).filter((id) => id !== summary.mainProjectId),
    ];
    const mint = async (name: string, scopes: Scope[], projectId?: string) =>
      (await createKey(store, { workspaceId, name, scopes, ...(projectId ? { projectId } : {}) })).key;
    const all: Scope[] = ["workspace:read", "visibility:read", "contentmap:read", "content:read"];
    keys = {
      all: await mint("client live: all scopes", all),
      pinned: await mint("client live: pinned", all, projectIds[0]),
      contentOnly: await mint("client live: content only", ["content:read"]),
    };
  } finally {
    await store.close();
  }
  const server = await startServer({
    database: dir,
    port: 0,
    host: "127.0.0.1",
    now: () => new Date(`${AS_OF}T12:00:00Z`),
    // Dozens of calls in a burst; the rate limiter is the service suite's concern.
    rateLimit: false,
  });
  return {
    url: server.url,
    workspaceId,
    otherWorkspaceId: OTHER_WORKSPACE_ID,
    projectIds,
    keys,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
