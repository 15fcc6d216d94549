import { SCOPES, type Scope } from "../../contract/index.js";
import type { Store } from "../store/db.js";
import { DISPLAY_PREFIX_LENGTH, generateKey, hashKey } from "./_key-format.js";
import { KeyError } from "./errors.js";

export interface CreateKeyInput {
  workspaceId: string;
  scopes: readonly string[];
  /** Pins the key to one project of the workspace. */
  projectId?: string;
  expiresAt?: Date;
  name?: string;
}

export interface CreatedKey {
  id: string;
  /** The key itself: shown once, never stored. */
  key: string;
}

/** Validates scopes against the contract's enum (KeyError otherwise) and returns them deduplicated. */
export function parseScopes(scopes: readonly string[]): Scope[] {
  if (scopes.length === 0)
    throw new KeyError("NO_SCOPE", `a key needs at least one scope: ${SCOPES.join(", ")}`);
  const bad = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad.length > 0) {
    throw new KeyError(
      "INVALID_SCOPE",
      `unknown scope ${bad.join(", ")}: allowed values are ${SCOPES.join(", ")}`,
    );
  }
  return [...new Set(scopes as Scope[])];
}

/** Mints a key for a workspace (optionally pinned to one of its projects); stores only its hash. */
export async function createKey(store: Store, input: CreateKeyInput): Promise<CreatedKey> {
  const scopes = parseScopes(input.scopes);
  if (input.expiresAt !== undefined && Number.isNaN(input.expiresAt.getTime())) {
    throw new KeyError("INVALID_EXPIRY", "expiry is not a valid date");
  }
  const workspace = await store.db
    .selectFrom("workspaces")
    .select("id")
    .where("id", "=", input.workspaceId)
    .executeTakeFirst();
  if (!workspace) throw new KeyError("WORKSPACE_NOT_FOUND", `workspace ${input.workspaceId} not found`);
  if (input.projectId !== undefined) {
    const project = await store.db
      .selectFrom("projects")
      .select("id")
      .where("id", "=", input.projectId)
      .where("workspace_id", "=", input.workspaceId)
      .executeTakeFirst();
    if (!project) {
      throw new KeyError(
        "PROJECT_NOT_FOUND",
        `project ${input.projectId} is not a project of this workspace`,
      );
    }
  }
  const key = generateKey();
  const row = await store.db
    .insertInto("api_keys")
    .values({
      workspace_id: input.workspaceId,
      name: input.name ?? "",
      key_hash: hashKey(key),
      prefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
      scopes,
      project_id: input.projectId ?? null,
      expires_at: input.expiresAt ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}
