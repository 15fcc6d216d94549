import { sql } from "kysely";
import { dayIn, SCOPES } from "../contract/index.js";
import { chooseWorkspace, type StoredProject, storedProjects } from "./embedded-workspace.js";
import { createApp } from "./http/app.js";
import { createKey } from "./keys/index.js";
import { openStore, resolveDatabaseLocation, type Store } from "./store/db.js";
import { DEMO_TIMEZONE, DEMO_WORKSPACE_ID } from "./store/seed/demo-workspace.js";

/** The embedded demo service a `generate` without `--base-url` talks to over loopback HTTP. */
export interface EmbeddedService {
  baseUrl: string;
  /** A temporary full-scope key, deleted on close. */
  apiKey: string;
  /** Where the demo database lives. */
  database: string;
  asOf: string;
  /** True when this run had to (re)seed the demo workspace. */
  seeded: boolean;
  /** Every project of the database, whichever workspace holds it (for a project that is not there). */
  projects: StoredProject[];
  /**
   * The store it serves from, for the command's own records beside the service (the worker's
   * delivery ledger, docs/jobs.md): PGlite lets one process open a directory, so they share it.
   */
  store: Store;
  close(): Promise<void>;
}

/**
 * PGlite's shared buffers while the embedded service answers one report's requests: PGlite clears
 * PostgreSQL's default 128 MB at every start, 0.3-0.4 s of each `generate` (docs/decisions.md,
 * "Short-lived PGlite"); the report's queries did not get slower with 32 MB.
 */
const READING_BUFFERS_MB = 32;

/** The last collection day of the demo workspace, or null when it is not seeded. */
async function seededAsOf(store: Store): Promise<string | null> {
  // The pre-aggregates' day range (kept by seed and ingest) answers at once; the answers scan
  // is for a database whose aggregates were never built.
  const agg = await sql<{ day: string | null }>`SELECT max(a.max_day) AS day
    FROM agg_projects a JOIN projects p ON p.id = a.project_id
    WHERE p.workspace_id = ${DEMO_WORKSPACE_ID}`.execute(store.db);
  const day = agg.rows[0]?.day;
  if (day) return String(day).slice(0, 10);
  const row = await store.db
    .selectFrom("answers")
    .innerJoin("projects", "projects.id", "answers.project_id")
    .where("projects.workspace_id", "=", DEMO_WORKSPACE_ID)
    .select((eb) => eb.fn.max("answers.day").as("day"))
    .executeTakeFirst();
  return row?.day ? String(row.day).slice(0, 10) : null;
}

/**
 * Opens the demo database, seeds it when it is missing or not as of the wanted day, mints
 * a temporary key and serves the API on an ephemeral loopback port. The service's clock is set
 * to the as-of day, so the report covers the demo's data exactly.
 */
export async function startEmbedded(
  options: {
    database?: string;
    asOf?: string;
    /** Told before (re)seeding, which takes tens of seconds: callers say so instead of going quiet. */
    onSeed?: (info: { database: string; asOf: string }) => void;
    /** The project the run reports on (id or name): the service reads the workspace that holds it. */
    project?: string;
  } = {},
): Promise<EmbeddedService> {
  const database = resolveDatabaseLocation(options.database);
  let store = await openStore(database, { sharedBuffersMb: READING_BUFFERS_MB });
  let app: ReturnType<typeof createApp> | undefined;
  try {
    const projects = await storedProjects(store);
    const choice = chooseWorkspace(projects, options.project);
    const demo = choice.workspaceId === DEMO_WORKSPACE_ID;
    // Reseeding replaces the workspace (and its API keys), so it happens only when the demo is
    // missing or an explicit --as-of asks for another day; otherwise the demo keeps its own day.
    // A database holding other data never gets the demo seeded into it (docs/import.md).
    const existing = demo ? await seededAsOf(store) : null;
    const zone = choice.timezone ?? DEMO_TIMEZONE;
    const asOf = options.asOf ?? existing ?? dayIn(zone, new Date());
    const seeded = demo && existing !== asOf && (existing !== null || !choice.othersData);
    if (seeded) {
      options.onSeed?.({ database, asOf });
      if (store.sharedBuffersMb !== undefined) {
        // Seeding writes the whole database: with PostgreSQL's default buffers it is seconds faster.
        await store.close();
        store = await openStore(database);
      }
      // Loaded only to seed: most runs reuse the demo and never need the seeding code.
      await (await import("./demo.js")).loadDemo(store, { asOf });
    }
    const key = await createKey(store, {
      workspaceId: choice.workspaceId,
      scopes: SCOPES,
      name: "vreport generate (temporary)",
    });
    // Midday UTC is the as-of day in the workspace's timezone (the demo's: Europe/Paris) whatever the season.
    const now = new Date(`${asOf}T12:00:00Z`);
    // One trusted client (this process's own generator): no load shedding (docs/api.md, "Load shedding").
    app = createApp({ store, now: () => now, logger: false, rateLimit: false, loadShedding: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const running = app;
    return {
      baseUrl: `http://127.0.0.1:${port}/core/api/external/v1`,
      apiKey: key.key,
      database,
      asOf,
      seeded,
      projects: seeded ? await storedProjects(store) : projects,
      store,
      async close() {
        try {
          await running.close();
          await store.db.deleteFrom("api_keys").where("id", "=", key.id).execute();
        } finally {
          await store.close();
        }
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await store.close();
    throw err;
  }
}
