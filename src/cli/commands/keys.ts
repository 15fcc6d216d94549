import type { Command } from "commander";
import { SCOPES } from "../../contract/index.js";
import { createKey, KeyError, listKeys, revokeKey } from "../../service/keys/index.js";
import type { Store } from "../../service/store/db.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { inline, type Out, processIo, stdout } from "../io.js";
import { mapped, runOnStore } from "../on-store.js";
import { databaseOption } from "../options.js";
import { withStore as withStoreAt } from "../with-store.js";

interface DbOption {
  database?: string;
}

/** Options of `vreport keys create`. */
export interface KeysCreateOptions extends DbOption {
  /** Comma-separated scopes, as typed on the command line. */
  scopes: string;
  project?: string;
  expiresAt?: string;
  name?: string;
  /** Workspace id; default: the only workspace in the database. */
  workspace?: string;
  json?: boolean;
}

function withStore<T>(opts: DbOption, run: (store: Store) => Promise<T>): Promise<T> {
  return withStoreAt(opts.database, run, keyError);
}

/** A key's own failures (bad scope, unknown id) are usage errors. */
function keyError(error: unknown): CliError | undefined {
  return error instanceof KeyError ? new CliError(error.message, EXIT.usage, { cause: error }) : undefined;
}

async function pickWorkspace(store: Store, given: string | undefined): Promise<string> {
  const rows = await store.db.selectFrom("workspaces").select(["id", "name"]).orderBy("created_at").execute();
  if (given !== undefined) {
    if (!rows.some((w) => w.id === given.toLowerCase())) {
      throw CliError.badFlag(
        "--workspace",
        given,
        rows.map((w) => `${w.id} (${inline(w.name)})`).join(", ") || "none",
      );
    }
    return given.toLowerCase();
  }
  if (rows.length === 0)
    throw new CliError("no workspace in this database: run `vreport seed` first", EXIT.failure);
  if (rows.length > 1) {
    throw new CliError(
      `several workspaces: pass --workspace with one of ${rows.map((w) => `${w.id} (${inline(w.name)})`).join(", ")}`,
      EXIT.usage,
    );
  }
  return rows[0]!.id;
}

/** `vreport keys create`: mints a key and prints it once (`--json`: `{"id","key"}`). */
export async function keysCreate(
  opts: KeysCreateOptions,
  out: Out = stdout,
): Promise<{ id: string; key: string }> {
  const scopes = opts.scopes
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (scopes.length === 0 || scopes.some((s) => !(SCOPES as readonly string[]).includes(s))) {
    throw CliError.badFlag("--scopes", opts.scopes, SCOPES.join(", "));
  }
  let expiresAt: Date | undefined;
  if (opts.expiresAt !== undefined) {
    expiresAt = new Date(opts.expiresAt);
    if (Number.isNaN(expiresAt.getTime()))
      throw CliError.badFlag("--expires-at", opts.expiresAt, "an ISO 8601 date-time");
    // A key that expired before it was made could never answer: a mistyped year, not a wish.
    if (expiresAt.getTime() <= Date.now())
      throw new CliError(`--expires-at ${opts.expiresAt} has passed: give a time in the future`, EXIT.usage);
  }
  if (opts.project !== undefined && !/^[0-9a-f-]{36}$/i.test(opts.project)) {
    throw CliError.badFlag("--project", opts.project, "a project id from `vreport projects`");
  }
  const input: KeysCreateInput = {
    scopes,
    json: opts.json === true,
    name: opts.name ?? `cli ${new Date().toISOString()}`,
    ...(opts.workspace !== undefined ? { workspace: opts.workspace } : {}),
    ...(opts.project !== undefined ? { projectId: opts.project.toLowerCase() } : {}),
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
  };
  return runOnStore(opts.database, "keys.create", keysCreateOp, input, { out, err: processIo.err });
}

/** What `keys create` runs on the store, here or in a running service (checked flags, JSON). */
interface KeysCreateInput {
  scopes: string[];
  json: boolean;
  name: string;
  workspace?: string;
  projectId?: string;
  expiresAt?: string;
}

/** Mints the key in the store (run here, or by `serve` over its admin channel). */
export const keysCreateOp = mapped<KeysCreateInput, { id: string; key: string }>(async (store, input, io) => {
  const workspaceId = await pickWorkspace(store, input.workspace);
  const created = await createKey(store, {
    workspaceId,
    scopes: input.scopes,
    ...(input.projectId !== undefined ? { projectId: input.projectId } : {}),
    ...(input.expiresAt !== undefined ? { expiresAt: new Date(input.expiresAt) } : {}),
    name: input.name,
  });
  if (input.json) io.out(JSON.stringify({ id: created.id, key: created.key }));
  else {
    io.out(created.key);
    io.err(`vreport: key ${created.id} created; it is shown only once`);
  }
  return { id: created.id, key: created.key };
}, keyError);

/** `vreport keys list`: one line per key (never the key itself). */
export async function keysList(opts: DbOption & { json?: boolean }, out: Out = stdout): Promise<void> {
  await withStore(opts, async (store) => {
    const keys = await listKeys(store);
    if (opts.json) {
      out(JSON.stringify(keys, null, 2));
      return;
    }
    if (keys.length === 0) out("no keys");
    for (const k of keys) {
      const state = k.revokedAt ? "revoked" : k.expiresAt && k.expiresAt <= new Date() ? "expired" : "active";
      const pinned = k.projectId ? ` project=${k.projectId}` : "";
      const expires = k.expiresAt ? ` expires=${k.expiresAt.toISOString()}` : "";
      out(`${k.id}  ${k.prefix}…  ${state}  ${k.scopes.join(",")}${pinned}${expires}  ${inline(k.name)}`);
    }
  });
}

/** `vreport keys revoke ID`. */
export async function keysRevoke(id: string, opts: DbOption, out: Out = stdout): Promise<void> {
  await runOnStore(opts.database, "keys.revoke", keysRevokeOp, { id }, { out, err: processIo.err });
}

/** Revokes the key in the store (run here, or by `serve` over its admin channel). */
export const keysRevokeOp = mapped<{ id: string }, void>(async (store, { id }, io) => {
  const at = await revokeKey(store, id);
  io.out(`vreport: key ${id} revoked at ${at.toISOString()}`);
}, keyError);

/** Wires `vreport keys create|list|revoke`. */
export function register(program: Command): void {
  const keys = program
    .command("keys")
    .description("Create, list and revoke API keys")
    .addHelpText(
      "after",
      examples(
        "vreport keys create --scopes workspace:read,visibility:read --name reporting",
        "vreport keys list",
        "vreport keys revoke 3f2a9c1e-0000-4000-8000-000000000001",
      ),
    );
  const db = (c: Command) => c.addOption(databaseOption());
  db(
    keys
      .command("create")
      .description("Mint a key and print it once")
      .requiredOption("--scopes <scopes>", `comma-separated: ${SCOPES.join(", ")}`)
      .option("--project <id>", "pin the key to one project")
      .option("--expires-at <iso>", "expiry, ISO 8601")
      .option("--name <name>", "a label for `keys list`")
      .option("--workspace <id>", "workspace (default: the only one)")
      .option("--json", 'print {"id","key"}')
      .addHelpText(
        "after",
        examples(
          "vreport keys create --scopes workspace:read,visibility:read,contentmap:read,content:read --name reporting",
          "vreport keys create --scopes visibility:read --project 6f1c2a10-0000-4000-8000-000000000010 --expires-at 2026-12-31T00:00:00Z --json",
          "vreport keys create --scopes workspace:read --database ./mydata",
        ),
      ),
  ).action(async (flags: KeysCreateOptions) => {
    await keysCreate(flags);
  });
  db(
    keys
      .command("list")
      .description("List keys (never the keys themselves)")
      .option("--json", "JSON output")
      .addHelpText("after", examples("vreport keys list", "vreport keys list --json --database ./mydata")),
  ).action(async (flags: DbOption & { json?: boolean }) => {
    await keysList(flags);
  });
  db(
    keys
      .command("revoke")
      .description("Revoke a key by id")
      .argument("<id>", "key id")
      .addHelpText(
        "after",
        examples(
          "vreport keys revoke 3f2a9c1e-0000-4000-8000-000000000001",
          "vreport keys revoke 3f2a9c1e-0000-4000-8000-000000000001 --database ./mydata",
        ),
      ),
  ).action(async (id: string, flags: DbOption) => {
    await keysRevoke(id, flags);
  });
}
