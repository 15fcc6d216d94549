/**
 * What the admin channel runs: named operations over the service's open store, given by whoever
 * starts the service (the CLI passes its write commands), so the service knows the transport and
 * not the commands. An operation's output lines travel back with its result or its failure.
 */
import type { Store } from "../store/db.js";

/** Where an operation writes its lines (they are sent back to the asking process). */
export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** One operation: runs with the service's store and the asking process's JSON input. */
export type AdminOperation = (store: Store, input: unknown, io: AdminIo) => Promise<unknown>;

/** Operations by name (`keys.create`, `import`, …). */
export type AdminOperations = Readonly<Record<string, AdminOperation>>;

/** What the channel answers: the lines written, then the result or the failure with its exit code. */
export interface AdminReply {
  out: string[];
  err: string[];
  result?: unknown;
  error?: { message: string; exitCode: number };
}
