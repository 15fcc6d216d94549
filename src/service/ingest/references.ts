/** Checks that a record's foreign ids exist (and belong to the same project), then registers its own id. */
import type { Kysely } from "kysely";
import { projectSlug } from "../../format/slug.js";
import type { Database } from "../store/schema.js";
import type { IngestRecord } from "./records.js";
import type { Ref, RefKind, Resolver } from "./resolver.js";

/** The owners of a record once its references resolved. */
export interface Resolved {
  projectId?: string;
  workspaceId?: string;
}

export type Checked = { ok: true; resolved: Resolved } | { ok: false; reason: string };

type Need = { field: string; kind: RefKind; id: string; projectId?: string | undefined };

/** Resolves every foreign id of `record`; the reason names the field, e.g. `answer.prompt_id: unknown prompt …`. */
export async function checkReferences(
  db: Kysely<Database>,
  resolver: Resolver,
  record: IngestRecord,
): Promise<Checked> {
  const { type } = record;
  const need = async ({ field, kind, id, projectId }: Need): Promise<Ref | string> => {
    const ref = await resolver.get(db, kind, id);
    if (!ref) return `${type}.${field}: unknown ${kind} ${id}`;
    if (projectId !== undefined && ref.projectId !== projectId)
      return `${type}.${field}: ${kind} ${id} belongs to another project`;
    return ref;
  };
  const fail = (reason: string): Checked => ({ ok: false, reason });
  const moved = await movedOwner(db, resolver, record);
  if (moved) return fail(moved);

  switch (record.type) {
    case "workspace":
      return { ok: true, resolved: { workspaceId: record.data.id } };
    case "project": {
      const d = record.data;
      const ws = await need({ field: "workspace_id", kind: "workspace", id: d.workspace_id });
      if (typeof ws === "string") return fail(ws);
      const slug = d.slug ?? projectSlug(d.name);
      const holder =
        resolver.claimSlug(d.workspace_id, slug, d.id) ?? (await slugHolder(db, d.workspace_id, slug, d.id));
      if (holder) return fail(`project.slug: "${slug}" is already used by project ${holder}`);
      return { ok: true, resolved: { workspaceId: d.workspace_id, projectId: d.id } };
    }
    case "agent_task":
    case "iq_record": {
      const ws = await need({ field: "workspace_id", kind: "workspace", id: record.data.workspace_id });
      return typeof ws === "string"
        ? fail(ws)
        : { ok: true, resolved: { workspaceId: record.data.workspace_id } };
    }
    case "competitor":
    case "category":
    case "topic":
    case "content_item":
    case "opportunity_run":
    case "site":
    case "prompt": {
      const d = record.data;
      const project = await need({ field: "project_id", kind: "project", id: d.project_id });
      if (typeof project === "string") return fail(project);
      const resolved: Resolved = { projectId: d.project_id, ...workspaceOf(project) };
      if (record.type === "prompt" && record.data.category_id !== null) {
        const c = await need({
          field: "category_id",
          kind: "category",
          id: record.data.category_id,
          projectId: d.project_id,
        });
        if (typeof c === "string") return fail(c);
      }
      if (record.type === "site" && record.data.entity_id !== d.project_id) {
        const c = await need({
          field: "entity_id",
          kind: "competitor",
          id: record.data.entity_id,
          projectId: d.project_id,
        });
        if (typeof c === "string")
          return fail(`${c} (entity_id is the project id or one of its competitor ids)`);
      }
      return { ok: true, resolved };
    }
    case "answer": {
      const d = record.data;
      const prompt = await need({ field: "prompt_id", kind: "prompt", id: d.prompt_id });
      if (typeof prompt === "string") return fail(prompt);
      for (const [i, id] of d.mentioned_competitor_ids.entries()) {
        const c = await need({
          field: `mentioned_competitor_ids.${i}`,
          kind: "competitor",
          id,
          projectId: prompt.projectId,
        });
        if (typeof c === "string") return fail(c);
      }
      return { ok: true, resolved: { ...projectOf(prompt) } };
    }
    case "site_page": {
      const d = record.data;
      const site = await need({ field: "site_id", kind: "site", id: d.site_id });
      if (typeof site === "string") return fail(site);
      if (d.topic_id !== null) {
        const t = await need({ field: "topic_id", kind: "topic", id: d.topic_id, projectId: site.projectId });
        if (typeof t === "string") return fail(t);
      }
      return { ok: true, resolved: { ...projectOf(site) } };
    }
  }
}

/** The record types whose ids other records refer to, and the kind they are known as. */
const OWN_KINDS: Partial<Record<IngestRecord["type"], RefKind>> = {
  workspace: "workspace",
  project: "project",
  competitor: "competitor",
  category: "category",
  prompt: "prompt",
  site: "site",
  topic: "topic",
};

/**
 * Why an upsert of an existing id would move it to another owner (a project to another
 * workspace, a prompt to another project), or undefined. Such a record is refused: a move would
 * silently carry the row, and everything under it, out of its workspace (docs/ingest.md, "Limits").
 */
async function movedOwner(
  db: Kysely<Database>,
  resolver: Resolver,
  record: IngestRecord,
): Promise<string | undefined> {
  const kind = OWN_KINDS[record.type];
  if (!kind || kind === "workspace") return undefined;
  const existing = await resolver.get(db, kind, record.data.id);
  if (!existing) return undefined;
  const data = record.data as { workspace_id?: string; project_id?: string };
  if (kind === "project" && data.workspace_id !== undefined && existing.workspaceId !== data.workspace_id)
    return `project.workspace_id: project ${record.data.id} belongs to another workspace; a project cannot move`;
  if (kind !== "project" && data.project_id !== undefined && existing.projectId !== data.project_id)
    return `${record.type}.project_id: ${kind} ${record.data.id} belongs to another project; it cannot move`;
  return undefined;
}

/** Makes the record's own id resolvable by the records after it. */
export function registerRecord(resolver: Resolver, record: IngestRecord, resolved: Resolved): void {
  const kind = OWN_KINDS[record.type];
  if (kind) resolver.add(kind, record.data.id, resolved);
}

async function slugHolder(db: Kysely<Database>, workspaceId: string, slug: string, id: string) {
  const row = await db
    .selectFrom("projects")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("slug", "=", slug)
    .where("id", "<>", id)
    .executeTakeFirst();
  return row?.id;
}

const workspaceOf = (ref: Ref): Resolved => (ref.workspaceId ? { workspaceId: ref.workspaceId } : {});
const projectOf = (ref: Ref): Resolved => (ref.projectId ? { projectId: ref.projectId } : {});
