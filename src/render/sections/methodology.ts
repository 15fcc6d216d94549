import { platformName } from "../../format/figures.js";
import { countOf } from "../../format/plural.js";
import type { SectionDrafter } from "./_helpers.js";
import { col } from "./_helpers.js";

/** How every number was computed, with the period and the volume of data behind it. */
export const methodology: SectionDrafter = (model) => {
  const p = model.cover.period;
  const s = model.sections;
  // Custom periods and compare=year name their comparison rule (docs/decisions.md#period).
  const compared =
    p?.compare === "year"
      ? `the same dates a year earlier, ${p.previous_label} (${p.previous_start} to ${p.previous_end})`
      : `${p?.previous_label} (${p?.previous_start} to ${p?.previous_end})`;
  const period = !p
    ? undefined
    : model.cover.range === "custom"
      ? `The current period is ${p.label} (${p.start} to ${p.end}, days in ${p.timezone}); it is compared with ${compared}.`
      : p.compare === "year"
        ? `The current period runs from ${p.start} to ${p.end} (${model.cover.range}, ending on the as-of day ${p.as_of} in ${p.timezone}); it is compared with ${compared}.`
        : `The current period runs from ${p.start} to ${p.end} (${model.cover.range}, ending on the as-of day ${p.as_of} in ${p.timezone}); it is compared with the previous period of the same length, ${p.previous_start} to ${p.previous_end}.`;
  const periodText =
    period ??
    `The period is the ${model.cover.range} ending on the as-of day; its dates are not available because the visibility data could not be read.`;
  const platforms = s.ok ? s.value.platforms.rows.map((r) => platformName(r.platform)) : [];
  const volume = s.ok
    ? `This report rests on ${countOf(s.value.summary.totals.snapshots.current, "answer")} (snapshots) to ${countOf(s.value.summary.totals.prompts, "tracked prompt")}, collected from ${countOf(platforms.length, "platform")} (${platforms.join(", ")}).`
    : "The visibility data could not be read, so no answer counts are given.";
  // The method of docs/metrics.md "Intervals and significance", in plain words, with its sample sizes.
  const kpis = s.ok ? s.value.summary.rows : [];
  const first = kpis[0]?.stats;
  const sample = first
    ? ` The headline rates rest on ${countOf(first.prompts, "prompt")} (${countOf(first.answers, "answer")}) in this period and ${countOf(first.previous_prompts, "prompt")} (${countOf(first.previous_answers, "answer")}) in the previous one.`
    : "";
  const significance = {
    kind: "paragraph" as const,
    text: `Answers to the same prompt resemble each other from day to day, so the sample that counts is the prompts, not the answers: each rate's 95% interval treats the prompts as the units (a ratio of sums over prompts, with Student's t). A change counts as significant when the 95% interval of the difference between the periods, computed from each prompt's own change, excludes zero; changes that are not significant are greyed and described as "no significant change".${sample}`,
  };
  // The config file may show dates in another timezone than the workspace's, which set the period.
  const tz = model.cover.timezone;
  const zone =
    p && p.timezone !== tz
      ? [
          {
            kind: "paragraph" as const,
            text: `Dates of answers and content items are shown in ${tz}, as the report configuration asks; the period's days are those of the workspace timezone, ${p.timezone}.`,
          },
        ]
      : [];
  return {
    key: "methodology",
    title: "Methodology",
    blocks: [
      { kind: "paragraph", text: periodText },
      { kind: "paragraph", text: volume },
      significance,
      ...zone,
      {
        kind: "table",
        id: "definitions",
        title: "Definitions",
        columns: [col("metric", "Metric", "text"), col("definition", "Definition", "text")],
        rows: [
          {
            metric: "Snapshot",
            definition: "One collected answer of one tracked prompt on one AI platform.",
          },
          { metric: "Mention rate", definition: "Snapshots mentioning the brand ÷ snapshots." },
          {
            metric: "Citation rate",
            definition: "Snapshots citing a page of the brand's domain ÷ snapshots.",
          },
          {
            metric: "Share of voice",
            definition:
              "Snapshots mentioning the brand ÷ the sum, over the brand and every tracked competitor, of snapshots mentioning each.",
          },
          {
            metric: "Δ (change)",
            definition:
              "Current period minus previous period, from unrounded values; rates in percentage points (pp).",
          },
          {
            metric: "Trend point",
            definition:
              "A day in a 7-day report; otherwise a week, counted back from the period's last day (the first may be shorter). Its rate is over the week's summed counts (e.g. mentions ÷ answers of its days), not an average of daily rates.",
          },
          {
            metric: "95% interval",
            definition:
              "The range that holds the true rate (or change) with 95% confidence, given the prompts sampled; the workbook lists its bounds.",
          },
          {
            metric: "Significant change",
            definition: "A change whose 95% interval excludes zero (α = 0.05).",
          },
          { metric: "Rank", definition: "1 is best; ties share a rank (1, 2, 2, 4)." },
          {
            metric: "Page citations",
            definition: "Snapshots citing the page; its citation rate divides by all snapshots.",
          },
          {
            metric: "Cited source share",
            definition: "Citations of the domain ÷ all citations in the period.",
          },
          {
            metric: "Opportunity",
            definition:
              "A prompt with answers naming a tracked competitor and not the brand (gap answers); ranked by the platforms, then the answers, showing them.",
          },
          {
            metric: "Suggested action",
            definition:
              "The first rule that holds: a competitor page is cited in the gap answers → publish or strengthen a page answering the prompt; the brand is named in some of the prompt's answers → make it consistent; otherwise → get the brand onto the third-party sources the answers draw on.",
          },
          {
            metric: "Evidence",
            definition:
              "The latest gap answer of the top three opportunities and the latest answer naming the brand on the three prompts whose mention rate grew most, from the first sentence naming a competitor (or the brand), about 320 characters.",
          },
        ],
        emptyText: "",
      },
    ],
  };
};
