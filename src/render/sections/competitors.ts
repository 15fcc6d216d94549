import { formatDeltaPp, formatPercent } from "../../format/figures.js";
import { countOf } from "../../format/plural.js";
import { comparisonOf } from "../../report/comparison.js";
import { described } from "../chart-alt.js";
import { col, deltaCol, fromSections, type SectionDrafter, statCells, statColumns } from "./_helpers.js";

/** The leaderboard: your brand first, then every tracked competitor. */
export const competitors: SectionDrafter = (model) =>
  fromSections("competitors", model, (s) => {
    const c = s.competitors;
    const p = c.your_position;
    const n = c.rows.length;
    // No change without a fully covered comparison period (docs/decisions.md#period).
    const shown = comparisonOf(model.cover.period).kind === "full";
    const change = (d: number) => (shown ? ` (${formatDeltaPp(d)})` : "");
    const sov = [...c.rows].sort((a, b) => b.sov - a.sov);
    return [
      {
        kind: "bullets",
        items: [
          `Mention rate: rank ${p.mention.rank} of ${n} at ${formatPercent(p.mention.value)}${change(p.mention.delta)}.`,
          `Citation rate: rank ${p.citation.rank} of ${n} at ${formatPercent(p.citation.value)}${change(p.citation.delta)}.`,
          `Share of voice: rank ${p.sov.rank} of ${n} at ${formatPercent(p.sov.value)}${change(p.sov.delta)}.`,
        ],
      },
      {
        kind: "chart",
        spec: described({
          // Bars, not a doughnut: the brands are named beside their values, and it takes a third of the room.
          id: "share-of-voice",
          title: "Share of voice",
          type: "horizontal_bar",
          labels: sov.map((r) => r.name),
          datasets: [{ label: "Share of voice", data: sov.map((r) => r.sov) }],
          valueType: "percent",
          width: 680,
          height: 40 + sov.length * 22,
        }),
      },
      {
        kind: "table",
        id: "competitors",
        columns: [
          col("name", "Brand", "text"),
          col("mention_rate", "Mention rate", "percent"),
          deltaCol("mention_delta", "Δ mention", "mention"),
          col("citation_rate", "Citation rate", "percent"),
          deltaCol("citation_delta", "Δ citation", "citation"),
          col("sov", "Share of voice", "percent"),
          deltaCol("sov_delta", "Δ share", "sov"),
          ...statColumns("mention", "mention"),
          ...statColumns("citation", "citation"),
          ...statColumns("sov", "share"),
        ],
        rows: c.rows.map(({ is_you: _, mention_stats, citation_stats, sov_stats, ...r }) => ({
          ...r,
          ...statCells("mention", mention_stats),
          ...statCells("citation", citation_stats),
          ...statCells("sov", sov_stats),
        })),
        emptyText: "No competitors are tracked.",
        note: `Based on ${countOf(c.totals.total_snapshots, "answer")}. The first row is your brand.`,
      },
    ];
  });
