import { platformName } from "../../format/figures.js";
import { col, fromSections, localDay, type SectionDrafter } from "./_helpers.js";

/**
 * The latest answer per prompt and platform, as the API returns them: at most 500, the most recent
 * first. When that is not all of them the table is a sample, and its note says so and names every
 * platform of the period with none in it; the workbook's About sheet says the sheet is a sample.
 * vreport's service draws the 500 round-robin across platforms, so none is absent there, but a
 * service that caps by recency alone leaves out the platforms collected first, and the note is
 * the reader's only way to know.
 */
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
        ...(a.totals.shown < a.totals.answers
          ? {
              note: m.sample(
                a.totals.shown,
                a.totals.answers,
                s.platforms.rows
                  .filter((p) => p.snapshots > 0 && !a.rows.some((r) => r.platform === p.platform))
                  .map((p) => platformName(p.platform)),
              ),
              sample: true,
            }
          : {}),
      },
    ];
  });
