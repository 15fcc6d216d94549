/**
 * A PGlite directory holding one of the run's snapshots (test/_snapshots.ts), for a command or
 * process that opens its database by path: a plain copy of the snapshot's directory the run
 * loaded once (`snapshotSource`), a few milliseconds, instead of loading the snapshot's tarball
 * (about a second of PGlite each time).
 */
import { cpSync } from "node:fs";
import { type SnapshotName, snapshotSource } from "./_snapshots.js";

/** Makes `dir` (new, or an empty directory) a PGlite directory holding snapshot `name`. */
export async function snapshotDirectory(name: SnapshotName, dir: string): Promise<void> {
  cpSync(await snapshotSource(name), dir, { recursive: true });
}
