import {
  col,
  deltaCol,
  fromSections,
  PROMPTS_COLUMN,
  ratesChart,
  type SectionDrafter,
  statCells,
  statColumns,
  tableOf,
} from "./_helpers.js";

/** Rates per prompt category; Uncategorized last, as the API sends it. */
export const categories: SectionDrafter = (model) =>
  fromSections("categories", model, (s) => {
    const rows = s.categories.rows;
    return [
      ratesChart(
        {
          id: "categories",
          title: "Mention and citation rate by category",
          type: "horizontal_bar",
          labels: rows.map((r) => r.name),
          height: Math.max(160, 40 + rows.length * 28),
        },
        rows,
      ),
      tableOf(
        "categories",
        [
          col("name", "Category", "text"),
          col("snapshots", "Answers", "count"),
          col("mention_rate", "Mention rate", "percent"),
          deltaCol("mention_delta", "Δ mention", "mention"),
          col("citation_rate", "Citation rate", "percent"),
          deltaCol("citation_delta", "Δ citation", "citation"),
          PROMPTS_COLUMN,
          ...statColumns("mention", "mention"),
          ...statColumns("citation", "citation"),
        ],
        rows.map(({ mention_stats, citation_stats, ...r }) => ({
          ...r,
          prompts: mention_stats.prompts,
          ...statCells("mention", mention_stats),
          ...statCells("citation", citation_stats),
        })),
        "No category has answers in this period.",
      ),
    ];
  });
