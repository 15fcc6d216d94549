/**
 * Webhook signatures (docs/decisions.md#webhook-signatures):
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * Signing the timestamp with the body lets receivers reject replays of an old, valid request.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Header carrying the signature. */
export const SIGNATURE_HEADER = "X-Signature";
/** Header carrying the delivery id: the same on every retry of one delivery, for receivers to dedupe. */
export const DELIVERY_ID_HEADER = "X-Delivery-Id";
/** Header carrying the event type. */
export const EVENT_HEADER = "X-Event";
/** Default tolerance between the signed timestamp and the receiver's clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The X-Signature header value of `body` signed with `secret` at unix time `t` (seconds). */
export function sign(body: string, secret: string, t: number = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/** Options of `verifySignature`. */
export interface VerifyOptions {
  /** Maximum age (and clock skew) of the signed timestamp, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock, for tests: a Date or milliseconds since the epoch (default now). */
  now?: Date | number;
}

/** Why a signature was rejected. */
export type VerifyFailure = "malformed" | "stale" | "mismatch";
export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: VerifyFailure };

/**
 * Verifies a delivery for receivers: `rawBody` exactly as received (before any JSON parsing),
 * `header` the X-Signature value. Constant-time comparison; any `v1` may match (secret rotation).
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): VerifyResult {
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: "malformed" };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowMs = options.now === undefined ? Date.now() : Number(options.now);
  if (Math.abs(nowMs / 1000 - parsed.t) > tolerance) return { ok: false, reason: "stale" };
  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  const expected = Buffer.from(hmac(secret, parsed.t, body), "hex");
  const match = parsed.v1.some((candidate) => {
    const given = Buffer.from(candidate, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { ok: true, timestamp: parsed.t } : { ok: false, reason: "mismatch" };
}

function hmac(secret: string, t: number, body: string): string {
  return createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
}

function parseHeader(header: string | null | undefined): { t: number; v1: string[] } | undefined {
  if (typeof header !== "string" || header.length > 4096) return undefined;
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq === -1) return undefined;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (!/^\d{1,12}$/.test(value)) return undefined;
      t = Number(value);
    } else if (key === "v1") {
      if (!/^[0-9a-f]{64}$/i.test(value)) return undefined;
      v1.push(value);
    }
    // Unknown schemes (v0, v2…) are ignored so the scheme can evolve.
  }
  return t === undefined || v1.length === 0 ? undefined : { t, v1 };
}
