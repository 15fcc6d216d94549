import { col, fromSections, rateWithChange, type SectionDrafter, tableOf } from "./_helpers.js";

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
          ...rateWithChange("mention_rate", c.mentionRate, c.deltaMention),
          ...rateWithChange("citation_rate", c.citationRate, c.deltaCitation),
        ],
        s.prompts.rows.map((p) => ({ ...p, category: p.category?.name ?? lang.m.values.uncategorized })),
        lang.m.prompts.empty,
      ),
    ];
  });
