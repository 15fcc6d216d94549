/**
 * Crash consistency (docs/decisions.md, "Crash consistency"): an import killed with SIGKILL at any
 * point — after some batches, after its last batch and before its refresh, during the refresh —
 * never leaves numbers that disagree with the stored rows. The next read serves the stored rows'
 * numbers without any re-run, and a re-run (which finds every row unchanged) leaves every endpoint
 * answering exactly what a clean import of the same file answers.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { API_PREFIX, SCOPES } from "../../src/contract/index.js";
import { createApp } from "../../src/service/http/app.js";
import { importCsv } from "../../src/service/import/index.js";
import { createKey } from "../../src/service/keys/index.js";
import { openStore, type Store } from "../../src/service/store/db.js";
import { migratedLocation } from "../_migrated-location.js";
import { moduleDir } from "../_transpile.js";
import { runNodeScript } from "../store/_child-process.js";
import { describeDatabases, type FreshLocation } from "../store/_databases.js";
import { exampleSetup } from "./_csv.js";

const BATCH = 100;
const ROWS = 300;
const NOW = new Date("2025-04-15T12:00:00Z");
const PERIOD = "start=2025-03-01&end=2025-03-31";
/** Fields that record when a row was written, not what it says: two imports differ in them. */
const WALL_CLOCK = new Set(["created_at", "updated_at"]);

/** The first `rows` of 300 answers over 25 days, 7 prompts on two platforms, mentions and citations varying. */
function csv(rows = ROWS): string {
  const lines = ["prompt,platform,answered_at,answer,mentions,citations,category"];
  for (let i = 0; i < rows; i++) {
    const at = new Date(Date.UTC(2025, 2, 1) + i * 2 * 3_600_000).toISOString();
    const mentions = ["Acme;Globex", "Globex", "Acme", "Initech;Globex"][i % 4];
    const cites = [`https://acme.example/p/${i % 5}`, `https://globex.example/${i % 3}`].slice(i % 2);
    const platform = i % 3 === 0 ? "perplexity" : "chatgpt";
    lines.push(
      `Prompt ${i % 7}?,${platform},${at},Answer ${i}.,${mentions},${cites.join(";")},Topic ${(i % 7) % 3}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Runs an import of `file` into `location` in a child process that kills itself at `killAt`. */
function killedImport(project: string, dir: string, location: string, file: string, killAt: string) {
  const url = (p: string) => JSON.stringify(pathToFileURL(join(project, p)).href);
  const setup = JSON.stringify(exampleSetup());
  return runNodeScript(
    dir,
    `import { openStore } from ${url("dist/service/store/db.js")};
import { importCsv } from ${url("dist/service/import/index.js")};
const [location, file, killAt] = process.argv.slice(2);
const store = await openStore(location);
const die = () => process.kill(process.pid, "SIGKILL");
// Inside the refresh's transaction, after it emptied the old aggregates: dies as the new ones start.
const refreshKiller = {
  transformQuery({ node }) {
    const text = node.kind === "RawNode" ? node.sqlFragments.join("?") : "";
    if (killAt === "refresh" && text.includes("INSERT INTO agg_projects")) die();
    return node;
  },
  async transformResult({ result }) { return result; },
};
await importCsv({ db: store.db.withPlugin(refreshKiller) }, file, ${setup}, {
  batchSize: ${BATCH},
  onProgress(p) {
    if (p.phase === "rows" && killAt === "rows:" + p.committed) die();
  },
});
console.log("finished");
await store.close();`,
    [location, file, killAt],
  );
}

/** GETs every analytics endpoint of the imported project, with the ids the clean import has. */
async function answers(
  store: Store,
  ids: { prompt: string; competitor: string },
): Promise<Record<string, unknown>> {
  const app = createApp({ store, now: () => NOW, logger: false, rateLimit: false, cache: false });
  try {
    const project = await store.db
      .selectFrom("projects")
      .select(["id", "workspace_id"])
      .executeTakeFirstOrThrow();
    const { key } = await createKey(store, { workspaceId: project.workspace_id, scopes: [...SCOPES] });
    const q = `project_id=${project.id}&${PERIOD}`;
    const paths = [
      `/visibility/report?${q}`,
      `/visibility/overview?${q}`,
      `/visibility/categories?${q}`,
      `/visibility/competitors?${q}`,
      `/visibility/competitors/${ids.competitor}?${q}`,
      `/visibility/competitors/${ids.competitor}/pages?${q}`,
      `/visibility/prompts?${q}&per_page=100`,
      `/visibility/prompts/${ids.prompt}/answers?${q}`,
      `/visibility/pages?${q}&per_page=100`,
      `/visibility/cited-sources?${q}`,
    ];
    const out: Record<string, unknown> = {};
    for (const path of paths) {
      const r = await app.inject({
        method: "GET",
        url: API_PREFIX + path,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(r.statusCode, path).toBe(200);
      out[path.split("?")[0]!] = JSON.parse(r.body, (k, v) =>
        WALL_CLOCK.has(k) ? "(when written)" : v,
      ).data;
    }
    return out;
  } finally {
    await app.close();
  }
}

describeDatabases("import killed with SIGKILL", (kind) => {
  let project: string;
  let dir: string;
  let file: string;
  /** The first batch alone: imported and refreshed before each killed import, as a month's earlier data. */
  let head: string;
  let clean: Record<string, unknown>;
  let ids: { prompt: string; competitor: string };

  beforeAll(async () => {
    project = inject("builtProject");
    dir = moduleDir("vreport-crash-");
    file = join(dir, "answers.csv");
    writeFileSync(file, csv());
    head = join(dir, "head.csv");
    writeFileSync(head, csv(BATCH));
    const fresh = await migratedLocation(kind, "vreport-crash-clean-");
    const store = await openStore(fresh.location);
    try {
      const imported = await importCsv(store, file, exampleSetup(), { batchSize: BATCH });
      expect(imported.errors.slice(0, 3)).toEqual([]);
      expect(imported).toMatchObject({ created: ROWS });
      const prompt = await store.db
        .selectFrom("prompts")
        .select("id")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const competitor = await store.db
        .selectFrom("competitors")
        .select("id")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      ids = { prompt: prompt.id, competitor: competitor.id };
      clean = await answers(store, ids);
    } finally {
      await store.close();
      await fresh.dispose();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Imports the first batch and reads it, so the project has aggregates a crash could leave stale. */
  async function importHead(location: string): Promise<void> {
    const store = await openStore(location);
    try {
      await importCsv(store, head, exampleSetup());
      const board = (await answers(store, ids))["/visibility/competitors"] as { total_snapshots: number };
      expect(board.total_snapshots).toBe(BATCH);
    } finally {
      await store.close();
    }
  }

  for (const killAt of ["rows:200", `rows:${ROWS}`, "refresh"]) {
    it(`killed at ${killAt}: reads agree with the stored rows, and a re-run equals a clean import`, async () => {
      let fresh: FreshLocation | undefined = await migratedLocation(kind, "vreport-crash-");
      try {
        await importHead(fresh.location);
        const child = await killedImport(project, dir, fresh.location, file, killAt);
        expect(child.stdout).not.toContain("finished");

        const store = await openStore(fresh.location);
        try {
          const stored = Number(
            (await sql<{ n: string }>`SELECT count(*) AS n FROM answers`.execute(store.db)).rows[0]?.n,
          );
          // Every batch before the kill committed (the first was there already); the next one did not.
          expect(stored).toBe(killAt.startsWith("rows:") ? Number(killAt.slice(5)) : ROWS);
          // The mark committed with the rows, and no completed refresh cleared it.
          const due = () =>
            store.db.selectFrom("projects").select("aggregates_due").executeTakeFirstOrThrow();
          expect((await due()).aggregates_due).toBe(true);
          // Without any re-run, the next read counts exactly the stored answers. (Killed after its
          // last batch, the re-run below finds every row unchanged: it is left to refresh.)
          if (killAt !== `rows:${ROWS}`) {
            const board = (await answers(store, ids))["/visibility/competitors"] as {
              total_snapshots: number;
            };
            expect(board.total_snapshots).toBe(stored);
            if (stored === ROWS) expect(await answers(store, ids)).toEqual(clean);
          }

          // The re-run writes only what is missing, and every endpoint then equals a clean import.
          const rerun = await importCsv(store, file, exampleSetup(), { batchSize: BATCH });
          expect(rerun).toMatchObject({ created: ROWS - stored, unchanged: stored });
          expect((await due()).aggregates_due).toBe(false);
          expect(await answers(store, ids)).toEqual(clean);
        } finally {
          await store.close();
        }
      } finally {
        await fresh?.dispose();
        fresh = undefined;
      }
    });
  }
});
