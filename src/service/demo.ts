import { sql } from "kysely";
import { refreshAggregates } from "./analytics/aggregates/refresh.js";
import type { Store } from "./store/db.js";
import { type SeedOptions, type SeedSummary, seedDemo } from "./store/seed/index.js";

/**
 * Loads the demo workspace and rebuilds the analytics pre-aggregates of its projects: the store
 * layer seeds rows, the analytics layer owns its derived tables, and this is where both meet.
 */
export async function loadDemo(store: Store, options: SeedOptions): Promise<SeedSummary> {
  const summary = await seedDemo(store, options);
  // Fresh statistics after a bulk load: without them PostgreSQL plans full scans of citations, and
  // the aggregate fills nested-loop over urls (estimated at 2 rows, holding 200). Not the answers'
  // texts, which no query filters on and which took half the time to sample.
  await sql`ANALYZE answers (id, project_id, prompt_id, platform, collected_at, day, brand_mentioned,
    brand_cited, competitor_found, mentioned_competitor_ids, cited_competitor_ids), citations, urls`.execute(
    store.db,
  );
  await refreshAggregates(
    store.db,
    summary.projects.map((project) => project.id),
  );
  return summary;
}
