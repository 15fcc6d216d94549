/**
 * A fresh database for a command that opens it by name, already migrated: on PGlite a new
 * directory holding the run's migrated snapshot (test/_snapshots.ts `snapshotDirectory`), so the command's
 * first open does not migrate from scratch (about 2 s of PGlite's CPU each time); on PostgreSQL a
 * new schema, which the command migrates in a fraction of a second.
 */
import { snapshotDirectory } from "./_snapshots.js";
import { commandLocation, type FreshLocation, type TestDatabaseKind } from "./store/_databases.js";

/** A new database location of `kind` under a temporary `prefix…` directory, migrated. */
export async function migratedLocation(kind: TestDatabaseKind, prefix: string): Promise<FreshLocation> {
  const fresh = await commandLocation(kind, prefix);
  if (kind === "pglite") await snapshotDirectory("empty", fresh.location);
  return fresh;
}
