/**
 * Deterministic ids from natural keys (docs/import.md, "Ids"): the same workspace name, project
 * name, prompt text, platform and answered-at always give the same UUID, so re-importing a file
 * finds the rows it wrote before instead of adding new ones. UUID v5 (SHA-1, RFC 9562) under a
 * namespace of our own, with the parts joined by a separator no part contains.
 */
import { v5 } from "uuid";

/** The namespace of every id the importer derives (a fixed random v4: never change it). */
const NAMESPACE = "3f0e2a7c-5d1b-4c8e-9a64-2b7d9e1f0c35";

/** NUL never occurs in CSV text we accept, so `a\0b` cannot collide with another split. */
const SEP = "\u0000";

/** The id of `kind` under its `parts` (the parent's id first). */
export function derivedId(kind: string, ...parts: string[]): string {
  return v5([kind, ...parts].join(SEP), NAMESPACE);
}

/** A workspace, by name. */
export const workspaceId = (name: string): string => derivedId("workspace", name);
/** The workspace owner placeholder, one per workspace (the record requires an owner). */
export const ownerId = (workspace: string): string => derivedId("owner", workspace);
/** A project, by workspace and project name. */
export const projectId = (workspace: string, name: string): string => derivedId("project", workspace, name);
/** A competitor, by project and name (case-insensitive: "globex" and "Globex" are one). */
export const competitorId = (project: string, name: string): string =>
  derivedId("competitor", project, name.toLowerCase());
/** A category, by project and name. */
export const categoryId = (project: string, name: string): string => derivedId("category", project, name);
/** A prompt, by project and text. */
export const promptId = (project: string, text: string): string => derivedId("prompt", project, text);
/**
 * An answer, by prompt, platform and answered-at: the instant (ISO, UTC) for a date-time, or the
 * day with the answer's 1-based order among that prompt and platform's date-only answers of the day.
 */
export const answerId = (prompt: string, platform: string, answeredAt: string): string =>
  derivedId("answer", prompt, platform, answeredAt);
