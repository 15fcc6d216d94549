import { col, fromSections, type SectionDrafter, tableOf } from "./_helpers.js";

/**
 * Each competitor's most cited pages (the API's top 10 each), most cited first across
 * competitors: a trimmed table's "Top 10" are then the ten pages that earn competitors the most
 * citations, not the first competitor's ten by name. Ties keep the API's order.
 */
export const competitorPages: SectionDrafter = (model) =>
  fromSections("competitor_pages", model, (s) => [
    tableOf(
      "competitor-pages",
      [
        col("competitor_name", "Competitor", "text"),
        col("url", "Page", "url"),
        col("citations", "Citations", "count"),
        col("citations_delta", "Δ citations", "delta_count"),
        col("citation_rate", "Citation rate", "percent"),
        col("citation_rate_delta", "Δ rate", "delta_pp"),
        col("unique_prompts", "Prompts", "count"),
      ],
      [...s.competitor_pages.rows].sort((a, b) => b.citations - a.citations),
      "No competitor page was cited in this period.",
    ),
  ]);
