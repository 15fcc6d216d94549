/**
 * Once per test run, before any test file (vitest `globalSetup`): seeds every shared database
 * snapshot (test/_snapshots.ts), seeds the full demo and builds the demo report's view on it
 * (test/report/_demo-view.ts), then hands their locations to the test workers through `provide`.
 * Seeding dominated the suite when each file did it for itself; copying a snapshot takes a
 * fraction of a second.
 *
 * Three things proceed at once: the PGlite snapshots in this process, the PostgreSQL templates
 * (mostly the server's work), and the demo view in a child process running the project transpiled
 * once for the run (test/_transpile.ts; the CLI suites spawn it too). Everything is named after
 * this run, so concurrent runs on the same PostgreSQL server never meet, and the teardown removes
 * it all.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bundleCli } from "../scripts/bundle.mjs";
import { openStore } from "../src/service/store/db.js";
import {
  cachedDirectory,
  cachedTarballs,
  cachedTemplateName,
  cacheTemplate,
  databaseExists,
  seedCacheKey,
  storeDirectory,
  storeTarballs,
} from "./_seed-cache.js";
import {
  adminQuery,
  POSTGRES_TEMPLATES,
  SNAPSHOTS,
  type SnapshotInfo,
  type SnapshotName,
  withDatabase,
} from "./_snapshots.js";
import { buildProject } from "./_transpile.js";

/** Room the copies of the PGlite snapshots may take at once: a few of each worker's open stores. */
const COPIES_ROOM = 4 * 1024 ** 3;

/**
 * Where the run's PGlite snapshot directories and their copies go (test/_snapshots.ts
 * `openSnapshot`): shared memory when the machine has it with room to spare (Linux's /dev/shm;
 * a container's is often 64 MB), where copying a snapshot takes milliseconds; else the run's
 * temporary directory `dir`.
 */
function copiesDirectory(dir: string): string {
  const shm = "/dev/shm";
  try {
    const { bavail, bsize } = statfsSync(shm);
    if (bavail * bsize >= COPIES_ROOM) return mkdtempSync(join(shm, "vreport-test-run-"));
  } catch {} // no /dev/shm here
  return join(dir, "copies");
}

function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === "rejected") throw result.reason;
  return result.value;
}

export default async function setup(test: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const took = (what: string) => () =>
    console.log(`global setup: ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const dir = mkdtempSync(join(tmpdir(), "vreport-test-run-"));
  const copies = copiesDirectory(dir);
  mkdirSync(copies, { recursive: true });
  // The project transpiled once for every child process of the run (test/_transpile.ts).
  const project = buildProject("vreport-test-project-", ["test/report/_build-demo-view.ts"]);
  // Its CLI is the bundle `npm run build` ships (scripts/bundle.mjs), so the suite's CLI processes
  // run what users run.
  await bundleCli(join(project, "dist/cli"));
  const server = process.env.VREPORT_TEST_DATABASE_URL || undefined;
  const run = randomBytes(4).toString("hex");
  const templates: string[] = [];
  const names = Object.keys(SNAPSHOTS) as SnapshotName[];
  // Outside CI, seeded snapshots are reused while the code that seeds them is unchanged.
  const cacheKey = seedCacheKey();
  type PgliteSnapshots = Record<SnapshotName, { file: string; summaries: SnapshotInfo["summaries"] }>;

  const pglite = async (): Promise<PgliteSnapshots> => {
    const cached = cacheKey
      ? cachedTarballs<Record<SnapshotName, SnapshotInfo["summaries"]>>(cacheKey, names)
      : undefined;
    if (cached) {
      const out = {} as PgliteSnapshots;
      for (const name of names) out[name] = { file: cached.files[name]!, summaries: cached.summaries[name] };
      return out;
    }
    const out = {} as PgliteSnapshots;
    // The first snapshot (empty) is migrated from scratch; the others start as copies of it.
    let empty: Blob | undefined;
    for (const name of names) {
      const store = await openStore("memory://", empty ? { loadDataDir: empty } : {});
      try {
        const summaries = await SNAPSHOTS[name](store);
        const tarball = await store.dumpDataDir!();
        empty ??= tarball;
        const file = join(dir, `${name}.tar`);
        writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
        out[name] = { file, summaries };
      } finally {
        await store.close();
      }
    }
    if (cacheKey) {
      const files = Object.fromEntries(names.map((n) => [n, out[n].file]));
      storeTarballs(cacheKey, files, Object.fromEntries(names.map((n) => [n, out[n].summaries])));
    }
    return out;
  };

  // The demo view seeds the full demo, the longest seed of all, so it is not waited for: a child
  // process builds it while the first test files run, and `demoView()` waits for its file
  // (written whole, then renamed), or for the error file this process writes when it fails.
  let stopping = false;
  const viewFile = join(dir, "demo-view.bin");
  const viewScript = join(project, "demo-view.mjs");
  // The demo is seeded as of DEMO_AS_OF into the PGlite directory `db` of the run's demo seed
  // (test/_snapshots.ts `openDemoSeed`), its summary written beside it, unless both are there
  // already (copied from the cache); the view is then built on it, which finds it seeded.
  writeFileSync(
    viewScript,
    [
      'import { existsSync, renameSync, writeFileSync } from "node:fs";',
      'import { join } from "node:path";',
      'import { serialize } from "node:v8";',
      'import { loadDemo } from "./src/service/demo.js";',
      'import { openStore } from "./src/service/store/db.js";',
      'import { buildDemoView, DEMO_AS_OF } from "./test/report/_build-demo-view.js";',
      "const [file, tmp, seed] = process.argv.slice(2);",
      'const [database, summary] = [join(seed, "db"), join(seed, "summary.json")];',
      "if (!existsSync(summary)) {",
      "  const store = await openStore(database);",
      "  try {",
      "    writeFileSync(summary, JSON.stringify(await loadDemo(store, { asOf: DEMO_AS_OF })));",
      "  } finally {",
      "    await store.close();",
      "  }",
      "}",
      "writeFileSync(tmp, serialize(await buildDemoView(database)));",
      "renameSync(tmp, file);",
    ].join("\n"),
  );
  // The demo seed is a copy of the cached one when there is one, else a new one that is cached
  // once the view is built.
  const demoName = "demo-seed";
  const cachedDemo = cacheKey ? cachedDirectory(cacheKey, demoName) : undefined;
  const demoSeed = join(dir, "demo-seed");
  if (cachedDemo) cpSync(cachedDemo, demoSeed, { recursive: true });
  else mkdirSync(demoSeed);
  const viewChild = execFile(
    process.execPath,
    [viewScript, viewFile, `${viewFile}.tmp`, demoSeed],
    { cwd: project },
    (error, _out, stderr) => {
      if (error && !stopping) writeFileSync(`${viewFile}.error`, `${error.message}\n${stderr}`);
    },
  );
  const viewExited = new Promise((resolve) => viewChild.once("exit", resolve))
    .then((code) => {
      if (code === 0 && cacheKey && !cachedDemo) storeDirectory(cacheKey, demoName, demoSeed);
    })
    .then(took("demo view"));

  const teardown = async () => {
    stopping = true;
    if (viewChild.exitCode === null && viewChild.signalCode === null) viewChild.kill("SIGKILL");
    await viewExited;
    if (server) {
      for (const t of templates) await adminQuery(server, `DROP DATABASE IF EXISTS ${t} WITH (FORCE)`);
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(copies, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  };

  const postgres = async () => {
    const out: Partial<Record<SnapshotName, string>> = {};
    if (!server) return out;
    for (const name of POSTGRES_TEMPLATES) {
      const cached = cacheKey ? cachedTemplateName(cacheKey, name) : undefined;
      if (cached && (await databaseExists(server, cached))) {
        out[name] = cached;
        continue;
      }
      const template = `vt_tpl_${run}_${name}`;
      await adminQuery(server, `CREATE DATABASE ${template}`);
      templates.push(template);
      const store = await openStore(withDatabase(server, template));
      try {
        await SNAPSHOTS[name](store);
      } finally {
        // A template must have no open connection when it is copied.
        await store.close();
      }
      out[name] = template;
      if (cached && (await cacheTemplate(server, template, cached))) {
        templates.pop(); // kept for later runs, not dropped at teardown
        out[name] = cached;
      }
    }
    return out;
  };

  try {
    // Both finish before any failure is thrown, so the teardown sees every template made.
    const [a, b] = await Promise.allSettled([
      pglite().finally(took("PGlite snapshots")),
      postgres().finally(took("PostgreSQL templates")),
    ]);
    const [lite, pgTemplates] = [settled(a), settled(b)];
    const snapshots = {} as Record<SnapshotName, SnapshotInfo>;
    for (const name of names) {
      snapshots[name] = {
        pglite: lite[name].file,
        ...(pgTemplates[name] ? { postgres: pgTemplates[name] } : {}),
        summaries: lite[name].summaries,
      };
    }
    test.provide("snapshots", snapshots);
    test.provide("demoViewFile", viewFile);
    test.provide("demoSeed", demoSeed);
    test.provide("builtProject", project);
    test.provide("snapshotCopies", copies);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
