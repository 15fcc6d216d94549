/**
 * Asks a running `serve` to run an operation over the database it holds (server.ts): reads the
 * token file in the PGlite directory and posts to the loopback admin channel.
 */
import { VreportError } from "../../contract/index.js";
import type { AdminReply } from "./operations.js";
import { ADMIN_PREFIX } from "./server.js";
import { readTicket } from "./token-file.js";

/** Why the service could not be asked (no token file, or its channel does not answer). */
export class AdminUnavailableError extends VreportError {}

/** Runs `operation` with `input` in the service holding `dir`; throws AdminUnavailableError. */
export async function askService(dir: string, operation: string, input: unknown): Promise<AdminReply> {
  const ticket = await readTicket(dir);
  if (!ticket) throw new AdminUnavailableError(`no readable admin token in ${dir}`);
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${ticket.port}${ADMIN_PREFIX}${operation}`, {
      method: "POST",
      headers: { authorization: `Bearer ${ticket.token}`, "content-type": "application/json" },
      body: JSON.stringify(input ?? {}),
    });
  } catch (cause) {
    throw new AdminUnavailableError(`the service's admin channel on port ${ticket.port} does not answer`, {
      cause,
    });
  }
  const body = (await response.json().catch(() => ({}))) as Partial<AdminReply> & { error?: unknown };
  if (response.status !== 200)
    throw new AdminUnavailableError(
      `the service's admin channel answered ${response.status}: ${JSON.stringify(body.error)}`,
    );
  return {
    out: body.out ?? [],
    err: body.err ?? [],
    result: body.result,
    ...(body.error ? { error: body.error as AdminReply["error"] & object } : {}),
  };
}
