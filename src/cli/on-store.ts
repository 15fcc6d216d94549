/**
 * Runs a write command on the database, or — when a running `vreport serve` holds the PGlite
 * directory — asks that service to run it over its loopback admin channel (docs/api.md, "Admin
 * channel"). The same operation runs either way: here with a store of our own, there with the
 * service's; its lines are printed here.
 */
import type { z } from "zod";
import type { AdminOperation, AdminOperations } from "../service/admin/index.js";
import { AdminUnavailableError, askService } from "../service/admin/index.js";
import type { Store } from "../service/store/db.js";
import { DatabaseLockedError } from "../service/store/errors.js";
import { CliError, EXIT } from "./errors.js";
import type { Io } from "./io.js";
import { withStore } from "./with-store.js";

/** A command's work on a store, with its own errors mapped to CliErrors (run here or in the service). */
export type StoreOperation<I, T> = (store: Store, input: I, io: Pick<Io, "out" | "err">) => Promise<T>;

/** An operation whose typed errors become CliErrors through `mapError` (the exit code travels). */
export function mapped<I, T>(
  op: StoreOperation<I, T>,
  mapError: (error: unknown) => CliError | undefined,
): StoreOperation<I, T> {
  return async (store, input, io) => {
    try {
      return await op(store, input, io);
    } catch (error) {
      throw mapError(error) ?? error;
    }
  };
}

/**
 * An operation whose input is checked against `schema` wherever it runs: here, the command's own
 * input; in a running service, a request's body, which may be anything (exit 2 naming the field).
 */
export function validated<I, T>(schema: z.ZodType, op: StoreOperation<I, T>): StoreOperation<I, T> {
  return (store, input, io) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join(".") : "body";
      throw new CliError(`invalid request: ${where}: ${issue?.message ?? "invalid"}`, EXIT.usage);
    }
    // The schema's output is the input's shape (optional fields absent rather than undefined).
    return op(store, parsed.data as I, io);
  };
}

/** Operations the admin channel accepts, by name: each runs as `runOnStore` would here. */
export function adminOperations(ops: Record<string, StoreOperation<never, unknown>>): AdminOperations {
  return Object.fromEntries(Object.entries(ops).map(([name, op]) => [name, op as unknown as AdminOperation]));
}

/**
 * Runs `op` with `input` on the store of `database`; if a live process holds that PGlite
 * directory, asks it (`name` is the operation's admin name). `input` must be JSON (paths absolute).
 */
export async function runOnStore<I, T>(
  database: string | undefined,
  name: string,
  op: StoreOperation<I, T>,
  input: I,
  io: Pick<Io, "out" | "err">,
): Promise<T> {
  try {
    return await withStore(database, (store) => op(store, input, io));
  } catch (error) {
    const locked =
      error instanceof CliError && error.cause instanceof DatabaseLockedError ? error.cause : undefined;
    if (!locked) throw error;
    let reply: Awaited<ReturnType<typeof askService>>;
    try {
      reply = await askService(locked.dir, name, input);
    } catch (cause) {
      if (!(cause instanceof AdminUnavailableError)) throw cause;
      throw new CliError(
        `${locked.message}; and it does not take commands (${cause.message})`,
        EXIT.failure,
        {
          cause,
        },
      );
    }
    for (const line of reply.out) io.out(line);
    for (const line of reply.err) io.err(line);
    if (reply.error) throw new CliError(reply.error.message, reply.error.exitCode);
    return reply.result as T;
  }
}
