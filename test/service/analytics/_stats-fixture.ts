/**
 * A few prompts whose intervals and significance rate-stats.test.ts computes by hand. Workspace in
 * UTC; as of 2025-03-11 with range=7d the current period is 03-05..03-11, the previous 02-26..03-04.
 * One answer per prompt, platform and period (m = mentions the brand, c = cites it, b = mentions
 * the competitor Beta):
 *
 *   prompt (category)   previous (03-01)                  current (03-08)
 *   P1 (Main)           chatgpt m c b, perplexity b       chatgpt m b, perplexity m c
 *   P2 (Main)           chatgpt -,     perplexity b       chatgpt m,   perplexity m b
 *   P3 (Solo)           chatgpt c,     perplexity -       chatgpt m c, perplexity -
 *   P4 (Main)           chatgpt -,     perplexity b       chatgpt m,   perplexity m
 *   P5 (Main)           (no answer)                       chatgpt b
 */
import type { Store } from "../../../src/service/store/db.js";

export const STATS_NOW = new Date("2025-03-11T12:00:00Z");

const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;

export const STATS_IDS = {
  workspace: id(1),
  project: id(2),
  beta: id(11),
  main: id(21),
  solo: id(22),
  p1: id(31),
  p2: id(32),
  p3: id(33),
  p4: id(34),
  p5: id(35),
} as const;

export const STATS_PROJECT = {
  id: STATS_IDS.project,
  workspaceId: STATS_IDS.workspace,
  name: "Acme",
  slug: "acme",
  brandName: "Acme",
  brandDomain: "acme.com",
};

const { p1, p2, p3, p4, p5 } = STATS_IDS;
type Row = [prompt: string, platform: "chatgpt" | "perplexity", day: string, flags: string];
const PREV = "2025-03-01";
const CUR = "2025-03-08";
const ANSWERS: Row[] = [
  [p1, "chatgpt", PREV, "mcb"],
  [p1, "perplexity", PREV, "b"],
  [p2, "chatgpt", PREV, ""],
  [p2, "perplexity", PREV, "b"],
  [p3, "chatgpt", PREV, "c"],
  [p3, "perplexity", PREV, ""],
  [p4, "chatgpt", PREV, ""],
  [p4, "perplexity", PREV, "b"],
  [p1, "chatgpt", CUR, "mb"],
  [p1, "perplexity", CUR, "mc"],
  [p2, "chatgpt", CUR, "m"],
  [p2, "perplexity", CUR, "mb"],
  [p3, "chatgpt", CUR, "mc"],
  [p3, "perplexity", CUR, ""],
  [p4, "chatgpt", CUR, "m"],
  [p4, "perplexity", CUR, "m"],
  [p5, "chatgpt", CUR, "b"],
];

/** A workspace named `name` holding the project "Acme" (brand Acme, acme.com): the analytics fixtures' setup. */
export async function insertAcme(
  db: Store["db"],
  ids: { workspace: string; project: string; owner: string; name: string; timezone: string },
): Promise<void> {
  await db
    .insertInto("workspaces")
    .values({
      id: ids.workspace,
      name: ids.name,
      website: "https://acme.com",
      logo: "",
      icon: "",
      timezone: ids.timezone,
      owner_id: ids.owner,
      owner_name: "Owner",
      owner_email: "owner@acme.com",
      owner_avatar: "",
      members: 1,
    })
    .execute();
  await db
    .insertInto("projects")
    .values({
      id: ids.project,
      workspace_id: ids.workspace,
      name: "Acme",
      slug: "acme",
      brand_name: "Acme",
      brand_domain: "acme.com",
      brand_variants: ["Acme"],
      schedule_days: [1, 2, 3, 4, 5],
      schedule_hour: 6,
    })
    .execute();
}

/** Inserts the stats fixture into a migrated, empty store. */
export async function insertStatsFixture(store: Store): Promise<void> {
  const db = store.db;
  const I = STATS_IDS;
  await insertAcme(db, {
    workspace: I.workspace,
    project: I.project,
    owner: id(4),
    name: "Stats",
    timezone: "UTC",
  });
  await db
    .insertInto("competitors")
    .values({ id: I.beta, project_id: I.project, name: "Beta", domain: "beta.com", icon: "", variants: [] })
    .execute();
  await db
    .insertInto("categories")
    .values([
      { id: I.main, project_id: I.project, name: "Main", color: "#ff0000", order: 1 },
      { id: I.solo, project_id: I.project, name: "Solo", color: "#00ff00", order: 2 },
    ])
    .execute();
  await db
    .insertInto("prompts")
    .values(
      [p1, p2, p3, p4, p5].map((pid, i) => ({
        id: pid,
        project_id: I.project,
        category_id: pid === p3 ? I.solo : I.main,
        text: `Prompt ${i + 1}`,
        created_at: `2025-01-0${i + 1}T00:00:00Z`,
      })),
    )
    .execute();
  await db
    .insertInto("answers")
    .values(
      ANSWERS.map(([prompt, platform, day, flags], i) => ({
        id: id(100 + i),
        project_id: I.project,
        prompt_id: prompt,
        platform,
        collected_at: `${day}T09:00:00Z`,
        day,
        preview: "",
        text: "",
        brand_mentioned: flags.includes("m"),
        brand_cited: flags.includes("c"),
        competitor_found: flags.includes("b"),
        mentioned_competitor_ids: flags.includes("b") ? [I.beta] : [],
        cited_competitor_ids: [],
        mention_excerpts: [],
        error_message: null,
      })),
    )
    .execute();
}
