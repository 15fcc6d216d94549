import { col, fromSections, type SectionDrafter } from "./_helpers.js";

/** The domains AI answers cite most (top 50), tagged when they are yours or a competitor's. */
export const citedSources: SectionDrafter = (model) =>
  fromSections("cited_sources", model, (s) => {
    const c = s.cited_sources;
    const top = c.rows.slice(0, 10);
    return [
      {
        kind: "chart",
        spec: {
          id: "cited-sources",
          title: "Top cited domains (share of citations)",
          type: "horizontal_bar",
          labels: top.map((r) => r.value),
          datasets: [{ label: "Share of citations", data: top.map((r) => r.share) }],
          valueType: "percent",
          width: 680,
          height: Math.max(180, 40 + top.length * 28),
        },
      },
      {
        kind: "table",
        id: "cited-sources",
        columns: [
          col("rank", "Rank", "count"),
          col("value", "Domain", "url"),
          col("citations", "Citations", "count"),
          col("share", "Share", "percent"),
          col("tag", "Owner", "text"),
        ],
        rows: c.rows.map((r) => ({
          ...r,
          tag: r.tag === "you" ? "You" : r.tag === "competitor" ? "Competitor" : "",
        })),
        emptyText: "No citations in this period.",
        note: `${c.totals.total_citations.toLocaleString("en-US")} citations in all.`,
      },
    ];
  });
