/**
 * The bench databases: a PGlite directory at scale 1 and PostgreSQL databases per scale, seeded
 * as of a fixed day and cached between runs. A marker records the as-of day, the scale, a hash of
 * the compiled seed/migration/aggregate code and how long seeding took, so a cached database is
 * reused only when it is exactly what this code would seed.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { DIST, RESULTS } from "./_paths.mjs";

/** The demo's last collection day: fixed, so cached databases stay valid across days. */
export const AS_OF = "2026-11-01";
/** Midday UTC is the as-of day in the demo's timezone (Europe/Paris) in any season. */
export const NOW = new Date(`${AS_OF}T12:00:00Z`);
/** Admin connection used to create/drop the bench databases. */
export const PG_ADMIN = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const PGLITE_DIR = join(RESULTS, "db-pglite-s1");

const service = () => import(`${DIST}/service/index.js`);
const dbModule = () => import(`${DIST}/service/store/db.js`);
const seedModule = () => import(`${DIST}/service/store/seed/index.js`);

/** The URL of the bench database for `scale` on the PostgreSQL server of PG_ADMIN. */
export function pgUrl(scale) {
  const url = new URL(PG_ADMIN);
  url.pathname = `/vreport_bench_s${String(scale).replace(".", "_")}`;
  return url.toString();
}

function listJs(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".js"))
    .sort()
    .map((f) => join(dir, f));
}

/** Hash of the compiled code that decides what a seeded database holds. */
export function seedCodeHash() {
  const h = createHash("sha256");
  for (const dir of ["service/store/seed", "service/store/migrations", "service/analytics/aggregates"])
    for (const file of listJs(join(DIST, dir))) h.update(file.slice(DIST.length)).update(readFileSync(file));
  const demo = join(DIST, "service/demo.js");
  if (existsSync(demo)) h.update("demo").update(readFileSync(demo));
  return h.digest("hex").slice(0, 16);
}

/**
 * Rebuilds the analytics pre-aggregates when seeding left them empty (older seeds did not build
 * them); returns the ms spent, or null when the seed had already built them.
 */
async function refreshIfNeeded(store) {
  let analytics;
  try {
    analytics = await import(`${DIST}/service/analytics/index.js`);
  } catch {
    return null;
  }
  if (typeof analytics.refreshAggregates !== "function") return null;
  const { sql } = await import("kysely");
  try {
    const { rows } = await sql`SELECT (SELECT count(*) FROM projects) AS projects,
      (SELECT count(*) FROM agg_projects) AS aggregated`.execute(store.db);
    if (Number(rows[0].aggregated) >= Number(rows[0].projects)) return null;
  } catch {
    return null; // no aggregate tables in this version of the schema
  }
  const t = performance.now();
  await analytics.refreshAggregates(store.db);
  return performance.now() - t;
}

/**
 * Seeds as `vreport seed` does: through the service's `loadDemo` (seed, ANALYZE, aggregates)
 * when this version has it, else `seedDemo` followed by an aggregate refresh and ANALYZE.
 */
async function seedInto(location, scale) {
  const { openStore } = await dbModule();
  const { seedDemo } = await seedModule();
  const demo = await import(`${DIST}/service/demo.js`).catch(() => null);
  const store = await openStore(location);
  try {
    const t = performance.now();
    if (typeof demo?.loadDemo === "function") {
      const summary = await demo.loadDemo(store, { asOf: AS_OF, scale });
      const seedMs = performance.now() - t;
      return { seedMs, aggregateMs: null, answers: summary.totals.answers, prompts: summary.totals.prompts };
    }
    const summary = await seedDemo(store, { asOf: AS_OF, scale });
    const seedMs = performance.now() - t;
    const { sql } = await import("kysely");
    await sql`ANALYZE`.execute(store.db);
    const aggregateMs = await refreshIfNeeded(store);
    return { seedMs, aggregateMs, answers: summary.totals.answers, prompts: summary.totals.prompts };
  } finally {
    await store.close();
  }
}

/** The PGlite bench database at scale 1, seeded unless a matching marker says it already is. */
export async function ensurePglite({ fresh = false, log }) {
  const markerPath = `${PGLITE_DIR}.marker.jsonl`;
  const hash = seedCodeHash();
  if (!fresh && existsSync(markerPath) && existsSync(PGLITE_DIR)) {
    const marker = JSON.parse(readFileSync(markerPath, "utf8"));
    if (marker.asOf === AS_OF && marker.hash === hash && marker.scale === 1)
      return { ...marker, cached: true, location: PGLITE_DIR };
  }
  rmSync(PGLITE_DIR, { recursive: true, force: true });
  rmSync(markerPath, { force: true });
  log(`seeding PGlite scale 1 into ${PGLITE_DIR}…`);
  const result = await seedInto(PGLITE_DIR, 1);
  const marker = { asOf: AS_OF, scale: 1, hash, seededAt: new Date().toISOString(), ...result };
  writeFileSync(markerPath, `${JSON.stringify(marker)}\n`);
  return { ...marker, cached: false, location: PGLITE_DIR };
}

async function admin(fn) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** True when the PostgreSQL server of PG_ADMIN answers. */
export async function postgresAvailable() {
  try {
    await admin((c) => c.query("SELECT 1"));
    return true;
  } catch {
    return false;
  }
}

/** The PostgreSQL bench database for `scale`, (re)created and seeded unless its marker matches. */
export async function ensurePostgres(scale, { fresh = false, log }) {
  const url = pgUrl(scale);
  const name = new URL(url).pathname.slice(1);
  const hash = seedCodeHash();
  const exists = await admin(
    async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount > 0,
  );
  if (exists && !fresh) {
    const marker = await readPgMarker(url);
    if (marker && marker.asOf === AS_OF && marker.hash === hash && marker.scale === scale)
      return { ...marker, cached: true, location: url };
  }
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  log(`seeding PostgreSQL scale ${scale} into ${name}…`);
  const result = await seedInto(url, scale);
  const marker = { asOf: AS_OF, scale, hash, seededAt: new Date().toISOString(), ...result };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "CREATE TABLE IF NOT EXISTS vreport_bench_marker (id int PRIMARY KEY, marker jsonb NOT NULL)",
    );
    await client.query(
      "INSERT INTO vreport_bench_marker VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET marker = excluded.marker",
      [JSON.stringify(marker)],
    );
  } finally {
    await client.end();
  }
  return { ...marker, cached: false, location: url };
}

async function readPgMarker(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (
      (await client.query("SELECT marker FROM vreport_bench_marker WHERE id = 1")).rows[0]?.marker ?? null
    );
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** Drops every bench database (`--drop`). */
export async function dropPostgres(scales) {
  await admin(async (c) => {
    for (const scale of scales)
      await c.query(`DROP DATABASE IF EXISTS ${new URL(pgUrl(scale)).pathname.slice(1)} WITH (FORCE)`);
  });
}

/**
 * Serves the API over `location` in this process, with fresh full-scope keys (`keys` of them,
 * deleted on close) and the clock at the as-of day; `app` adds createApp options (cache, load
 * shedding). Returns the base URL, the keys and the main project's id.
 */
export async function serve(location, { app: appOptions = {}, keys = 1 } = {}) {
  const { createApp } = await service();
  const { openStore } = await dbModule();
  const { DEMO_WORKSPACE_ID } = await seedModule();
  const { createKey } = await import(`${DIST}/service/keys/index.js`);
  const { SCOPES } = await import(`${DIST}/contract/index.js`);
  const store = await openStore(location);
  const minted = [];
  for (let i = 0; i < keys; i++)
    minted.push(
      await createKey(store, { workspaceId: DEMO_WORKSPACE_ID, scopes: SCOPES, name: "bench (temporary)" }),
    );
  const app = createApp({ store, now: () => NOW, logger: false, rateLimit: false, ...appOptions });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = app.server.address().port;
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}/core/api/external/v1`;
  const res = await fetch(`${baseUrl}/projects`, { headers: { authorization: `Bearer ${minted[0].key}` } });
  const projects = (await res.json()).data.projects;
  return {
    origin,
    baseUrl,
    apiKey: minted[0].key,
    apiKeys: minted.map((k) => k.key),
    workspaceId: DEMO_WORKSPACE_ID,
    project: projects[0],
    /** The service's day (its clock is pinned): periods are resolved against it. */
    asOf: AS_OF,
    async close() {
      try {
        await app.close();
        for (const k of minted) await store.db.deleteFrom("api_keys").where("id", "=", k.id).execute();
      } finally {
        await store.close();
      }
    },
  };
}
