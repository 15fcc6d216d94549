import { countOf } from "../../format/plural.js";
import { col, fromSections, type SectionDrafter, tableOf } from "./_helpers.js";

/** Your pages that AI answers cite (top 100). */
export const yourPages: SectionDrafter = (model) =>
  fromSections("your_pages", model, (s) => [
    tableOf(
      "your-pages",
      [
        col("url", "Page", "url"),
        col("folder", "Folder", "text"),
        col("citations", "Citations", "count"),
        col("citations_delta", "Δ citations", "delta_count"),
        col("citation_rate", "Citation rate", "percent"),
        col("citation_rate_delta", "Δ rate", "delta_pp"),
        col("unique_prompts", "Prompts", "count"),
        col("unique_prompts_delta", "Δ prompts", "delta_count"),
      ],
      s.your_pages.rows,
      "No page of your site was cited in this period.",
      { note: `${countOf(s.your_pages.totals.pages, "page")} cited in all.` },
    ),
  ]);
