import { BUYER_STAGES, type Topic } from "../../contract/index.js";
import { byShortfall } from "../../report/coverage-gap.js";
import { described } from "../chart-alt.js";
import type { DraftBlock } from "../types.js";
import { col, notice, PALETTE, type SectionDrafter, stageLabel } from "./_helpers.js";

/** The colour of pages not staged yet in the content map's chart. */
const UNSTAGED = "#9aa0a6";

/** The competitor with the most pages in a topic (the one a coverage gap is measured against). */
function topOf(t: Topic): Topic["competitors"][number] | undefined {
  return [...t.competitors].sort((a, b) => b.total - a.total)[0];
}

/** The topic matrix: your pages per topic and buyer stage against the top competitor. */
export const contentMap: SectionDrafter = (model, lang) => {
  const m = model.contentMap;
  const { columns: k, contentMap: say } = lang.m;
  const title = lang.m.sections.content_map;
  if (!m.ok) return { key: "content_map", title, blocks: [notice(m, lang)] };
  const { unclassified } = m.value;
  // The table's status says what each flag means for the client; the executive summary says it in
  // words (its claims, docs/claims.md). An untapped topic the client has published on is never
  // "untapped" here either.
  const own = new Set(model.claims.flatMap((c) => (c.kind === "topic-own-content" ? [c.topic.id] : [])));
  // The topics the summary names first, in its order (untapped, coverage gaps, published on), so
  // a page that shows the first rows only never leaves out a topic its summary names; then the rest.
  const flag = (t: Topic) => (own.has(t.id) ? 2 : t.is_untapped ? 0 : t.is_coverage_gap ? 1 : 3);
  // Coverage gaps largest first, as the summary names them.
  const topics = [...m.value.topics].sort(
    (a, b) => flag(a) - flag(b) || (flag(a) === 1 ? byShortfall(a, b) : 0),
  );
  // No page classified and none waiting (a project imported from CSV): the project has no content
  // data, which one sentence says; no empty chart, no "0 pages" (the table keeps the workbook's sheet).
  const noData = topics.length === 0 && unclassified === 0;
  const rows = topics.map((t) => {
    const top = topOf(t);
    return {
      topic: t.name,
      awareness: t.you.stages.AWARENESS,
      consideration: t.you.stages.CONSIDERATION,
      decision: t.you.stages.DECISION,
      na: t.you.stages.NA,
      you: t.you.total,
      top_competitor: top ? top.name : "",
      top_competitor_pages: top ? top.total : 0,
      status: own.has(t.id)
        ? say.publishedUnclassified
        : t.is_untapped
          ? say.untapped
          : t.is_coverage_gap
            ? say.coverageGap
            : "",
    };
  });
  const stage = (s: string) => stageLabel(s, lang);
  const p = model.cover.period;
  const notes = [
    ...(unclassified > 0 ? [say.unclassified(unclassified)] : []),
    ...(p && p.end < p.as_of && !noData ? [say.asOf(lang.f.date(p.as_of), lang.f.date(p.end))] : []),
  ];
  const table: DraftBlock = {
    kind: "table",
    id: "content-map",
    columns: [
      col("topic", k.topic, "text"),
      col("awareness", stage("AWARENESS"), "count"),
      col("consideration", stage("CONSIDERATION"), "count"),
      col("decision", stage("DECISION"), "count"),
      col("na", stage("NA"), "count"),
      col("you", k.yourPages, "count"),
      col("top_competitor", k.topCompetitor, "text"),
      col("top_competitor_pages", k.theirPages, "count"),
      col("status", k.status, "text"),
    ],
    rows,
    emptyText: noData ? say.noData : say.empty,
    // "0 of your pages are not classified" says nothing. A period that ended before the report's
    // day is told that the map is today's: pages are not dated back to the period's end.
    ...(notes.length > 0 ? { note: notes.join(" ") } : {}),
    ...(noData ? { workbookOnly: true } : {}),
  };
  if (noData) {
    return { key: "content_map", title, blocks: [{ kind: "notice", text: say.noData }, table] };
  }
  return {
    key: "content_map",
    title,
    blocks: [
      {
        kind: "chart",
        spec: described(
          {
            id: "content-map",
            title: lang.m.charts.pagesByTopic,
            type: "stacked_bar",
            labels: topics.map((t) => t.name),
            datasets: BUYER_STAGES.map((s, i) => ({
              label: stage(s),
              data: topics.map((t) => t.you.stages[s]),
              // Pages without a stage are no category of their own: grey, never the palette's red,
              // which the report's legend reads as bad news.
              color: s === "NA" ? UNSTAGED : (PALETTE[i] ?? UNSTAGED),
            })),
            valueType: "count",
            width: 680,
            height: Math.max(180, 60 + topics.length * 18),
          },
          lang,
        ),
      },
      // The chart counts classified pages, so a topic the client has just published on draws no
      // bar beside a summary that says it was published: one sentence says why.
      ...(own.size > 0
        ? [
            {
              kind: "paragraph" as const,
              text: say.publishedNoBar(topics.filter((t) => own.has(t.id)).map((t) => t.name)),
            },
          ]
        : []),
      table,
    ],
  };
};
