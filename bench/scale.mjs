/**
 * Scale curve: at demo scale 1, 3 and 10 on PostgreSQL, the server's time for the 90d report
 * and the whole report's time (fetch, model, charts, PDF with a warm browser), with seeding costs.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { serve } from "./_db.mjs";
import { getJson } from "./_http.mjs";
import { DIST, RESULTS } from "./_paths.mjs";
import { pipelineFor } from "./_pipeline.mjs";
import { sample, summarize } from "./_stats.mjs";

/** Runs the scale area over the PostgreSQL bench databases in `dbs.pg`. */
export async function runScale(ctx) {
  const { log, dbs, quick } = ctx;
  const out = join(RESULTS, "scale");
  mkdirSync(out, { recursive: true });
  const { closeLoadedBackends } = await import(`${DIST}/render/backends/registry.js`);
  const rows = [];
  try {
    for (const [scale, db] of Object.entries(dbs.pg ?? {})) {
      const server = await serve(db.location);
      try {
        const path = `/visibility/report?project_id=${server.project.id}&range=90d`;
        const serverMs = summarize(
          await sample(
            async () => {
              const res = await getJson(server, path);
              if (res.status !== 200) throw new Error(`report at scale ${scale}: ${res.status}`);
            },
            { n: quick ? 3 : 10, warmup: 1, budgetMs: 10_000 },
          ),
        );
        const p = await pipelineFor(server);
        const reportMs = summarize(
          await sample(() => p.generate(["pdf"], out), { n: quick ? 2 : 3, warmup: 1 }),
        );
        rows.push({
          scale: Number(scale),
          answers: db.answers,
          prompts: db.prompts,
          seedMs: db.seedMs,
          aggregateMs: db.aggregateMs,
          cached: db.cached,
          seededAt: db.seededAt,
          serverMs,
          reportMs,
        });
        log(
          `  scale ${scale}: server p50 ${serverMs.median.toFixed(0)} ms, report p50 ${reportMs.median.toFixed(0)} ms`,
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    await closeLoadedBackends();
  }
  return { rows };
}
