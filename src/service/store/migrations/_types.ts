import type { Kysely } from "kysely";

/**
 * Migrations see an untyped database on purpose: they describe the schema as it was when they were
 * written, so they must not follow later edits of `schema.ts`.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type
export type AnyDb = Kysely<any>;

/** One schema change; `name` sorts in apply order and is recorded in schema_migrations. */
export interface Migration {
  name: string;
  up(db: AnyDb): Promise<void>;
}
