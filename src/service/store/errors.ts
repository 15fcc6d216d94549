import type { ErrorCategory } from "../../contract/index.js";
import { CodedError } from "./coded-error.js";

/** Why a store operation failed. */
export type StoreErrorCode =
  | "DATABASE_LOCKED"
  | "UNREACHABLE"
  | "OPEN_FAILED"
  | "MIGRATION_FAILED"
  | "SEED_FAILED";

/** Base error of the store: a stable `code`, a plain message and the underlying `cause`. */
export class StoreError extends CodedError<StoreErrorCode> {
  override readonly name: string = "StoreError";

  /** The database server not answering is "unreachable" (exit 4), as the service's own would be. */
  override get category(): ErrorCategory {
    return this.code === "UNREACHABLE" ? "unreachable" : "failure";
  }
}

/** Another live process holds the PGlite directory. */
export class DatabaseLockedError extends StoreError {
  override readonly name = "DatabaseLockedError";
  readonly dir: string;
  readonly pid: number;

  constructor(dir: string, pid: number) {
    super(
      "DATABASE_LOCKED",
      `database ${dir} is in use by process ${pid} (stop it, or use PostgreSQL: --database or VREPORT_DATABASE set to postgres://…)`,
    );
    this.dir = dir;
    this.pid = pid;
  }
}
