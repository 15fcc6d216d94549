import {
  col,
  fromSections,
  rateColumns,
  rateStatColumns,
  ratesChart,
  type SectionDrafter,
  tableOf,
  withRateStats,
} from "./_helpers.js";

/** Rates per prompt category; Uncategorized last, as the API sends it. */
export const categories: SectionDrafter = (model, lang) =>
  fromSections("categories", model, lang, (s) => {
    const rows = s.categories.rows;
    const c = lang.m.columns;
    // The API names the row of prompts without a category in English (its id is null).
    const nameOf = (r: { id: string | null; name: string }) =>
      r.id === null ? lang.m.values.uncategorized : r.name;
    return [
      ratesChart(
        {
          id: "categories",
          title: lang.m.charts.byCategory,
          type: "horizontal_bar",
          labels: rows.map((r) => nameOf(r)),
          height: Math.max(160, 40 + rows.length * 28),
        },
        rows,
        lang,
      ),
      tableOf(
        "categories",
        [
          col("name", c.category, "text"),
          col("snapshots", c.answers, "count"),
          ...rateColumns(lang),
          ...rateStatColumns(lang),
        ],
        rows.map((r) => ({ ...withRateStats(r), name: nameOf(r) })),
        lang.m.categories.empty,
      ),
    ];
  });
