import { col, fromSections, type SectionDrafter, tableOf } from "./_helpers.js";

/** Every tracked prompt with its rates and changes. */
export const prompts: SectionDrafter = (model, lang) =>
  fromSections("prompts", model, lang, (s) => {
    const c = lang.m.columns;
    return [
      tableOf(
        "prompts",
        [
          col("text", c.prompt, "text"),
          col("category", c.category, "text"),
          col("snapshots", c.answers, "count"),
          col("mention_rate", c.mentionRate, "percent"),
          col("mention_rate_delta", c.deltaMention, "delta_pp"),
          col("citation_rate", c.citationRate, "percent"),
          col("citation_rate_delta", c.deltaCitation, "delta_pp"),
        ],
        s.prompts.rows.map((p) => ({ ...p, category: p.category?.name ?? lang.m.values.uncategorized })),
        lang.m.prompts.empty,
      ),
    ];
  });
