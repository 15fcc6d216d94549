/**
 * An agency's workspace on the real PostgreSQL server for the delivery suites: `clients` projects,
 * each the tiny worked example of docs/import.md imported under its own name (a few answers: their
 * Markdown reports render in a blink), served over loopback HTTP as `vreport serve` does. The
 * database lives in a schema of its own (test/store/_databases.ts), dropped on close; workers get
 * its URL as `--database`, the one thing besides Redis they share.
 */
import { SCOPES } from "../../src/contract/index.js";
import { createApp } from "../../src/service/http/app.js";
import { importCsv } from "../../src/service/import/index.js";
import { createKey } from "../../src/service/keys/index.js";
import { openStore, type Store } from "../../src/service/store/db.js";
import { EXAMPLE, exampleSetup } from "../import/_csv.js";
import { freshLocation } from "../store/_databases.js";

export interface PgAgency {
  baseUrl: string;
  apiKey: string;
  /** The PostgreSQL URL of its database (with the schema in its search_path). */
  database: string;
  store: Store;
  /** In import order: `Client 01`, `Client 02`, … */
  projects: { id: string; name: string }[];
  close(): Promise<void>;
}

/** The example's answers are from early March 2025: the service's clock stands just after them. */
const NOW = new Date("2025-03-05T12:00:00Z");

/** Imports `clients` projects into a fresh PostgreSQL schema and serves them. */
export async function startPgAgency(clients: number): Promise<PgAgency> {
  const fresh = await freshLocation("postgres");
  const store = await openStore(fresh.location);
  const projects: PgAgency["projects"] = [];
  let workspaceId = "";
  for (let i = 1; i <= clients; i++) {
    const name = `Client ${String(i).padStart(2, "0")}`;
    const r = await importCsv(store, EXAMPLE, exampleSetup({ workspace: "Agency", project: name }));
    projects.push({ id: r.projectId, name });
    workspaceId = r.workspaceId;
  }
  const key = await createKey(store, { workspaceId, scopes: SCOPES, name: "delivery tests" });
  const app = createApp({ store, now: () => NOW, logger: false, rateLimit: false, loadShedding: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/core/api/external/v1`,
    apiKey: key.key,
    database: fresh.location,
    store,
    projects,
    async close() {
      await app.close();
      await store.close();
      await fresh.dispose();
    },
  };
}
