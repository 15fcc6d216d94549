import type { FastifyRequest, FastifyServerOptions } from "fastify";

/** Where and how much the service logs; `false` silences it. */
export type LoggerConfig = false | { level?: string; stream?: { write(msg: string): void } };

/** Header paths pino replaces before anything is written: keys never reach a log line. */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  "headers.authorization",
  'headers["x-api-key"]',
];

const KEY_LIKE = /vr_[A-Za-z0-9_-]+/g;
const SECRET_PARAM = /^(api[_-]?key|key|token|access[_-]?token|authorization)$/i;

/** A request URL fit for logs: secret-looking query values and anything shaped like a key replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return url.replace(KEY_LIKE, "[REDACTED]");
  const params = new URLSearchParams(url.slice(q + 1));
  const safe = new URLSearchParams();
  for (const [name, value] of params) {
    safe.append(name, SECRET_PARAM.test(name) ? "[REDACTED]" : value.replace(KEY_LIKE, "[REDACTED]"));
  }
  return `${url.slice(0, q).replace(KEY_LIKE, "[REDACTED]")}?${safe.toString()}`;
}

/** Fastify's `logger` option: pino with redaction and a request serializer without secrets. */
export function loggerOptions(config: LoggerConfig | undefined): NonNullable<FastifyServerOptions["logger"]> {
  if (config === false) return false;
  return {
    level: config?.level ?? "info",
    ...(config?.stream ? { stream: config.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: "[REDACTED]" },
    serializers: {
      req(req: FastifyRequest) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}
