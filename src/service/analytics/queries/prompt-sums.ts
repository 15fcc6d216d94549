import type { Counts, PromptSums } from "../metrics/prompt-rows.js";
import type { PromptCum } from "./prompt-cum.js";

const ZERO: Counts = { snapshots: 0, mentioned: 0, cited: 0 };
const minus = (a: Counts, b: Counts): Counts => ({
  snapshots: a.snapshots - b.snapshots,
  mentioned: a.mentioned - b.mentioned,
  cited: a.cited - b.cited,
});

/** Each prompt's counts in both periods from its running totals: C(end) − C(start − 1). */
export function promptSumsOf(cum: PromptCum): Map<string, PromptSums> {
  const c = cum.days;
  const out = new Map<string, PromptSums>();
  for (const [promptId, m] of cum.rows) {
    const get = (day: string | null): Counts => (day === null ? ZERO : (m.get(day) ?? ZERO));
    out.set(promptId, {
      current: minus(get(c.curEnd), get(c.curBefore)),
      previous: minus(get(c.prevEnd), get(c.prevBefore)),
      lastCollectedAt: c.curEnd === null ? null : (m.get(c.curEnd)?.last_collected_at ?? null),
    });
  }
  return out;
}
