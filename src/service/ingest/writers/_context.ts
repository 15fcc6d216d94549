/** What every record writer gets, and what it reports back. */
import type { Kysely } from "kysely";
import type { Database } from "../../store/schema.js";
import type { Resolved } from "../references.js";

/** The transaction and the record's resolved owners. */
export interface WriteContext {
  trx: Kysely<Database>;
  resolved: Resolved;
  /** Per-run cache of project facts answers need; writers of projects/competitors clear it. */
  projects: Map<string, ProjectFacts>;
}

/** A project's time zone, brand domain and competitor domains (to tag cited URLs). */
export interface ProjectFacts {
  workspaceId: string;
  timezone: string;
  brandDomain: string;
  competitors: { id: string; domain: string }[];
}

/** Whether the record changed anything, and how many events it queued. */
export interface WriteOutcome {
  changed: boolean;
  events: number;
}
