/**
 * Foreign ids: a record may refer to rows already in the database or written earlier in the file.
 * Refs found or written during a batch stay pending until its transaction commits, so a rolled-back
 * batch never leaves ids behind that the database does not have.
 */
import type { Kysely } from "kysely";
import type { Database } from "../store/schema.js";

/** Kinds of rows other records point at. */
export type RefKind = "workspace" | "project" | "competitor" | "category" | "prompt" | "site" | "topic";

/** What a referring record needs to know about a row: its project and workspace. */
export interface Ref {
  projectId?: string;
  workspaceId?: string;
}

const TABLES = {
  workspace: "workspaces",
  project: "projects",
  competitor: "competitors",
  category: "categories",
  prompt: "prompts",
  site: "sites",
  topic: "topics",
} as const;

/** Looks ids up in the file so far, then in the database. */
export class Resolver {
  private readonly known = new Map<string, Ref>();
  private pending = new Map<string, Ref>();
  private readonly slugs = new Map<string, string>();

  /** The ref of `id`, or undefined when no such row exists. */
  async get(db: Kysely<Database>, kind: RefKind, id: string): Promise<Ref | undefined> {
    const key = `${kind}:${id}`;
    const cached = this.pending.get(key) ?? this.known.get(key);
    if (cached) return cached;
    const ref = await lookup(db, kind, id);
    if (ref) this.pending.set(key, ref);
    return ref;
  }

  /** Records that `id` exists (a record was written or, in strict validation, accepted). */
  add(kind: RefKind, id: string, ref: Ref): void {
    this.pending.set(`${kind}:${id}`, ref);
  }

  /** Claims a project slug for `projectId` within the file; returns the other project holding it, if any. */
  claimSlug(workspaceId: string, slug: string, projectId: string): string | undefined {
    const key = `${workspaceId}/${slug}`;
    const holder = this.slugs.get(key);
    if (holder !== undefined && holder !== projectId) return holder;
    this.slugs.set(key, projectId);
    return undefined;
  }

  /** The batch committed: its refs are now facts. */
  commit(): void {
    for (const [key, ref] of this.pending) this.known.set(key, ref);
    this.pending = new Map();
  }

  /** The batch rolled back: forget what it added. */
  rollback(): void {
    this.pending = new Map();
  }
}

async function lookup(db: Kysely<Database>, kind: RefKind, id: string): Promise<Ref | undefined> {
  if (kind === "workspace") {
    const row = await db.selectFrom("workspaces").select("id").where("id", "=", id).executeTakeFirst();
    return row ? { workspaceId: row.id } : undefined;
  }
  if (kind === "project") {
    const row = await db
      .selectFrom("projects")
      .select(["id", "workspace_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? { projectId: row.id, workspaceId: row.workspace_id } : undefined;
  }
  const row = await db.selectFrom(TABLES[kind]).select("project_id").where("id", "=", id).executeTakeFirst();
  return row ? { projectId: row.project_id } : undefined;
}
