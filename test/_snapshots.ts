/**
 * Databases seeded once per test run (test/global-setup.ts) and copied for every test file that
 * needs one, instead of every file migrating and seeding its own:
 *   - PGlite: the seeded database is dumped once (PGlite's `dumpDataDir`) into a tarball, which
 *     the first copy loads into a PGlite directory; each copy is a copy of that directory, opened
 *     in place. Starting PGlite on a directory costs about half the CPU of loading the tarball
 *     into memory:// (which unpacks it file by file), and copies live in memory too where the
 *     machine has room (`snapshotCopies`, /dev/shm on Linux), so a copy costs a few milliseconds.
 *   - PostgreSQL: the seeded database is a template; each copy is `CREATE DATABASE … TEMPLATE`,
 *     dropped again on close.
 * Every copy is private to its caller, so tests may write to it and files run in parallel.
 */
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { inject } from "vitest";
import { openStore, type Store } from "../src/service/store/db.js";
import { type SeedSummary, seedDemo, seedSecondWorkspace } from "../src/service/store/seed/index.js";
import { cachedTemplateName, cacheTemplate, databaseExists, seedCacheKey } from "./_seed-cache.js";

/** The as-of day of the seeded snapshots. */
export const SNAPSHOT_AS_OF = "2025-06-30";
/** The seed options of the `jobs` snapshot's demo. */
export const JOBS_SEED = { asOf: SNAPSHOT_AS_OF, scale: 0.05, days: 60 } as const;
/** The seed options of the `quarter` snapshot's demo: a quarter of the prompts over 180 days. */
export const QUARTER_SEED = { asOf: SNAPSHOT_AS_OF, scale: 0.25, days: 180 } as const;

/** What each snapshot holds; `seed` fills a migrated, empty store and returns its summaries. */
export const SNAPSHOTS = {
  /**
   * Nothing: a migrated, empty database (what `openTestStore` hands out). It comes first:
   * test/global-setup.ts seeds the others on copies of it.
   */
  empty: async (_store: Store) => ({}),
  /** The service suites' data (test/service/_fixture.ts): a small demo plus the second workspace. */
  service: async (store: Store) => ({
    demo: await seedDemo(store, { asOf: SNAPSHOT_AS_OF, scale: 0.1, days: 30 }),
    other: await seedSecondWorkspace(store, { asOf: SNAPSHOT_AS_OF, scale: 0.1 }),
  }),
  /**
   * The job suites' service (test/jobs/_service.ts): a small demo over 60 days, which those suites
   * serve from a PGlite directory, as `vreport serve` does. The seed determinism test compares it
   * with a fresh seed, on PostgreSQL too.
   */
  jobs: async (store: Store) => ({
    demo: await seedDemo(store, JOBS_SEED),
  }),
  /**
   * The demo at a quarter scale (QUARTER_SEED), seeded once instead of by each suite that reads it:
   * the analytics invariants (test/service/analytics/demo-invariants.test.ts) and the client's live
   * service (test/client/_live-service.ts), which adds the second workspace to its copy.
   */
  quarter: async (store: Store) => ({
    demo: await seedDemo(store, QUARTER_SEED),
  }),
} satisfies Record<string, (store: Store) => Promise<Record<string, SeedSummary>>>;

export type SnapshotName = keyof typeof SNAPSHOTS;

/**
 * The snapshots also made as PostgreSQL templates. An empty store there is a fresh schema
 * (test/store/_databases.ts), cheaper than copying a database and dropping it again.
 */
export const POSTGRES_TEMPLATES: readonly SnapshotName[] = ["service", "jobs", "quarter"];
export type SnapshotSummaries<N extends SnapshotName> = Awaited<ReturnType<(typeof SNAPSHOTS)[N]>>;

/** Where a snapshot lives: a PGlite tarball, and (when PostgreSQL is tested) a template database. */
export interface SnapshotInfo {
  pglite: string;
  postgres?: string;
  summaries: Record<string, SeedSummary>;
}

declare module "vitest" {
  export interface ProvidedContext {
    snapshots: Record<SnapshotName, SnapshotInfo>;
    /** A v8-serialized file of the demo report's view (test/report/_demo-view.ts). */
    demoViewFile: string;
    /**
     * The run's full demo as of DEMO_AS_OF (test/report/_build-demo-view.ts), seeded where the demo
     * view is built: a PGlite directory `db` and the seed's summary, `summary.json`.
     */
    demoSeed: string;
    /** The run's transpiled project (test/_transpile.ts `buildProject`). */
    builtProject: string;
    /** Where the run's PGlite snapshot directories and their copies live (`openSnapshot`). */
    snapshotCopies: string;
  }
}

/** Runs one statement on the PostgreSQL server's maintenance connection (`url`'s database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `url` with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

// Tarballs read once per worker: every copy in this process loads from the same bytes.
const tarballs = new Map<string, Blob>();

/**
 * The PGlite tarball of snapshot `name`, for `openStore(location, { loadDataDir })`: also into
 * a new PGlite directory, which then opens as a copy of the snapshot.
 */
export function snapshotTarball(name: SnapshotName): Blob {
  const file = inject("snapshots")[name].pglite;
  let blob = tarballs.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    tarballs.set(file, blob);
  }
  return blob;
}

// The PGlite directory of each snapshot, made once per run by whichever worker needs it first.
const directories = new Map<SnapshotName, Promise<string>>();

/**
 * The PGlite directory snapshot `name` is copied from: its tarball loaded into a PGlite directory
 * and closed again. Made in a staging directory and renamed into place, so a directory that
 * exists is whole; when two workers make it at once, the first rename wins.
 */
function snapshotSource(name: SnapshotName): Promise<string> {
  let made = directories.get(name);
  if (!made) {
    made = (async () => {
      const base = inject("snapshotCopies");
      const dir = join(base, name);
      if (existsSync(dir)) return dir;
      const staging = mkdtempSync(join(base, `.${name}-`));
      try {
        const store = await openStore(join(staging, "db"), { loadDataDir: snapshotTarball(name) });
        await store.close();
        if (!existsSync(dir)) renameSync(join(staging, "db"), dir);
      } catch (error) {
        if (!existsSync(dir)) throw error; // else another worker renamed its copy first
      } finally {
        rmSync(staging, { recursive: true, force: true });
      }
      return dir;
    })();
    directories.set(name, made);
  }
  return made;
}

/** The store on the PGlite directory `database`, a private copy; its close() also runs `remove`. */
async function openRemovedOnClose(database: string, remove: () => void): Promise<Store> {
  try {
    const store = await openStore(database);
    const close = store.close;
    return {
      ...store,
      async close() {
        try {
          await close();
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Makes `dir` (new, or an empty directory) a PGlite directory holding snapshot `name`, for a
 * command or process that opens its database by path: a plain copy of the directory the run
 * loaded once, instead of loading the tarball (about a second of PGlite each time).
 */
export async function snapshotDirectory(name: SnapshotName, dir: string): Promise<void> {
  cpSync(await snapshotSource(name), dir, { recursive: true });
}

/** A store on a private copy of snapshot `name`'s PGlite directory; its close() removes the copy. */
async function openPgliteCopy(name: SnapshotName): Promise<Store> {
  const dir = mkdtempSync(join(inject("snapshotCopies"), `${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await snapshotDirectory(name, join(dir, "db"));
  } catch (error) {
    remove();
    throw error;
  }
  return openRemovedOnClose(join(dir, "db"), remove);
}

/**
 * A private, writable copy of snapshot `name` on `kind`, with the summaries its seed returned;
 * the store's close() also drops the copy.
 */
export async function openSnapshot<N extends SnapshotName>(
  kind: "pglite" | "postgres",
  name: N,
): Promise<{ store: Store; summaries: SnapshotSummaries<N> }> {
  const info = inject("snapshots")[name];
  const summaries = info.summaries as SnapshotSummaries<N>;
  if (kind === "pglite") return { store: await openPgliteCopy(name), summaries };
  const server = process.env.VREPORT_TEST_DATABASE_URL;
  if (!server || !info.postgres) throw new Error("VREPORT_TEST_DATABASE_URL is not set");
  const database = `vt_${randomBytes(6).toString("hex")}`;
  await adminQuery(server, `CREATE DATABASE ${database} TEMPLATE ${info.postgres}`);
  return { store: await openCopy(server, database), summaries };
}

/** A store on `database`, a private copy on the PostgreSQL `server`, dropped when the store closes. */
async function openCopy(server: string, database: string): Promise<Store> {
  const store = await openStore(withDatabase(server, database));
  const close = store.close;
  return {
    ...store,
    async close() {
      await close();
      await adminQuery(server, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}

/** How long `openDemoSeed()` waits: seeding 13 months of demo data takes minutes on a busy machine. */
const DEMO_SEED_WAIT_MS = 600_000;
/** The timeout of a hook that awaits `openDemoSeed()`: its wait plus copying the seed. */
export const DEMO_SEED_HOOK_TIMEOUT = DEMO_SEED_WAIT_MS + 300_000;

/**
 * A private, writable copy of the run's full demo (`demoSeed`): a temporary directory holding the
 * PGlite directory `db` and the summary its seed returned; `remove` deletes it. The global setup
 * does not wait for the seed, so this does: the demo view's file appears once the seed's database
 * is closed, or an error file when building them failed.
 */
export async function copyDemoSeed(): Promise<{ database: string; summary: SeedSummary; remove(): void }> {
  const [view, seed] = [inject("demoViewFile"), inject("demoSeed")];
  const deadline = Date.now() + DEMO_SEED_WAIT_MS;
  for (; !existsSync(view); await sleep(100)) {
    if (existsSync(`${view}.error`))
      throw new Error(`seeding the demo failed: ${readFileSync(`${view}.error`, "utf8")}`);
    if (Date.now() > deadline)
      throw new Error(`the demo was not seeded within ${DEMO_SEED_WAIT_MS / 1000} s`);
  }
  const dir = mkdtempSync(join(tmpdir(), "vreport-demo-seed-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(join(seed, "db"), join(dir, "db"), { recursive: true });
    const summary = JSON.parse(readFileSync(join(seed, "summary.json"), "utf8")) as SeedSummary;
    return { database: join(dir, "db"), summary, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** The run's full demo (copyDemoSeed) opened as a store; its close() also removes the copy. */
export async function openDemoSeed(): Promise<{ store: Store; summary: SeedSummary }> {
  const { database, summary, remove } = await copyDemoSeed();
  return { store: await openRemovedOnClose(database, remove), summary };
}

/**
 * A private, writable copy of the full demo as of `asOf` on PostgreSQL, with the summary its seed
 * returned; the store's close() also drops the copy. With the seed cache on (test/_seed-cache.ts),
 * the seeded database is kept as a template named by the cache key, the summary as its comment,
 * and later runs copy it instead of seeding again; without it, the demo is seeded here.
 */
export async function openDemoOnPostgres(asOf: string): Promise<{ store: Store; summary: SeedSummary }> {
  const server = process.env.VREPORT_TEST_DATABASE_URL;
  if (!server) throw new Error("VREPORT_TEST_DATABASE_URL is not set");
  const key = seedCacheKey();
  const cached = key ? cachedTemplateName(key, `demo_${asOf.replaceAll("-", "")}`) : undefined;
  const database = `vt_${randomBytes(6).toString("hex")}`;
  let summary: SeedSummary;
  if (cached && (await databaseExists(server, cached))) {
    summary = await cachedSummary(server, cached);
    // A file copy: block by block (the default) logs the whole gigabyte to the WAL first.
    await adminQuery(server, `CREATE DATABASE ${database} TEMPLATE ${cached} STRATEGY FILE_COPY`);
  } else {
    await adminQuery(server, `CREATE DATABASE ${database}`);
    const store = await openStore(withDatabase(server, database));
    try {
      summary = await seedDemo(store, { asOf });
    } finally {
      await store.close();
    }
    if (cached) {
      const comment = JSON.stringify(summary).replaceAll("'", "''");
      await adminQuery(server, `COMMENT ON DATABASE ${database} IS '${comment}'`);
      // Kept for later runs when no other run cached it first; this run works on a copy.
      if (await cacheTemplate(server, database, cached)) {
        await adminQuery(server, `CREATE DATABASE ${database} TEMPLATE ${cached} STRATEGY FILE_COPY`);
      }
    }
  }
  return { store: await openCopy(server, database), summary };
}

async function cachedSummary(server: string, template: string): Promise<SeedSummary> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    const { rows } = await client.query<{ summary: string }>(
      "SELECT shobj_description(oid, 'pg_database') AS summary FROM pg_database WHERE datname = $1",
      [template],
    );
    return JSON.parse(rows[0]!.summary) as SeedSummary;
  } finally {
    await client.end();
  }
}
