import { CONTENT_STATUSES } from "../../contract/index.js";
import { col, localDay, notice, type SectionDrafter, stageLabel, tableOf } from "./_helpers.js";

/**
 * Statuses a client reads, in plain words: a failed generation is the agency's pipeline, not the
 * client's content, so it is counted only on the full profile's technical sheet with the API's
 * own status names (docs/decisions.md, "Nothing internal reaches a client").
 */
const CLIENT_STATUSES = CONTENT_STATUSES.filter((s) => s !== "FAILED");

/** Content pipeline: ideas, planned and produced articles. */
export const content: SectionDrafter = (model, lang) => {
  const c = model.content;
  const { columns: k, content: m } = lang.m;
  const title = lang.m.sections.content;
  const statusOf = (status: string) => lang.m.values.contentStatus[status] ?? status;
  if (!c.ok) return { key: "content", title, blocks: [notice(c, lang)] };
  const { views, byStatus } = c.value;
  const tz = model.cover.timezone;
  const counted = CLIENT_STATUSES.flatMap((status) =>
    byStatus[status] ? [m.statusCount(byStatus[status], statusOf(status))] : [],
  );
  // No item in any view (a project imported from CSV): one sentence says so, and the empty lists
  // stay in the workbook only, where every month's workbook keeps the same sheets.
  const noData = views.IDEAS.length + views.PLANNED.length + views.PRODUCED.length === 0;
  const list = noData ? { workbookOnly: true } : {};
  // Ideas and planned articles share the title and buyer-stage columns (produced ones the title).
  const titleCol = col("title", k.title, "text");
  const stageCol = col("buyer_stage", k.buyerStage, "text");
  const staged = <T extends { buyer_stage?: string | null }>(i: T) => ({
    ...i,
    buyer_stage: stageLabel(i.buyer_stage, lang),
  });
  return {
    key: "content",
    title,
    blocks: [
      // One sentence on the page; the table for the workbook's filters.
      noData
        ? { kind: "notice", text: m.noData }
        : { kind: "paragraph", text: counted.length === 0 ? m.none : m.byStatus(counted) },
      tableOf(
        "content-status",
        [col("status", k.status, "text"), col("items", k.items, "count")],
        CLIENT_STATUSES.map((status) => ({ status: statusOf(status), items: byStatus[status] ?? 0 })),
        m.none,
        { title: m.itemsByStatus, workbookOnly: true },
      ),
      tableOf(
        "content-pipeline",
        [col("status", k.status, "text"), col("items", k.items, "count")],
        CONTENT_STATUSES.map((status) => ({ status, items: byStatus[status] ?? 0 })),
        m.none,
        { title: m.pipeline, workbookOnly: true, technical: true },
      ),
      tableOf(
        "content-ideas",
        [
          titleCol,
          stageCol,
          // The agent or person that proposed the idea: the agency's tooling.
          { ...col("source", k.source, "text"), technical: true },
          col("created", k.created, "date"),
        ],
        views.IDEAS.map((i) => ({ ...staged(i), created: localDay(i.createdAt, tz) })),
        m.noIdeas,
        { title: m.ideas, ...list },
      ),
      tableOf(
        "content-planned",
        [col("planned_for", k.plannedFor, "date"), titleCol, stageCol],
        views.PLANNED.map((i) => ({ ...staged(i), planned_for: i.config.planned_for })),
        m.nothingPlanned,
        { title: m.planned, ...list },
      ),
      tableOf(
        "content-produced",
        [
          titleCol,
          col("status", k.status, "text"),
          col("published_on", k.published, "date"),
          col("post_url", k.url, "url"),
        ],
        views.PRODUCED.filter((i) => i.status !== "FAILED").map((i) => ({
          ...i,
          status: statusOf(i.status),
          published_on: localDay(i.published_on, tz),
        })),
        m.nothingProduced,
        { title: m.produced, ...list },
      ),
    ],
  };
};
