/**
 * The report's latest answers when there are more than the cap: drawn round-robin across platforms
 * (every platform's most recent, then every platform's second most recent…; within a round the more
 * recent first, ties by id), then listed most recent first. The cap is the query's `limit`, so a
 * handful of answers shows the rule; both ways of finding the latest answers are covered (the
 * refresh's table when the period reaches the last aggregated day, index probes for a past as-of).
 */
import { beforeAll, expect, it } from "vitest";
import { refreshAggregates } from "../../../src/service/analytics/aggregates/refresh.js";
import { periodFor } from "../../../src/service/analytics/period.js";
import { loadLatestAnswers } from "../../../src/service/analytics/queries/answers.js";
import { loadMeta } from "../../../src/service/analytics/queries/meta.js";
import type { Store } from "../../../src/service/store/db.js";
import { describeDatabases, openTestStore } from "../../store/_databases.js";
import { insertAcme } from "./_stats-fixture.js";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const WORKSPACE = id(1);
const PROJECT = id(2);
const PROMPTS = [1, 2, 3, 4, 5, 6].map((n) => id(10 + n));
const TIMEZONE = "UTC";

type Platform = "chatgpt" | "perplexity" | "gemini" | "claude";
interface Row {
  id: string;
  prompt: number;
  platform: Platform;
  at: string;
}

/**
 * Collected in platform batches, as a refresh does: ChatGPT first (two prompts only), then
 * Perplexity, then Gemini (every prompt), and days later one Claude answer. The newest answers are
 * Gemini's, so "the newest N" would leave ChatGPT out. Gemini's answers to prompts 1 and 2 share a
 * timestamp (the id decides), and prompt 1 has an older ChatGPT answer that is not its latest.
 */
const ROWS: Row[] = [
  { id: id(100), prompt: 1, platform: "chatgpt", at: "2025-02-28T08:00:00Z" },
  { id: id(101), prompt: 1, platform: "chatgpt", at: "2025-03-01T08:00:00Z" },
  { id: id(102), prompt: 2, platform: "chatgpt", at: "2025-03-01T08:05:00Z" },
  ...[1, 2, 3, 4, 5, 6].map((p) => ({
    id: id(200 + p),
    prompt: p,
    platform: "perplexity" as const,
    at: `2025-03-02T08:0${p}:00Z`,
  })),
  { id: id(302), prompt: 2, platform: "gemini", at: "2025-03-03T08:00:00Z" },
  { id: id(301), prompt: 1, platform: "gemini", at: "2025-03-03T08:00:00Z" },
  ...[3, 4, 5, 6].map((p) => ({
    id: id(300 + p),
    prompt: p,
    platform: "gemini" as const,
    at: `2025-03-03T08:0${p}:00Z`,
  })),
  { id: id(401), prompt: 1, platform: "claude", at: "2025-03-06T08:00:00Z" },
];

async function insert(store: Store): Promise<void> {
  const db = store.db;
  await insertAcme(db, {
    workspace: WORKSPACE,
    project: PROJECT,
    owner: id(3),
    name: "Draw",
    timezone: TIMEZONE,
  });
  await db
    .insertInto("prompts")
    .values(
      PROMPTS.map((pid, i) => ({
        id: pid,
        project_id: PROJECT,
        category_id: null,
        text: `Prompt ${i + 1}`,
        created_at: "2025-01-01T00:00:00Z",
      })),
    )
    .execute();
  await db
    .insertInto("answers")
    .values(
      ROWS.map((r) => ({
        id: r.id,
        project_id: PROJECT,
        prompt_id: PROMPTS[r.prompt - 1]!,
        platform: r.platform,
        collected_at: r.at,
        day: r.at.slice(0, 10),
        preview: "preview",
        text: "text",
        brand_mentioned: false,
        brand_cited: false,
        competitor_found: false,
        mentioned_competitor_ids: [],
        cited_competitor_ids: [],
        mention_excerpts: [],
        error_message: null,
      })),
    )
    .execute();
}

const platformOf = new Map(ROWS.map((r) => [r.id, r.platform]));
const counts = (ids: readonly string[]) => {
  const n: Record<string, number> = {};
  for (const a of ids) n[platformOf.get(a)!] = (n[platformOf.get(a)!] ?? 0) + 1;
  return n;
};

describeDatabases("report latest answers: a draw from every platform past the cap", (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
    await insert(store);
    await refreshAggregates(store.db);
    return () => store.close();
  });

  /** The latest answers' ids as of noon UTC on `asOf`, over the last 7 days, at most `limit`. */
  async function latest(asOf: string, limit: number) {
    const period = periodFor("7d", TIMEZONE, new Date(`${asOf}T12:00:00Z`));
    const meta = await loadMeta(store.db, PROJECT);
    const platforms = [...new Set(ROWS.map((r) => r.platform))];
    const found = await loadLatestAnswers(
      store.db,
      { projectId: PROJECT, maxDay: meta.maxDay, platforms },
      period,
      limit,
    );
    return { ids: found.rows.map((r) => r.id), total: found.total, maxDay: meta.maxDay };
  }

  it("as of the last day (the refresh's latest answers): each platform its share, newest first", async () => {
    const all = await latest("2025-03-06", 100);
    expect(all.maxDay).toBe("2025-03-06");
    expect(all.total).toBe(15);
    expect(all.ids).toHaveLength(15);
    expect(all.ids).not.toContain(id(100));

    // Round 1: Claude, Gemini, Perplexity, ChatGPT; round 2: Gemini, Perplexity, ChatGPT (Claude
    // has no second); round 3: Gemini, Perplexity (ChatGPT has no third).
    const nine = await latest("2025-03-06", 9);
    expect(nine.total).toBe(15);
    expect(counts(nine.ids)).toEqual({ claude: 1, gemini: 3, perplexity: 3, chatgpt: 2 });
    expect(nine.ids).toEqual([
      id(401),
      id(306),
      id(305),
      id(304),
      id(206),
      id(205),
      id(204),
      id(102),
      id(101),
    ]);

    // A round cut short: its more recent answers first (Gemini's third before Perplexity's).
    const eight = await latest("2025-03-06", 8);
    expect(counts(eight.ids)).toEqual({ claude: 1, gemini: 3, perplexity: 2, chatgpt: 2 });
    expect(eight.ids).toEqual([id(401), id(306), id(305), id(304), id(206), id(205), id(102), id(101)]);

    // Only one round: one each, whatever their age.
    const four = await latest("2025-03-06", 4);
    expect(four.ids).toEqual([id(401), id(306), id(206), id(102)]);
  });

  it("as of a past day (index probes): the same rule, ties by id", async () => {
    // 7 days to 03-05: ChatGPT 2, Perplexity 6, Gemini 6; Claude's answer is after the period.
    const all = await latest("2025-03-05", 100);
    expect(all.total).toBe(14);

    // Rounds of three until ChatGPT runs out after two, then Gemini and Perplexity alternate:
    // Gemini 4, Perplexity 4, ChatGPT 2. The newest ten would have been Gemini 6, Perplexity 4.
    const ten = await latest("2025-03-05", 10);
    expect(counts(ten.ids)).toEqual({ gemini: 4, perplexity: 4, chatgpt: 2 });
    expect(ten.ids).toEqual([
      id(306),
      id(305),
      id(304),
      id(303),
      id(206),
      id(205),
      id(204),
      id(203),
      id(102),
      id(101),
    ]);

    // Gemini's answers to prompts 1 and 2 share a timestamp: the lower id is drawn first (round 5
    // takes it, round 6 the other) and, listed by time, comes first.
    const twelve = await latest("2025-03-05", 12);
    expect(counts(twelve.ids)).toEqual({ gemini: 5, perplexity: 5, chatgpt: 2 });
    expect(twelve.ids).toContain(id(301));
    expect(twelve.ids).not.toContain(id(302));
    const fourteen = await latest("2025-03-05", 14);
    expect(fourteen.ids.slice(4, 6)).toEqual([id(301), id(302)]);
  });
});
