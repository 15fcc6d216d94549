import { z } from "zod";
import type { Store } from "../store/db.js";
import { KeyError } from "./errors.js";

/** Revokes a key by id; idempotent (keeps the first revocation time). Returns when it was revoked. */
export async function revokeKey(store: Store, id: string, now: Date = new Date()): Promise<Date> {
  // A malformed id would be a database error on the uuid column; it is just an unknown key.
  if (!z.guid().safeParse(id).success) throw new KeyError("KEY_NOT_FOUND", `key ${id} not found`);
  const row = await store.db
    .updateTable("api_keys")
    .set((eb) => ({ revoked_at: eb.fn.coalesce("revoked_at", eb.val(now)) }))
    .where("id", "=", id)
    .returning("revoked_at")
    .executeTakeFirst();
  if (!row?.revoked_at) throw new KeyError("KEY_NOT_FOUND", `key ${id} not found`);
  return row.revoked_at;
}
