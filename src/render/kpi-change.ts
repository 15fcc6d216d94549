import { ENGLISH, type Lang } from "../format/i18n/index.js";
import type { Kpi } from "./types.js";

/** Words every format uses for a change whose 95 % interval includes 0 (English; `lang.m.kpis` in others). */
export const NO_SIGNIFICANT_CHANGE = ENGLISH.m.kpis.noSignificantChange;

/** Whether a KPI's change is shown greyed: a rate whose change is not significant (docs/metrics.md). */
export function isMuted(k: Kpi): boolean {
  return k.change !== undefined && !k.change.significant;
}

/**
 * The line under a KPI's change, the same text in every format: "95% interval +2.0 to +23.0 pp",
 * prefixed by "no significant change" when that interval includes 0; empty for counts.
 */
export function changeNote(k: Kpi, lang: Lang): string {
  if (!k.change) return "";
  const interval = lang.m.kpis.interval(k.change.low, k.change.high);
  return k.change.significant ? interval : `${lang.m.kpis.noSignificantChange}; ${interval}`;
}
