import { sql } from "kysely";
import { getOrSet } from "../_map.js";
import type { Counts, PromptSums } from "../metrics/prompt-rows.js";
import type { Period } from "../period.js";
import { type AggMeta, cumDayList, cumDays, type Db } from "./meta.js";

interface CumRow {
  day: string;
  prompt_id: string;
  snapshots: number;
  mentioned: number;
  cited: number;
  last_collected_at: Date | null;
}

const ZERO: Counts = { snapshots: 0, mentioned: 0, cited: 0 };
const minus = (a: Counts, b: Counts): Counts => ({
  snapshots: a.snapshots - b.snapshots,
  mentioned: a.mentioned - b.mentioned,
  cited: a.cited - b.cited,
});

/** Each prompt's counts in both periods: at most three cumulative rows per prompt, whatever the range. */
export async function loadPromptSums(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<Map<string, PromptSums>> {
  const c = cumDays(meta, period);
  const days = cumDayList(c);
  const out = new Map<string, PromptSums>();
  if (days.length === 0) return out;
  const { rows } = await sql<CumRow>`
    SELECT day, prompt_id, snapshots, mentioned, cited, last_collected_at FROM agg_prompt_cum
    WHERE project_id = ${projectId} AND day = ANY(${days}::date[])`.execute(db);
  const at = new Map<string, Map<string | null, CumRow>>();
  for (const r of rows) {
    getOrSet(at, r.prompt_id, () => new Map<string | null, CumRow>()).set(r.day, r);
  }
  for (const [promptId, m] of at) {
    const get = (day: string | null): Counts => (day === null ? ZERO : (m.get(day) ?? ZERO));
    out.set(promptId, {
      current: minus(get(c.curEnd), get(c.curBefore)),
      previous: minus(get(c.prevEnd), get(c.prevBefore)),
      lastCollectedAt: c.curEnd === null ? null : (m.get(c.curEnd)?.last_collected_at ?? null),
    });
  }
  return out;
}
