/**
 * The database matrix every store-backed test runs on: PGlite in memory always, plus the real
 * PostgreSQL server named by VREPORT_TEST_DATABASE_URL when set. Each PostgreSQL store lives in a
 * fresh schema (selected through the connection's search_path), dropped on close, so parallel test
 * files and repeated runs never collide.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { describe } from "vitest";
import { type OpenStoreOptions, openStore, type Store } from "../../src/service/store/db.js";
import type { PgliteStore } from "../../src/service/store/drivers/pglite/driver.js";
import type { PostgresStore } from "../../src/service/store/drivers/postgres/driver.js";
import { adminQuery, openSnapshot } from "../_snapshots.js";

export type TestDatabaseKind = "pglite" | "postgres";

/** The PostgreSQL server for tests, if any. */
export const TEST_POSTGRES_URL: string | undefined = process.env.VREPORT_TEST_DATABASE_URL || undefined;

/** Every database kind the suite runs on. */
export const TEST_DATABASES: readonly TestDatabaseKind[] = TEST_POSTGRES_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** A location for a fresh, empty database of `kind`, and how to dispose of it afterwards. */
export interface FreshLocation {
  location: string;
  dispose(): Promise<void>;
}

/** Creates a fresh empty database location: memory:// for PGlite, a new schema for PostgreSQL. */
export async function freshLocation(kind: TestDatabaseKind): Promise<FreshLocation> {
  if (kind === "pglite") return { location: "memory://", dispose: async () => {} };
  if (!TEST_POSTGRES_URL) throw new Error("VREPORT_TEST_DATABASE_URL is not set");
  const schema = `vt_${randomBytes(6).toString("hex")}`;
  await serverQuery(`CREATE SCHEMA ${schema}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return { location: url.toString(), dispose: () => serverQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

/**
 * A fresh database for a command that opens it by name (and migrates it from scratch): a new PGlite
 * directory under a temporary `prefix…` directory, which dispose removes, or a new PostgreSQL schema.
 */
export async function commandLocation(kind: TestDatabaseKind, prefix: string): Promise<FreshLocation> {
  if (kind !== "pglite") return freshLocation(kind);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { location: join(dir, "db"), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

const serverQuery = (text: string) => adminQuery(TEST_POSTGRES_URL!, text);

export interface TestStoreOptions extends OpenStoreOptions {
  /**
   * Migrate an empty database here, as a first start does. Otherwise a PGlite store is a copy
   * of the run's migrated snapshot (test/_snapshots.ts): the same schema in a fraction of the time.
   */
  fromScratch?: boolean;
}

/** Opens a migrated store on a fresh database of `kind`; its close() also drops the database. */
export async function openTestStore(kind: TestDatabaseKind, options: TestStoreOptions = {}): Promise<Store> {
  const { fromScratch, ...open } = options;
  if (kind === "pglite" && !fromScratch && open.migrate !== false) {
    return (await openSnapshot("pglite", "empty")).store;
  }
  const fresh = await freshLocation(kind);
  const store = await openStore(fresh.location, open);
  const close = store.close;
  return {
    ...store,
    async close() {
      await close();
      await fresh.dispose();
    },
  };
}

/**
 * The PGlite instance behind a store, or undefined on PostgreSQL: for tests that watch the driver
 * itself (the service never sees it: src/service/store/drivers/driver.ts).
 */
export function pgliteOf(store: Store): PGlite | undefined {
  return (store as Partial<PgliteStore>).pglite;
}

/** The pg pool behind a PostgreSQL store, for tests that watch its connections. */
export function poolOf(store: Store): pg.Pool {
  const { pool } = store as Partial<PostgresStore>;
  if (!pool) throw new Error(`${store.location} is not a PostgreSQL store`);
  return pool;
}

/**
 * `describe` once per database of the matrix, passing the kind to the body. With `concurrent`,
 * every database's tests run at once, for tests that mostly wait on the real clock.
 */
export function describeDatabases(
  name: string,
  body: (kind: TestDatabaseKind) => void,
  { concurrent = false } = {},
): void {
  const suite = concurrent ? describe.concurrent : describe;
  for (const kind of TEST_DATABASES) suite(`${name} [${kind}]`, () => body(kind));
}
