/**
 * One process per PGlite directory: PGlite keeps the whole database in one WASM heap and writes the
 * directory back, so two processes on one directory would overwrite each other's pages.
 * The lock is a sibling file `<dir>.lock` (not inside the directory, which PGlite owns) holding the PID.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseLockedError, StoreError } from "./errors.js";

/** A held lock; `release()` is idempotent. */
export interface DirectoryLock {
  path: string;
  release(): void;
}

/** Path of the lock file guarding a PGlite data directory. */
export function lockPath(dir: string): string {
  return `${resolve(dir).replace(/[/\\]+$/, "")}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock of `dir` for this process; throws DatabaseLockedError when a live process holds it, takes over a stale one. */
export function acquireLock(dir: string): DirectoryLock {
  const path = lockPath(dir);
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return makeLock(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new StoreError("OPEN_FAILED", `cannot create lock file ${path}: ${String(error)}`, {
          cause: error,
        });
      }
    }
    const holder = readPid(path);
    // A holder that is this very process still counts: a second open would corrupt the directory too.
    if (holder !== undefined && isAlive(holder)) throw new DatabaseLockedError(dir, holder);
    try {
      unlinkSync(path); // stale (dead PID or unreadable): take it over
    } catch {
      // another process removed it first; retry the exclusive create
    }
  }
  throw new DatabaseLockedError(dir, readPid(path) ?? 0);
}

function makeLock(path: string): DirectoryLock {
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    if (readPid(path) === process.pid) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
  };
  // Clean exits leave no lock behind; crashes leave a stale one, which the next open takes over.
  process.on("exit", release);
  return { path, release };
}
