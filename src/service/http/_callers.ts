import type { FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { hashKey, looksLikeKey } from "../keys/_key-format.js";
import { type VerifiedCaller, type VerifiedKey, verifyKeyWithExpiry } from "../keys/index.js";
import type { Store } from "../store/db.js";
import { presentedKey } from "./_presented-key.js";

/** How long a key that failed verification is remembered as bad: a flood of it stays off the database. */
const FAILED_TTL_MS = 10_000;
/** The most bad key hashes remembered (oldest forgotten first): bounded memory whatever the flood. */
const FAILED_MAX = 10_000;

/**
 * How long a verified key is trusted without asking the database again. Revocation takes effect
 * within this on every process (the bound is 5 s, docs/api.md "Extensions to v1"); expiry is
 * checked on every use, so an expired key stops at once.
 */
export const VERIFIED_TTL_MS = 2_000;
/** The most verified keys remembered: bounded memory whatever the number of keys in use. */
const VERIFIED_MAX = 10_000;

/**
 * Resolves a request's key to its caller once per request (the rate limiter needs the verified
 * key id before the route runs, and the route reuses the answer). Keys that fail are remembered
 * by hash for a short while, so repeating a bad key costs no query (docs/api.md, "Envelope and errors": rate limits).
 */
export class Callers {
  private readonly failed = new Map<string, number>();
  private readonly resolved = new WeakMap<FastifyRequest, Promise<VerifiedCaller | null>>();
  // By the real clock (lru-cache's default), never the app's pinned one.
  private readonly verified = new LRUCache<string, VerifiedKey>({
    max: VERIFIED_MAX,
    ttl: VERIFIED_TTL_MS,
  });

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
    const known = this.verified.get(hash);
    if (known && (known.expiresAt === null || known.expiresAt.getTime() > Date.now())) return known.caller;
    // Expiry and revocation always by the real clock (docs/decisions.md#keys).
    const verified = await verifyKeyWithExpiry(this.store, key, new Date());
    if (verified) {
      this.verified.set(hash, verified);
      return verified.caller;
    }
    this.verified.delete(hash);
    this.failed.delete(hash);
    this.failed.set(hash, Date.now() + FAILED_TTL_MS);
    if (this.failed.size > FAILED_MAX) this.failed.delete(this.failed.keys().next().value as string);
    return null;
  }
}
