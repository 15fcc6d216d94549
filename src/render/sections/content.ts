import { CONTENT_STATUSES } from "../../contract/index.js";
import { col, localDay, notice, type SectionDrafter, stageLabel, tableOf } from "./_helpers.js";

/** Content pipeline: ideas, planned and produced articles. */
export const content: SectionDrafter = (model, lang) => {
  const c = model.content;
  const { columns: k, content: m } = lang.m;
  const title = lang.m.sections.content;
  const statusOf = (status: string) => lang.m.values.contentStatus[status] ?? status;
  if (!c.ok) return { key: "content", title, blocks: [notice(c, lang)] };
  const { views, byStatus } = c.value;
  const tz = model.cover.timezone;
  const counted = CONTENT_STATUSES.flatMap((status) =>
    byStatus[status] ? [m.statusCount(byStatus[status], statusOf(status))] : [],
  );
  return {
    key: "content",
    title,
    blocks: [
      // One sentence on the page; the table for the workbook's filters.
      {
        kind: "paragraph",
        text: counted.length === 0 ? m.none : m.byStatus(counted),
      },
      tableOf(
        "content-status",
        [col("status", k.status, "text"), col("items", k.items, "count")],
        CONTENT_STATUSES.map((status) => ({ status: statusOf(status), items: byStatus[status] ?? 0 })),
        m.none,
        { title: m.itemsByStatus, workbookOnly: true },
      ),
      tableOf(
        "content-ideas",
        [
          col("title", k.title, "text"),
          col("buyer_stage", k.buyerStage, "text"),
          col("source", k.source, "text"),
          col("created", k.created, "date"),
        ],
        views.IDEAS.map((i) => ({
          ...i,
          buyer_stage: stageLabel(i.buyer_stage, lang),
          created: localDay(i.createdAt, tz),
        })),
        m.noIdeas,
        { title: m.ideas },
      ),
      tableOf(
        "content-planned",
        [
          col("planned_for", k.plannedFor, "date"),
          col("title", k.title, "text"),
          col("buyer_stage", k.buyerStage, "text"),
        ],
        views.PLANNED.map((i) => ({
          ...i,
          planned_for: i.config.planned_for,
          buyer_stage: stageLabel(i.buyer_stage, lang),
        })),
        m.nothingPlanned,
        { title: m.planned },
      ),
      tableOf(
        "content-produced",
        [
          col("title", k.title, "text"),
          col("status", k.status, "text"),
          col("published_on", k.published, "date"),
          col("post_url", k.url, "url"),
        ],
        views.PRODUCED.map((i) => ({
          ...i,
          status: statusOf(i.status),
          published_on: localDay(i.published_on, tz),
        })),
        m.nothingProduced,
        { title: m.produced },
      ),
    ],
  };
};
