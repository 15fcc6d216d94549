import type { FastifyRequest } from "fastify";
import { hashKey, looksLikeKey } from "../keys/_key-format.js";
import { type VerifiedCaller, verifyKey } from "../keys/index.js";
import type { Store } from "../store/db.js";
import { presentedKey } from "./_presented-key.js";

/** How long a key that failed verification is remembered as bad: a flood of it stays off the database. */
const FAILED_TTL_MS = 10_000;
/** The most bad key hashes remembered (oldest forgotten first): bounded memory whatever the flood. */
const FAILED_MAX = 10_000;

/**
 * Resolves a request's key to its caller once per request (the rate limiter needs the verified
 * key id before the route runs, and the route reuses the answer). Keys that fail are remembered
 * by hash for a short while, so repeating a bad key costs no query (docs/api.md, "Envelope and errors": rate limits).
 */
export class Callers {
  private readonly failed = new Map<string, number>();
  private readonly resolved = new WeakMap<FastifyRequest, Promise<VerifiedCaller | null>>();

  constructor(private readonly store: Store) {}

  /** The request's verified caller, or null for a missing, unknown, revoked or expired key. */
  of(request: FastifyRequest): Promise<VerifiedCaller | null> {
    let caller = this.resolved.get(request);
    if (!caller) {
      caller = this.verify(presentedKey(request));
      this.resolved.set(request, caller);
    }
    return caller;
  }

  private async verify(key: string | undefined): Promise<VerifiedCaller | null> {
    if (key === undefined || !looksLikeKey(key)) return null;
    const hash = hashKey(key);
    const until = this.failed.get(hash);
    if (until !== undefined && until > Date.now()) return null;
    // Expiry and revocation always by the real clock (docs/decisions.md#keys).
    const caller = await verifyKey(this.store, key, new Date());
    if (caller) return caller;
    this.failed.delete(hash);
    this.failed.set(hash, Date.now() + FAILED_TTL_MS);
    if (this.failed.size > FAILED_MAX) this.failed.delete(this.failed.keys().next().value as string);
    return null;
  }
}
