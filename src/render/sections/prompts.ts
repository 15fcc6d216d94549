import { col, fromSections, type SectionDrafter, tableOf } from "./_helpers.js";

/** Every tracked prompt with its rates and changes. */
export const prompts: SectionDrafter = (model) =>
  fromSections("prompts", model, (s) => [
    tableOf(
      "prompts",
      [
        col("text", "Prompt", "text"),
        col("category", "Category", "text"),
        col("snapshots", "Answers", "count"),
        col("mention_rate", "Mention rate", "percent"),
        col("mention_rate_delta", "Δ mention", "delta_pp"),
        col("citation_rate", "Citation rate", "percent"),
        col("citation_rate_delta", "Δ citation", "delta_pp"),
      ],
      s.prompts.rows.map((p) => ({ ...p, category: p.category?.name ?? "Uncategorized" })),
      "No prompts are tracked.",
    ),
  ]);
