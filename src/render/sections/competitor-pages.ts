import { col, fromSections, pageColumns, type SectionDrafter, tableOf } from "./_helpers.js";

/**
 * Each competitor's most cited pages (the API's top 10 each), most cited first across
 * competitors: a trimmed table's "Top 10" are then the ten pages that earn competitors the most
 * citations, not the first competitor's ten by name. Ties keep the API's order.
 */
export const competitorPages: SectionDrafter = (model, lang) =>
  fromSections("competitor_pages", model, lang, (s) => {
    const c = lang.m.columns;
    return [
      tableOf(
        "competitor-pages",
        // A competitor's page gaining citations is bad news for the client (render/change-tone.ts).
        [
          col("competitor_name", c.competitor, "text"),
          col("url", c.page, "url"),
          ...pageColumns(lang, "competitor"),
        ],
        [...s.competitor_pages.rows].sort((a, b) => b.citations - a.citations),
        lang.m.competitorPages.empty,
      ),
    ];
  });
