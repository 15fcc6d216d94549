import { col, fromSections, localDay, type SectionDrafter } from "./_helpers.js";

/** The latest answer per prompt and platform (at most 500). */
export const answers: SectionDrafter = (model, lang) =>
  fromSections("answers", model, lang, (s) => {
    const a = s.answers;
    const { columns: c, answers: m } = lang.m;
    return [
      {
        kind: "table",
        id: "answers",
        columns: [
          col("collected_at", c.collected, "date"),
          col("platform", c.platform, "platform"),
          col("prompt_text", c.prompt, "text"),
          col("brand_mentioned", c.mentioned, "boolean"),
          col("brand_cited", c.cited, "boolean"),
          col("competitors", c.competitorsMentioned, "text"),
          col("preview", c.answerPreview, "text"),
        ],
        rows: a.rows.map((r) => ({
          collected_at: localDay(r.collected_at, model.cover.timezone),
          platform: r.platform,
          prompt_text: r.prompt_text,
          brand_mentioned: r.brand_mentioned,
          brand_cited: r.brand_cited,
          competitors: r.competitors.join(", "),
          preview: r.preview,
        })),
        emptyText: m.empty,
        ...(a.totals.shown < a.totals.answers ? { note: m.shown(a.totals.shown, a.totals.answers) } : {}),
      },
    ];
  });
