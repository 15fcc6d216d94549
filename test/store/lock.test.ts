import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/service/store/db.js";
import { DatabaseLockedError } from "../../src/service/store/errors.js";
import { lockPath } from "../../src/service/store/lock.js";
import { snapshotTarball } from "../_snapshots.js";
import { tempDir } from "../_tmp.js";
import { runNodeScript, type TranspiledStore, transpileStore } from "./_child-process.js";

const OPEN_SCRIPT = `
import { openStore } from "./store/db.js";
try {
  const store = await openStore(process.argv[2]);
  console.log("opened");
  await store.close();
} catch (error) {
  console.error(error.message);
  process.exit(3);
}
`;

// The stores start as copies of the run's migrated snapshot (test/_snapshots.ts) rather than an
// initdb and every migration each: the lock is taken before the database is touched either way.
const fromSnapshot = () => ({ loadDataDir: snapshotTarball("empty") });

describe("PGlite directory lock", () => {
  const base = tempDir("lock");
  let child: TranspiledStore;
  beforeAll(() => {
    child = transpileStore();
  });
  afterAll(() => {
    child?.dispose();
  });

  it("stops a second process at once with a plain message", async () => {
    const dir = join(base, "db1");
    const store = await openStore(dir, fromSnapshot());
    try {
      expect(readFileSync(lockPath(dir), "utf8").trim()).toBe(String(process.pid));
      const result = await runNodeScript(child.dir, OPEN_SCRIPT, [dir]);
      expect(result.code).toBe(3);
      expect(result.stderr.trim()).toBe(
        `database ${dir} is in use by process ${process.pid} (stop it, or use PostgreSQL: --database or VREPORT_DATABASE set to postgres://…)`,
      );
    } finally {
      await store.close();
    }
    expect(existsSync(lockPath(dir))).toBe(false);
    // Once released, another process opens it (and sees the migrated schema).
    const again = await runNodeScript(child.dir, OPEN_SCRIPT, [dir]);
    expect(again.stderr).toBe("");
    expect(again.stdout.trim()).toBe("opened");
  });

  it("refuses a second open in the same process with a typed error", async () => {
    const dir = join(base, "db2");
    const store = await openStore(dir, fromSnapshot());
    try {
      const error = await openStore(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseLockedError);
      expect((error as DatabaseLockedError).code).toBe("DATABASE_LOCKED");
      expect((error as DatabaseLockedError).pid).toBe(process.pid);
    } finally {
      await store.close();
    }
  });

  it("takes over a stale lock left by a dead process", async () => {
    const dir = join(base, "db3");
    const dead = await runNodeScript(child.dir, "process.exit(0);");
    writeFileSync(lockPath(dir), `${dead.pid}\n`);
    const store = await openStore(dir, fromSnapshot());
    try {
      expect(readFileSync(lockPath(dir), "utf8").trim()).toBe(String(process.pid));
    } finally {
      await store.close();
    }
  });

  // Each memory:// store is a database of its own, in this process only: nothing to guard, so two
  // opens both succeed, leave no lock file behind, and do not see each other's writes.
  it("does not lock memory:// databases", async () => {
    const a = await openStore("memory://", fromSnapshot());
    try {
      const b = await openStore("memory://", fromSnapshot());
      try {
        expect(existsSync(lockPath("memory://"))).toBe(false);
        await sql`create table lock_probe (x int)`.execute(a.db);
        await sql`insert into lock_probe values (1)`.execute(a.db);
        const seen = (db: typeof a.db) =>
          sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'lock_probe'`
            .execute(db)
            .then((r) => r.rows[0]?.n);
        expect(await seen(a.db)).toBe(1);
        expect(await seen(b.db)).toBe(0);
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });
});
