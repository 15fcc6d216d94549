/**
 * The admin channel (docs/api.md, "Admin channel"): how the write commands (keys create and
 * revoke, ingest, import, webhooks add and remove) reach a database that `serve` holds — PGlite
 * allows one process per directory. A second HTTP server beside the API, listening on 127.0.0.1
 * only (a port the system picks, whatever `--host` the API has), so it is never reachable from
 * another machine; each request must carry the token of the file `serve` writes inside the
 * database directory (mode 0600), else 401. `POST /admin/v1/<operation>` with a JSON body runs
 * one operation at a time and answers its output lines and result (operations.ts).
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Store } from "../store/db.js";
import type { AdminOperations, AdminReply } from "./operations.js";
import { newToken, removeTicket, writeTicket } from "./token-file.js";

/** Where operations are asked for. */
export const ADMIN_PREFIX = "/admin/v1/";

/** The largest request body: operations take flags and file paths, not data. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * How long one operation may hold the channel: operations run one at a time, so one that never
 * ends (it waited on something outside the database) would block every later write command.
 * Past it, its caller is told and the next operation runs; generous for a large import.
 */
export const ADMIN_DEADLINE_MS = 15 * 60 * 1000;

/** Options of the channel. */
export interface AdminChannelOptions {
  /** Per operation (default ADMIN_DEADLINE_MS). */
  deadlineMs?: number;
}

/** A running admin channel. */
export interface AdminChannel {
  port: number;
  /** Stops listening and removes the token file. Idempotent. */
  close(): Promise<void>;
}

/** Whether a peer address is this machine's loopback. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

/** Starts the channel for `store` and writes its token file into the PGlite directory `dir`. */
export async function startAdminChannel(
  store: Store,
  dir: string,
  operations: AdminOperations,
  options: AdminChannelOptions = {},
): Promise<AdminChannel> {
  const deadlineMs = options.deadlineMs ?? ADMIN_DEADLINE_MS;
  const token = newToken();
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Bound to 127.0.0.1 already; checked again so that no later change of the bind address opens it.
    if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, { error: "loopback only" });
    if (!authorized(req.headers.authorization, token))
      return send(res, 401, {
        error: "missing or wrong admin token (see the database folder's admin-token.json)",
      });
    const url = req.url ?? "";
    if (req.method !== "POST" || !url.startsWith(ADMIN_PREFIX))
      return send(res, 404, { error: `POST ${ADMIN_PREFIX}<operation>` });
    const name = url.slice(ADMIN_PREFIX.length);
    const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
    if (!operation) return send(res, 404, { error: `no admin operation "${name}"` });
    const input = await readJson(req);
    if (input === undefined) return send(res, 400, { error: "the body must be JSON of at most 1 MB" });
    const reply: AdminReply = { out: [], err: [] };
    const io = { out: (line: string) => reply.out.push(line), err: (line: string) => reply.err.push(line) };
    // One operation at a time, in the order asked: each is a command that had the database alone.
    // The next one waits for this one or for its deadline, whichever comes first.
    const run = queue.then(() => withDeadline(operation(store, input, io), deadlineMs, name));
    queue = run.catch(() => {});
    try {
      reply.result = await run;
    } catch (error) {
      const exitCode = (error as { exitCode?: unknown }).exitCode;
      reply.error = {
        message: error instanceof Error ? error.message : String(error),
        exitCode: typeof exitCode === "number" ? exitCode : 1,
      };
    }
    send(res, 200, reply);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: 0, host: "127.0.0.1" }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  try {
    await writeTicket(dir, { port, token, pid: process.pid });
  } catch (error) {
    server.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    port,
    close() {
      closing ??= (async () => {
        await removeTicket(dir, token).catch(() => {});
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}

/** `work`, or a failure naming the operation once `ms` have passed (the work is no longer waited for). */
function withDeadline<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`the service stopped waiting for "${name}" after ${ms / 1000} s; the next command runs`),
        ),
      ms,
    );
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether the Authorization header is `Bearer <token>`, compared in constant time. */
function authorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? "");
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The JSON body, or undefined when it is not JSON or too long. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
