import { platformName } from "../../format/figures.js";
import { comparisonOf } from "../../report/comparison.js";
import type { EvidenceItem } from "../../report/model.js";
import type { DraftBlock } from "../types.js";
import { col, fromVisibility, localDay, notice, type SectionDrafter, tableOf, versusOf } from "./_helpers.js";

/**
 * What the platforms actually answer: the latest answer of the top opportunities and of the
 * prompts whose mention rate grew most (docs/metrics.md, "Evidence"), as short excerpts with the
 * names marked. The page formats quote them; the workbook lists them as rows.
 */
export const evidence: SectionDrafter = (model, lang) =>
  fromVisibility("evidence", model, lang, (): DraftBlock[] => {
    const e = model.evidence;
    if (!e.ok) return [notice(e, lang)];
    const { columns: k, evidence: m } = lang.m;
    const brand = model.cover.brand;
    const day = (item: EvidenceItem) => localDay(item.collectedAt, model.cover.timezone) ?? "";
    const why = (item: EvidenceItem) =>
      item.kind === "gap"
        ? m.gapWhy(item.competitors, brand)
        : m.winWhy(brand, item.mentionRate ?? 0, item.delta, versusOf(model, lang).withThe);
    const source = (item: EvidenceItem) =>
      m.source(platformName(item.platform), lang.f.date(day(item)), why(item));
    const quotes = (kind: EvidenceItem["kind"]): DraftBlock[] =>
      e.value
        .filter((item) => item.kind === kind)
        .map((item) => ({
          kind: "quote",
          title: m.quoted(item.promptText),
          source: source(item),
          segments: item.segments,
        }));
    const gaps = quotes("gap");
    const wins = quotes("win");
    if (gaps.length + wins.length === 0)
      return [
        {
          kind: "paragraph",
          text: m.none,
        },
      ];
    return [
      ...(gaps.length > 0
        ? [
            {
              kind: "paragraph" as const,
              text: m.gapsIntro(brand),
            },
            ...gaps,
          ]
        : []),
      ...(wins.length > 0
        ? [
            {
              kind: "paragraph" as const,
              text: m.winsIntro(brand, comparisonOf(model.cover.period).kind === "full"),
            },
            ...wins,
          ]
        : []),
      tableOf(
        "evidence",
        [
          col("kind", k.quotedFor, "text"),
          col("prompt", k.prompt, "text"),
          col("platform", k.platform, "platform"),
          col("date", k.date, "date"),
          col("excerpt", k.excerpt, "text"),
          col("competitors", k.competitorsNamed, "text"),
          col("mention_rate", k.promptMentionRate, "percent"),
          col("delta", k.deltaPromptMentionRate, "delta_pp"),
        ],
        e.value.map((item) => ({
          kind: item.kind === "gap" ? m.opportunity : m.whereNamed,
          prompt: item.promptText,
          platform: item.platform,
          date: day(item),
          excerpt: item.segments.map((s) => s.text).join(""),
          competitors: item.competitors.join(", "),
          mention_rate: item.mentionRate,
          delta: item.delta,
        })),
        m.empty,
        { workbookOnly: true },
      ),
    ];
  });
