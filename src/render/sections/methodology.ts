import { platformName } from "../../format/figures.js";
import { comparisonNotice, comparisonOf } from "../../report/comparison.js";
import type { SectionDrafter } from "./_helpers.js";
import { col, rangeInWords, versusOf } from "./_helpers.js";

/** How every number was computed, with the period and the volume of data behind it. */
export const methodology: SectionDrafter = (model, lang) => {
  const { f } = lang;
  const m = lang.m.methodology;
  const p = model.cover.period;
  const s = model.sections;
  const range = rangeInWords(model.cover.range, p, lang);
  // Custom periods and compare=year name their comparison rule (docs/decisions.md#period).
  const compared = !p
    ? ""
    : p.compare === "year"
      ? m.comparedYear(
          f.periodLabel(p.previous_label, p.previous_start, p.previous_end),
          f.date(p.previous_start),
          f.date(p.previous_end),
        )
      : m.comparedWith(
          f.periodLabel(p.previous_label, p.previous_start, p.previous_end),
          f.date(p.previous_start),
          f.date(p.previous_end),
        );
  const periodText = !p
    ? m.noPeriod(range)
    : model.cover.range === "custom"
      ? m.customPeriod(
          f.periodLabel(p.label, p.start, p.end),
          f.date(p.start),
          f.date(p.end),
          p.timezone,
          compared,
        )
      : p.compare === "year"
        ? m.yearPeriod(f.date(p.start), f.date(p.end), range, f.date(p.as_of), p.timezone, compared)
        : m.rangePeriod(
            f.date(p.start),
            f.date(p.end),
            range,
            f.date(p.as_of),
            p.timezone,
            f.date(p.previous_start),
            f.date(p.previous_end),
          );
  // "It is compared with …" is followed by what that comparison could show: nothing, without data.
  const notice = comparisonNotice(comparisonOf(p), lang);
  const platforms = s.ok ? s.value.platforms.rows.map((r) => platformName(r.platform)) : [];
  const volume = s.ok
    ? m.volume(s.value.summary.totals.snapshots.current, s.value.summary.totals.prompts, platforms)
    : m.noVolume;
  // The method of docs/metrics.md "Intervals and significance", in plain words, with its sample sizes.
  const kpis = s.ok ? s.value.summary.rows : [];
  const first = kpis[0]?.stats;
  const sample = first
    ? m.sample(
        first.prompts,
        first.answers,
        first.previous_prompts,
        first.previous_answers,
        versusOf(model, lang).inThe,
      )
    : "";
  // The config file may show dates in another timezone than the workspace's, which set the period.
  const tz = model.cover.timezone;
  const zone =
    p && p.timezone !== tz ? [{ kind: "paragraph" as const, text: m.timezone(tz, p.timezone) }] : [];
  return {
    key: "methodology",
    title: lang.m.sections.methodology,
    blocks: [
      { kind: "paragraph", text: notice === undefined ? periodText : `${periodText} ${notice}` },
      { kind: "paragraph", text: volume },
      { kind: "paragraph", text: m.significance(sample) },
      ...zone,
      {
        kind: "table",
        id: "definitions",
        title: m.definitions,
        columns: [col("metric", m.metric, "text"), col("definition", m.definition, "text")],
        rows: m.terms.map(([metric, definition]) => ({ metric, definition })),
        emptyText: "",
      },
    ],
  };
};
