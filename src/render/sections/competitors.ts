import { comparisonOf } from "../../report/comparison.js";
import { described } from "../chart-alt.js";
import {
  col,
  deltaCol,
  fromSections,
  rateColumns,
  type SectionDrafter,
  statCells,
  statColumns,
} from "./_helpers.js";

/** The leaderboard: your brand first, then every tracked competitor. */
export const competitors: SectionDrafter = (model, lang) =>
  fromSections("competitors", model, lang, (s) => {
    const { columns: k, competitors: m, charts } = lang.m;
    const metric = lang.m.kpis.metrics;
    const c = s.competitors;
    const p = c.your_position;
    const n = c.rows.length;
    // No change without a fully covered comparison period (docs/decisions.md#period).
    const shown = comparisonOf(model.cover.period).kind === "full";
    const change = (d: number) => (shown ? d : null);
    const sov = [...c.rows].sort((a, b) => b.sov - a.sov);
    // The client's row is good news when it gains, a competitor's row bad news (render/change-tone.ts).
    const whose = { clientWhen: "is_you" };
    return [
      {
        kind: "bullets",
        items: [
          m.rank(metric.mention_rate!, p.mention.rank, n, p.mention.value, change(p.mention.delta)),
          m.rank(metric.citation_rate!, p.citation.rank, n, p.citation.value, change(p.citation.delta)),
          m.rank(metric.share_of_voice!, p.sov.rank, n, p.sov.value, change(p.sov.delta)),
        ],
      },
      {
        kind: "chart",
        spec: described(
          {
            // Bars, not a doughnut: the brands are named beside their values, and it takes a third of the room.
            id: "share-of-voice",
            title: charts.shareOfVoice,
            type: "horizontal_bar",
            // The client's own bar is marked in colour and in words (docs/decisions.md, "Layout of the page formats").
            labels: sov.map((r) => (r.is_you ? lang.m.citedSources.yours(r.name) : r.name)),
            datasets: [{ label: charts.shareOfVoice, data: sov.map((r) => r.sov) }],
            ...(sov.some((r) => r.is_you) ? { highlight: { index: sov.findIndex((r) => r.is_you) } } : {}),
            valueType: "percent",
            width: 680,
            height: 40 + sov.length * 22,
          },
          lang,
        ),
      },
      {
        kind: "table",
        id: "competitors",
        columns: [
          col("name", k.brand, "text"),
          ...rateColumns(lang, whose),
          col("sov", k.shareOfVoice, "percent"),
          deltaCol("sov_delta", k.deltaShare, "sov", whose),
          ...statColumns("mention", "mention", lang),
          ...statColumns("citation", "citation", lang),
          ...statColumns("sov", "share", lang),
        ],
        // `is_you` stays in each row, not as a column: it says whose the row's changes are.
        rows: c.rows.map(({ mention_stats, citation_stats, sov_stats, ...r }) => ({
          ...r,
          ...statCells("mention", mention_stats),
          ...statCells("citation", citation_stats),
          ...statCells("sov", sov_stats),
        })),
        emptyText: m.empty,
        note: m.note(c.totals.total_snapshots),
      },
    ];
  });
