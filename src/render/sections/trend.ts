import { col, fromSections, type SectionDrafter } from "./_helpers.js";

/** Daily mention and citation rates over the current period. */
export const trend: SectionDrafter = (model) =>
  fromSections("trend", model, (s) => {
    const rows = s.trend.rows;
    if (rows.length === 0) return [{ kind: "notice", text: "No answers were collected in this period." }];
    return [
      {
        kind: "chart",
        spec: {
          id: "trend",
          title: "Mention and citation rate by day",
          type: "line",
          labels: rows.map((r) => r.date),
          datasets: [
            { label: "Mention rate", data: rows.map((r) => r.mention_rate) },
            { label: "Citation rate", data: rows.map((r) => r.citation_rate) },
            { label: "Share of voice", data: rows.map((r) => r.share_of_voice) },
          ],
          valueType: "percent",
          width: 680,
          height: 260,
        },
      },
      {
        kind: "table",
        id: "trend",
        columns: [
          col("date", "Date", "date"),
          col("snapshots", "Answers", "count"),
          col("mention_rate", "Mention rate", "percent"),
          col("citation_rate", "Citation rate", "percent"),
          col("share_of_voice", "Share of voice", "percent"),
        ],
        rows: rows.map((r) => ({ ...r })),
        emptyText: "No answers were collected in this period.",
      },
    ];
  });
