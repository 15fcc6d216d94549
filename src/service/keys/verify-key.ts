import { timingSafeEqual } from "node:crypto";
import type { Scope } from "../../contract/index.js";
import type { Caller } from "../http/handler.js";
import type { Store } from "../store/db.js";
import { hashKey, looksLikeKey } from "./_key-format.js";

/** A verified caller plus its workspace's timezone (read in the same query). */
export interface VerifiedCaller extends Caller {
  timezone: string;
}

/** A verified caller and when its key stops working (null: never), for caches of verified keys. */
export interface VerifiedKey {
  caller: VerifiedCaller;
  expiresAt: Date | null;
}

/** last_used_at is bookkeeping: refreshing it at most once a minute keeps writes off the hot path. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** Resolves a presented key to its caller; null when unknown, revoked or expired. */
export async function verifyKey(
  store: Store,
  presented: string,
  now: Date = new Date(),
): Promise<VerifiedCaller | null> {
  return (await verifyKeyWithExpiry(store, presented, now))?.caller ?? null;
}

/** `verifyKey` plus the key's expiry: a cache of verified keys checks it on every use (http/_callers.ts). */
export async function verifyKeyWithExpiry(
  store: Store,
  presented: string,
  now: Date = new Date(),
): Promise<VerifiedKey | null> {
  if (!looksLikeKey(presented)) return null;
  const hash = hashKey(presented);
  const row = await store.db
    .selectFrom("api_keys as k")
    .innerJoin("workspaces as w", "w.id", "k.workspace_id")
    .select([
      "k.id",
      "k.key_hash",
      "k.workspace_id",
      "k.scopes",
      "k.project_id",
      "k.expires_at",
      "k.revoked_at",
      "k.last_used_at",
      "w.timezone",
    ])
    .where("k.key_hash", "=", hash)
    .executeTakeFirst();
  if (!row) return null;
  // The index lookup already matched; the constant-time compare guards against any collation or
  // driver surprise turning the lookup into a prefix match, without a timing side channel.
  const stored = Buffer.from(row.key_hash, "hex");
  const given = Buffer.from(hash, "hex");
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  if (row.revoked_at !== null) return null;
  if (row.expires_at !== null && row.expires_at.getTime() <= now.getTime()) return null;
  if (row.last_used_at === null || now.getTime() - row.last_used_at.getTime() > LAST_USED_GRANULARITY_MS) {
    touch(store, row.id, now);
  }
  return {
    caller: {
      keyId: row.id,
      workspaceId: row.workspace_id,
      scopes: row.scopes as Scope[],
      pinnedProjectId: row.project_id,
      timezone: row.timezone,
    },
    expiresAt: row.expires_at,
  };
}

/** Fire and forget: a failed bookkeeping write (e.g. the store closing) must never fail a request. */
function touch(store: Store, id: string, now: Date): void {
  store.db
    .updateTable("api_keys")
    .set({ last_used_at: now })
    .where("id", "=", id)
    .execute()
    .catch(() => {});
}
