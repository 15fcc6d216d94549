import { BUYER_STAGES, type Topic } from "../../contract/index.js";
import { formatCount } from "../../format/figures.js";
import { countOf } from "../../format/plural.js";
import { described } from "../chart-alt.js";
import { col, notice, PALETTE, type SectionDrafter, stageLabel } from "./_helpers.js";

/** The competitor with the most pages in a topic (the one a coverage gap is measured against). */
function topOf(t: Topic): Topic["competitors"][number] | undefined {
  return [...t.competitors].sort((a, b) => b.total - a.total)[0];
}
const topName = (t: Topic) => topOf(t)?.name ?? "no competitor";
const topTotal = (t: Topic) => topOf(t)?.total ?? 0;

/** The topic matrix: your pages per topic and buyer stage against the top competitor. */
export const contentMap: SectionDrafter = (model) => {
  const m = model.contentMap;
  if (!m.ok) return { key: "content_map", title: "Content map", blocks: [notice(m)] };
  const { topics, untapped, gaps, unclassified } = m.value;
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
      status: t.is_untapped ? "Untapped" : t.is_coverage_gap ? "Coverage gap" : "",
    };
  });
  const bullets = [
    ...untapped.map(
      (t) =>
        `Untapped: ${t.name} — competitors have ${countOf(
          t.competitors.reduce((n, c) => n + c.total, 0),
          "page",
        )}, you have none.`,
    ),
    ...gaps.map(
      (t) =>
        `Coverage gap: ${t.name} — you have ${countOf(t.you.total, "page")}, ${topName(t)} has ${formatCount(topTotal(t))}.`,
    ),
  ];
  return {
    key: "content_map",
    title: "Content map",
    blocks: [
      {
        kind: "chart",
        spec: described({
          id: "content-map",
          title: "Your pages by topic and buyer stage",
          type: "stacked_bar",
          labels: topics.map((t) => t.name),
          datasets: BUYER_STAGES.map((stage, i) => ({
            label: stageLabel(stage),
            data: topics.map((t) => t.you.stages[stage]),
            color: PALETTE[i] ?? "#999999",
          })),
          valueType: "count",
          width: 680,
          height: Math.max(200, 60 + topics.length * 22),
        }),
      },
      ...(bullets.length > 0 ? [{ kind: "bullets" as const, items: bullets }] : []),
      {
        kind: "table",
        id: "content-map",
        columns: [
          col("topic", "Topic", "text"),
          col("awareness", "Awareness", "count"),
          col("consideration", "Consideration", "count"),
          col("decision", "Decision", "count"),
          col("na", "Not staged", "count"),
          col("you", "Your pages", "count"),
          col("top_competitor", "Top competitor", "text"),
          col("top_competitor_pages", "Their pages", "count"),
          col("status", "Status", "text"),
        ],
        rows,
        emptyText: "No topics have been induced yet.",
        note: `${formatCount(unclassified)} of your pages ${unclassified === 1 ? "is" : "are"} not classified yet.`,
      },
    ],
  };
};
