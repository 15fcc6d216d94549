/**
 * A developer's cache of the seeded test snapshots (test/global-setup.ts), so that running one test
 * file does not seed for a minute first. The key is a hash of everything that decides what a seeded
 * database holds: the service's code (store, seed, migrations, aggregates), the contract and
 * formatters it imports, the snapshot definitions and the installed packages. Any change to them
 * is a new key, so a stale database is never used.
 *
 * Off in CI (`CI` set) and with VREPORT_TEST_CACHE=0: there every run seeds from scratch, as a
 * clean clone must. Only the newest few keys are kept, on disk and on the PostgreSQL server.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import pg from "pg";

const ROOT = new URL("..", import.meta.url).pathname;
const DIR = join(ROOT, "node_modules/.cache/vreport-test-snapshots");
/** Keys kept: several worktrees or branches may share the cache and the server. */
const KEEP = 4;
// _build-demo-view.ts: the demo's as-of day, which the cached demo database is seeded for;
// global-setup.ts: the script seeding it.
const INPUTS = [
  "src/service",
  "src/contract",
  "src/format",
  "test/_snapshots.ts",
  "test/global-setup.ts",
  "test/report/_build-demo-view.ts",
  "package-lock.json",
];

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { recursive: true })
    .map(String)
    .sort()
    .map((f) => join(path, f))
    .filter((f) => statSync(f).isFile());
}

/** The cache key of this checkout, or undefined when the cache is off. */
export function seedCacheKey(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CI || env.VREPORT_TEST_CACHE === "0") return undefined;
  const h = createHash("sha256");
  for (const input of INPUTS)
    for (const file of files(join(ROOT, input))) h.update(file.slice(ROOT.length)).update(readFileSync(file));
  return h.digest("hex").slice(0, 16);
}

/** The cached PGlite snapshot files of `key` (name → tarball) and their summaries, if complete. */
export function cachedTarballs<T>(
  key: string,
  names: readonly string[],
): { files: Record<string, string>; summaries: T } | undefined {
  const dir = join(DIR, key);
  const summaries = join(dir, "summaries.json");
  if (!existsSync(summaries)) return undefined;
  const out: Record<string, string> = {};
  for (const name of names) {
    const file = join(dir, `${name}.tar`);
    if (!existsSync(file)) return undefined;
    out[name] = file;
  }
  return { files: out, summaries: JSON.parse(readFileSync(summaries, "utf8")) as T };
}

/** Stores a run's PGlite snapshots under `key` (complete or not at all), dropping old keys. */
export function storeTarballs(key: string, tarballs: Record<string, string>, summaries: unknown): void {
  mkdirSync(DIR, { recursive: true });
  const staging = join(DIR, `.${key}-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  for (const [name, file] of Object.entries(tarballs)) copyFileSync(file, join(staging, `${name}.tar`));
  writeFileSync(join(staging, "summaries.json"), JSON.stringify(summaries));
  try {
    renameSync(staging, join(DIR, key));
  } catch {
    rmSync(staging, { recursive: true, force: true }); // a concurrent run stored it first
  }
  const old = readdirSync(DIR)
    .filter((d) => !d.startsWith("."))
    .map((d) => ({ d, at: statSync(join(DIR, d)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .slice(KEEP);
  for (const { d } of old) rmSync(join(DIR, d), { recursive: true, force: true });
}

/** The cached PGlite data directory `name` of `key`, if stored. */
export function cachedDirectory(key: string, name: string): string | undefined {
  const dir = join(DIR, key, name);
  return existsSync(dir) ? dir : undefined;
}

/** Copies the PGlite data directory `from` into the cache as `name` of `key` (whole or not at all). */
export function storeDirectory(key: string, name: string, from: string): void {
  const staging = join(DIR, `.${key}-${name}-${process.pid}`);
  cpSync(from, staging, { recursive: true });
  mkdirSync(join(DIR, key), { recursive: true });
  try {
    renameSync(staging, join(DIR, key, name));
  } catch {
    rmSync(staging, { recursive: true, force: true }); // a concurrent run stored it first
  }
}

/** The name of `key`'s cached PostgreSQL template of snapshot `name`. */
export function cachedTemplateName(key: string, name: string): string {
  return `vt_cache_${key}_${name}`;
}

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** True when the server holds the database `name`. */
export async function databaseExists(url: string, name: string): Promise<boolean> {
  return withAdmin(
    url,
    async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1,
  );
}

/**
 * Renames a run's template to its cached name; false when another run cached it first (the run
 * then keeps and later drops its own). Drops the templates of all but the newest keys.
 */
export async function cacheTemplate(url: string, template: string, cached: string): Promise<boolean> {
  return withAdmin(url, async (c) => {
    let renamed = true;
    try {
      await c.query(`ALTER DATABASE ${template} RENAME TO ${cached}`);
    } catch {
      renamed = false;
    }
    const { rows } = await c.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'vt\\_cache\\_%' ORDER BY oid DESC",
    );
    const keys = [...new Set(rows.map((r) => r.datname.split("_")[2]))];
    for (const r of rows)
      if (!keys.slice(0, KEEP).includes(r.datname.split("_")[2]))
        await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    return renamed;
  });
}
