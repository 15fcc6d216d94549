import { sql } from "kysely";
import type { AnyDb, Migration } from "./_types.js";

/** A migration that runs plain SQL `statements` in order (inside the runner's transaction). */
export function sqlMigration(name: string, statements: readonly string[]): Migration {
  return {
    name,
    async up(db: AnyDb) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
