import { col, fromSections, type SectionDrafter } from "./_helpers.js";

/** Each competitor's most cited pages (top 10 each). */
export const competitorPages: SectionDrafter = (model) =>
  fromSections("competitor_pages", "Competitor pages", model, (s) => [
    {
      kind: "table",
      id: "competitor-pages",
      columns: [
        col("competitor_name", "Competitor", "text"),
        col("url", "Page", "url"),
        col("citations", "Citations", "count"),
        col("citations_delta", "Δ citations", "delta_count"),
        col("citation_rate", "Citation rate", "percent"),
        col("citation_rate_delta", "Δ rate", "delta_pp"),
        col("unique_prompts", "Prompts", "count"),
      ],
      rows: s.competitor_pages.rows.map((r) => ({
        competitor_name: r.competitor_name,
        url: r.url,
        citations: r.citations,
        citations_delta: r.citations_delta,
        citation_rate: r.citation_rate,
        citation_rate_delta: r.citation_rate_delta,
        unique_prompts: r.unique_prompts,
      })),
      emptyText: "No competitor page was cited in this period.",
    },
  ]);
