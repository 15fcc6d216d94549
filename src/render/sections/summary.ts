import { countOf } from "../../format/plural.js";
import type { Kpi } from "../types.js";
import { fromSections, type SectionDrafter } from "./_helpers.js";

/** Headline KPIs: mention rate, citation rate, share of voice and snapshots, each with its change. */
export const summary: SectionDrafter = (model) =>
  fromSections("summary", model, (s) => {
    const kpis: Kpi[] = s.summary.rows.map((r) => ({
      label: r.label,
      value: r.current,
      type: "percent",
      previous: r.previous,
      delta: r.delta,
      deltaType: "delta_pp",
      change: {
        low: r.stats.delta_low,
        high: r.stats.delta_high,
        significant: r.stats.significant,
        answers: r.stats.answers,
        prompts: r.stats.prompts,
      },
    }));
    const snap = s.summary.totals.snapshots;
    kpis.push({
      label: "Answers analysed",
      value: snap.current,
      type: "count",
      previous: snap.previous,
      delta: snap.delta,
      deltaType: "delta_count",
    });
    if (snap.current === 0) {
      return [{ kind: "notice", text: "No answers were collected in this period." }];
    }
    return [
      { kind: "kpis", items: kpis },
      {
        kind: "paragraph",
        text: `${countOf(s.summary.totals.prompts, "tracked prompt")} on ${countOf(s.summary.totals.platforms, "platform")}, compared with ${countOf(s.summary.totals.competitors, "competitor")}.`,
      },
    ];
  });
