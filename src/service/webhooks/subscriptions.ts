/** Webhook subscriptions: which URL receives which events of a workspace, signed with which secret. */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { EVENT_TYPES, type EventType } from "../../contract/index.js";
import type { Database } from "../store/schema.js";
import { type Subscription, webhookDb } from "./_tables.js";
import { WebhookError } from "./errors.js";
import { checkTargetAddress, checkTargetUrl, type TargetPolicy, targetPolicyFrom } from "./target.js";

/** What `addSubscription` needs; the secret is generated when not given. */
export interface NewSubscription {
  url: string;
  events: readonly string[];
  secret?: string | undefined;
  /** Defaults to the only workspace of the database. */
  workspaceId?: string | undefined;
}

/** A fresh signing secret: `whsec_` and 32 random bytes in hex. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

/** Validates and stores a subscription; returns it (with its secret, shown once by the CLI). */
export async function addSubscription(
  db: Kysely<Database>,
  input: NewSubscription,
  policy: TargetPolicy = targetPolicyFrom(),
): Promise<Subscription> {
  const url = checkTargetUrl(input.url, policy);
  await checkTargetAddress(url, policy);
  const events = [...new Set(input.events.map((e) => e.trim()).filter((e) => e !== ""))];
  if (events.length === 0)
    throw new WebhookError("INVALID_SUBSCRIPTION", `no events given: choose from ${EVENT_TYPES.join(", ")}`);
  const unknown = events.filter((e) => !EVENT_TYPES.includes(e as EventType));
  if (unknown.length > 0)
    throw new WebhookError(
      "INVALID_SUBSCRIPTION",
      `unknown event ${unknown.join(", ")}: choose from ${EVENT_TYPES.join(", ")}`,
    );
  if (input.secret !== undefined && input.secret.length < 16)
    throw new WebhookError("INVALID_SUBSCRIPTION", "the secret must be at least 16 characters");
  const workspaceId = await resolveWorkspace(db, input.workspaceId);
  return webhookDb(db)
    .insertInto("webhook_subscriptions")
    .values({
      workspace_id: workspaceId,
      url: url.toString(),
      events,
      secret: input.secret ?? generateSecret(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every subscription, oldest first. */
export async function listSubscriptions(db: Kysely<Database>): Promise<Subscription[]> {
  return webhookDb(db)
    .selectFrom("webhook_subscriptions")
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** One subscription; throws NOT_FOUND. */
export async function getSubscription(db: Kysely<Database>, id: string): Promise<Subscription> {
  const row = isUuid(id)
    ? await webhookDb(db)
        .selectFrom("webhook_subscriptions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new WebhookError("NOT_FOUND", `subscription ${id} not found`);
  return row;
}

/** Deletes a subscription and its delivery history; throws NOT_FOUND. */
export async function removeSubscription(db: Kysely<Database>, id: string): Promise<void> {
  await getSubscription(db, id);
  await webhookDb(db).deleteFrom("webhook_subscriptions").where("id", "=", id).execute();
}

/** Disables or re-enables a subscription (disabled ones receive nothing; their pending deliveries wait). */
export async function setSubscriptionDisabled(
  db: Kysely<Database>,
  id: string,
  disabled: boolean,
): Promise<void> {
  await getSubscription(db, id);
  await webhookDb(db).updateTable("webhook_subscriptions").set({ disabled }).where("id", "=", id).execute();
}

async function resolveWorkspace(db: Kysely<Database>, given: string | undefined): Promise<string> {
  if (given !== undefined) {
    const found = isUuid(given)
      ? await db.selectFrom("workspaces").select("id").where("id", "=", given).executeTakeFirst()
      : undefined;
    if (!found) throw new WebhookError("NO_WORKSPACE", `workspace ${given} not found`);
    return found.id;
  }
  const rows = await db.selectFrom("workspaces").select("id").limit(2).execute();
  if (rows.length === 1 && rows[0]) return rows[0].id;
  throw new WebhookError(
    "NO_WORKSPACE",
    rows.length === 0
      ? "the database has no workspace yet: ingest or seed one first"
      : "the database has several workspaces: pass --workspace ID",
  );
}

/** Whether `id` looks like a UUID (anything else cannot be a row id: PostgreSQL would reject it). */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
