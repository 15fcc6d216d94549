import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { openStore, printableLocation } from "../../src/service/store/db.js";
import { snapshotTarball } from "../_snapshots.js";
import { testDir } from "../_tmp.js";
import { openTestStore, TEST_POSTGRES_URL } from "./_databases.js";

const DIST_DB = resolve(import.meta.dirname, "../../dist/service/store/db.js");
/** The run's empty snapshot (test/_snapshots.ts): a PGlite store loads it rather than running initdb. */
const EMPTY_TARBALL = inject("snapshots").empty.pglite;

/**
 * How many of pg's modules a fresh process has loaded after opening and closing a store at
 * `location` with the compiled build (built by `npm test` before the tests run), a PGlite one
 * loading the empty snapshot. pg is CommonJS, so what it loaded is in require's cache, even when
 * imported from ESM. The process exits once the count is written: a closed PGlite leaves a timer
 * of its WebAssembly Postgres behind (setitimer), which would keep it alive ten seconds more.
 */
function pgModulesLoadedOpening(location: string): number {
  const script = `
    import { readFileSync } from "node:fs";
    import { createRequire } from "node:module";
    const { openStore } = await import(${JSON.stringify(DIST_DB)});
    const loadDataDir = ${location === "memory://" ? `new Blob([readFileSync(${JSON.stringify(EMPTY_TARBALL)})])` : "undefined"};
    const store = await openStore(${JSON.stringify(location)}, { migrate: false, loadDataDir });
    await store.close();
    const cache = createRequire(import.meta.url).cache;
    const count = Object.keys(cache).filter((k) => /node_modules[\\\\/]pg[\\\\/]/.test(k)).length;
    process.stdout.write(count + "\\n", () => process.exit(0));`;
  return Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

/** What the service reads of a store instead of asking which driver holds it (store/drivers/driver.ts). */
describe("store drivers", () => {
  it("PGlite: one session in this process; a directory is held locked, memory:// is not", async () => {
    const memory = await openStore("memory://", { loadDataDir: snapshotTarball("empty") });
    const dir = testDir("drivers");
    const onDisk = await openStore(join(dir, "db"), {
      migrate: false,
      sharedBuffersMb: 16,
      loadDataDir: snapshotTarball("empty"),
    });
    try {
      expect(memory.capacity).toEqual({ connections: 1, inProcess: true });
      expect(memory.lockedDirectory).toBeUndefined();
      expect(memory.sharedBuffersMb).toBeUndefined();
      expect(onDisk.lockedDirectory).toBe(join(dir, "db"));
      expect(onDisk.sharedBuffersMb).toBe(16);
      expect(typeof onDisk.dumpDataDir).toBe("function");
      expect(printableLocation(join(dir, "db"))).toBe(join(dir, "db"));
    } finally {
      await memory.close();
      await onDisk.close();
      await onDisk.close();
    }
  });

  it("a PGlite store never loads pg", () => {
    expect(pgModulesLoadedOpening("memory://")).toBe(0);
  }, 60_000);

  it("a postgres:// URL prints without its password", () => {
    expect(printableLocation("postgres://reader:s3cret@db.example:5432/vreport")).toBe(
      "postgres://reader:***@db.example:5432/vreport",
    );
    expect(printableLocation("postgresql://db.example/vreport")).toBe("postgresql://db.example/vreport");
  });

  describe.runIf(TEST_POSTGRES_URL)("PostgreSQL", () => {
    it("a pool of 10 on a server; no directory, no buffers of its own, no data directory to dump", async () => {
      const store = await openTestStore("postgres");
      try {
        expect(store.capacity).toEqual({ connections: 10, inProcess: false });
        expect(store.lockedDirectory).toBeUndefined();
        expect(store.sharedBuffersMb).toBeUndefined();
        expect(store.dumpDataDir).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it("loads pg when it opens", () => {
      expect(pgModulesLoadedOpening(TEST_POSTGRES_URL!)).toBeGreaterThan(0);
    }, 60_000);
  });
});
