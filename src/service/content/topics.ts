import { BUYER_STAGES, type StageCounts, type Topic } from "../../contract/index.js";
import type { Handler } from "../http/handler.js";

const emptyStages = (): StageCounts => ({ AWARENESS: 0, CONSIDERATION: 0, DECISION: 0, NA: 0 });

/**
 * GET /content-map/topics: per topic, the project's own classified pages and each competitor's,
 * by buyer stage. `is_untapped`: you have none but some competitor has; `is_coverage_gap`: you
 * have fewer than the top competitor. `unclassified`: the project's own unclassified pages.
 * Every competitor site appears in every row (zeros included) so the matrix is rectangular.
 */
export const getTopics: Handler<"getTopics"> = async ({ store, project }) => {
  const projectId = project!.id;
  const [topics, competitorSites, counts, unclassified] = await Promise.all([
    store.db
      .selectFrom("topics")
      .select(["id", "name", "definition", "created_at"])
      .where("project_id", "=", projectId)
      .orderBy("created_at")
      .orderBy("name")
      .orderBy("id")
      .execute(),
    store.db
      .selectFrom("sites as s")
      .leftJoin("competitors as c", "c.id", "s.entity_id")
      .select(["s.entity_id", "s.entity", "c.created_at"])
      .where("s.project_id", "=", projectId)
      .where("s.is_customer", "=", false)
      .orderBy("c.created_at")
      .orderBy("s.entity")
      .execute(),
    store.db
      .selectFrom("site_pages as sp")
      .innerJoin("sites as s", "s.id", "sp.site_id")
      .select((eb) => [
        "sp.topic_id",
        "s.entity_id",
        "s.is_customer",
        "sp.buyer_stage",
        eb.fn.countAll<number>().as("n"),
      ])
      .where("sp.project_id", "=", projectId)
      .where("sp.status", "=", "classified")
      .where("sp.topic_id", "is not", null)
      .groupBy(["sp.topic_id", "s.entity_id", "s.is_customer", "sp.buyer_stage"])
      .execute(),
    store.db
      .selectFrom("site_pages as sp")
      .innerJoin("sites as s", "s.id", "sp.site_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sp.project_id", "=", projectId)
      .where("s.is_customer", "=", true)
      .where("sp.status", "=", "unclassified")
      .executeTakeFirstOrThrow(),
  ]);
  const competitors: { entity_id: string; name: string }[] = [];
  for (const s of competitorSites) {
    if (!competitors.some((c) => c.entity_id === s.entity_id)) {
      competitors.push({ entity_id: s.entity_id, name: s.entity });
    }
  }
  const cell = new Map<string, StageCounts>();
  for (const row of counts) {
    const key = `${row.topic_id}|${row.is_customer ? "you" : row.entity_id}`;
    const stages = cell.get(key) ?? emptyStages();
    stages[row.buyer_stage] += Number(row.n);
    cell.set(key, stages);
  }
  const entry = (topicId: string, who: string) => {
    const stages = cell.get(`${topicId}|${who}`) ?? emptyStages();
    return { total: BUYER_STAGES.reduce((sum, st) => sum + stages[st], 0), stages };
  };
  return {
    topics: topics.map((t): Topic => {
      const you = entry(t.id, "you");
      const rows = competitors.map((c) => ({
        ...entry(t.id, c.entity_id),
        entity_id: c.entity_id,
        name: c.name,
      }));
      const top = Math.max(0, ...rows.map((r) => r.total));
      return {
        id: t.id,
        name: t.name,
        definition: t.definition,
        source: "INDUCED",
        you,
        competitors: rows,
        is_untapped: you.total === 0 && top > 0,
        is_coverage_gap: you.total < top,
      };
    }),
    unclassified: Number(unclassified.n),
  };
};
