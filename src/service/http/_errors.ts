import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { CODES, MESSAGES } from "../../contract/index.js";
import { ApiError } from "./api-error.js";

/** Code of the 405 envelope (the spec leaves it open; the HTTP status, like 404 and 422). */
export const METHOD_NOT_ALLOWED_CODE = 405;
/** Longest request target accepted; longer ones get a 414 envelope before any work is done. */
export const MAX_URL_LENGTH = 8192;

/** The envelope of an error. */
export function errorBody(code: number, messages: string, data: unknown = null) {
  return { code, messages, data };
}

function reasonOf(status: number): string {
  return (STATUS_CODES[status] ?? "error").toLowerCase();
}

/** 404 for paths the API does not have. */
export function routeNotFound(): ApiError {
  return ApiError.notFound("route");
}

/** 405 for a method other than GET on a known path. */
export function methodNotAllowed(): ApiError {
  return new ApiError(405, METHOD_NOT_ALLOWED_CODE, "method not allowed: this API only answers GET", null, {
    allow: "GET",
  });
}

/**
 * The one error handler: ApiError → its envelope; Fastify's own client errors (bad JSON, bad
 * content type, body too large…) → an envelope with the HTTP status as code; anything else is
 * logged (the logger redacts keys) and answered 500 5000 without details.
 */
export function handleError(
  error: FastifyError | ApiError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof ApiError) {
    reply
      .status(error.status)
      .headers(error.headers)
      .send(errorBody(error.code, error.message, error.data));
    return reply;
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    reply.status(status).send(errorBody(status, reasonOf(status)));
    return reply;
  }
  request.log.error({ err: error }, "unhandled error");
  reply.status(500).send(errorBody(CODES.internal, MESSAGES.internal));
  return reply;
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a request line or headers past
 * the size limit, garbage bytes): still answered with the envelope, then the socket is closed.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body = JSON.stringify(errorBody(status, reasonOf(status)));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's framework errors (a malformed URL encoding): 400 envelope. */
export function handleFrameworkError(
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.status(400).send(errorBody(400, "malformed URL"));
}
