import { col, fromSections, localDay, type SectionDrafter } from "./_helpers.js";

/** The latest answer per prompt and platform (at most 500). */
export const answers: SectionDrafter = (model) =>
  fromSections("answers", model, (s) => {
    const a = s.answers;
    return [
      {
        kind: "table",
        id: "answers",
        columns: [
          col("collected_at", "Collected", "date"),
          col("platform", "Platform", "platform"),
          col("prompt_text", "Prompt", "text"),
          col("brand_mentioned", "Mentioned", "boolean"),
          col("brand_cited", "Cited", "boolean"),
          col("competitors", "Competitors mentioned", "text"),
          col("preview", "Answer preview", "text"),
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
        emptyText: "No answers were collected in this period.",
        ...(a.totals.shown < a.totals.answers
          ? { note: `Showing the ${a.totals.shown} most recent of ${a.totals.answers} latest answers.` }
          : {}),
      },
    ];
  });
