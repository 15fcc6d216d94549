import { col, fromSections, type SectionDrafter } from "./_helpers.js";

/** Every tracked prompt with its rates and changes. */
export const prompts: SectionDrafter = (model) =>
  fromSections("prompts", "Prompts", model, (s) => [
    {
      kind: "table",
      id: "prompts",
      columns: [
        col("text", "Prompt", "text"),
        col("category", "Category", "text"),
        col("snapshots", "Answers", "count"),
        col("mention_rate", "Mention rate", "percent"),
        col("mention_rate_delta", "Δ mention", "delta_pp"),
        col("citation_rate", "Citation rate", "percent"),
        col("citation_rate_delta", "Δ citation", "delta_pp"),
      ],
      rows: s.prompts.rows.map((p) => ({
        text: p.text,
        category: p.category?.name ?? "Uncategorized",
        snapshots: p.snapshots,
        mention_rate: p.mention_rate,
        mention_rate_delta: p.mention_rate_delta,
        citation_rate: p.citation_rate,
        citation_rate_delta: p.citation_rate_delta,
      })),
      emptyText: "No prompts are tracked.",
    },
  ]);
