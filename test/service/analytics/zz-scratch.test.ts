import { sql } from "kysely";
import { it } from "vitest";
import { refreshAggregates } from "../../../src/service/analytics/aggregates/refresh.js";
import { openStore } from "../../../src/service/store/db.js";
import { seedDemo } from "../../../src/service/store/seed/index.js";

it("scratch", async () => {
  const loc = process.env.LOC ?? "memory://";
  const store = await openStore(loc);
  if (process.env.SEED) await seedDemo(store, { asOf: "2025-06-30", scale: Number(process.env.SEED) });
  const t0 = performance.now();
  await refreshAggregates(store.db);
  console.log("refresh ms", Math.round(performance.now() - t0));
  for (const t of [
    "answers",
    "citations",
    "urls",
    "prompts",
    "agg_platform_day",
    "agg_competitor_day",
    "agg_prompt_cum",
    "agg_url_cum",
    "agg_url_prompt_days",
    "agg_competitor_prompt_days",
  ]) {
    const r = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(t)}`.execute(store.db);
    console.log(t, r.rows[0]?.n);
  }
  await store.close();
}, 600_000);
