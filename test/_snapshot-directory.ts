/**
 * A PGlite directory holding one of the run's snapshots (test/_snapshots.ts), for a command or
 * process that opens its database by path. Loading a snapshot's tarball into a directory costs
 * about a second of PGlite each time; so each worker process loads each snapshot once, into a
 * directory of its own, and every later directory is a plain copy of those closed files (the way
 * copyDemoSeed copies the full demo), a few tenths of a second.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../src/service/store/db.js";
import { type SnapshotName, snapshotTarball } from "./_snapshots.js";

// One loaded directory per snapshot in this worker process, removed when the process exits.
const loaded = new Map<SnapshotName, Promise<string>>();

function loadedDirectory(name: SnapshotName): Promise<string> {
  let dir = loaded.get(name);
  if (!dir) {
    dir = (async () => {
      const parent = mkdtempSync(join(tmpdir(), `vreport-snapshot-${name}-`));
      process.once("exit", () => rmSync(parent, { recursive: true, force: true }));
      const db = join(parent, "db");
      await (await openStore(db, { loadDataDir: snapshotTarball(name) })).close();
      return db;
    })();
    loaded.set(name, dir);
  }
  return dir;
}

/** Makes `dir` (new, or an empty directory) a PGlite directory holding snapshot `name`. */
export async function snapshotDirectory(name: SnapshotName, dir: string): Promise<void> {
  cpSync(await loadedDirectory(name), dir, { recursive: true });
}
