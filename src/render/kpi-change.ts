import { ENGLISH, type Lang } from "../format/i18n/index.js";
import { formatIn } from "../format/i18n/value.js";
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
  return k.change.significant
    ? interval
    : `${lang.m.kpis.noSignificantChange}${lang.m.semicolon} ${interval}`;
}

/** Whether a KPI has a change to show ("+1.9 pp vs 28.5 %"): not without a previous figure. */
export function hasChange(k: Kpi): boolean {
  return k.previous !== null || k.delta !== null;
}

/**
 * A KPI's change as its card reads it, for the email's `{{change}}` (docs/email.md): "+5.0 pp vs
 * 30.0%", a count's "0 vs 21,600" (never a bare "(0)"), with "no significant change" where the
 * card greys it; empty where the card shows no change (no previous figure: a first report, a
 * comparison period without data).
 */
export function changeLine(k: Kpi, lang: Lang): string {
  if (!hasChange(k)) return "";
  const delta = formatIn(lang, k.deltaType, k.delta);
  const versus =
    k.previous === null ? delta : `${delta} ${lang.m.pdf.versus} ${formatIn(lang, k.type, k.previous)}`;
  return isMuted(k) ? `${versus}, ${lang.m.kpis.noSignificantChange}` : versus;
}
