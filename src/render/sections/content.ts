import { CONTENT_STATUSES } from "../../contract/index.js";
import { col, localDay, notice, type SectionDrafter, stageLabel } from "./_helpers.js";

/** Content pipeline: ideas, planned and produced articles. */
export const content: SectionDrafter = (model) => {
  const c = model.content;
  if (!c.ok) return { key: "content", title: "Content", blocks: [notice(c)] };
  const { views, byStatus } = c.value;
  const tz = model.cover.timezone;
  return {
    key: "content",
    title: "Content",
    blocks: [
      {
        kind: "table",
        id: "content-status",
        title: "Items by status",
        columns: [col("status", "Status", "text"), col("items", "Items", "count")],
        rows: CONTENT_STATUSES.map((status) => ({ status, items: byStatus[status] ?? 0 })),
        emptyText: "No content items.",
      },
      {
        kind: "table",
        id: "content-ideas",
        title: "Ideas",
        columns: [
          col("title", "Title", "text"),
          col("buyer_stage", "Buyer stage", "text"),
          col("source", "Source", "text"),
          col("created", "Created", "date"),
        ],
        rows: views.IDEAS.map((i) => ({
          title: i.title,
          buyer_stage: stageLabel(i.buyer_stage),
          source: i.source,
          created: localDay(i.createdAt, tz),
        })),
        emptyText: "No ideas.",
      },
      {
        kind: "table",
        id: "content-planned",
        title: "Planned",
        columns: [
          col("planned_for", "Planned for", "date"),
          col("title", "Title", "text"),
          col("buyer_stage", "Buyer stage", "text"),
        ],
        rows: views.PLANNED.map((i) => ({
          planned_for: i.config.planned_for,
          title: i.title,
          buyer_stage: stageLabel(i.buyer_stage),
        })),
        emptyText: "Nothing is planned.",
      },
      {
        kind: "table",
        id: "content-produced",
        title: "Produced",
        columns: [
          col("title", "Title", "text"),
          col("status", "Status", "text"),
          col("published_on", "Published", "date"),
          col("post_url", "URL", "url"),
        ],
        rows: views.PRODUCED.map((i) => ({
          title: i.title,
          status: i.status,
          published_on: localDay(i.published_on, tz),
          post_url: i.post_url,
        })),
        emptyText: "Nothing has been produced.",
      },
    ],
  };
};
