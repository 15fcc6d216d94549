import { CONTENT_STATUSES } from "../../contract/index.js";
import { formatCount } from "../../format/figures.js";
import { col, localDay, notice, type SectionDrafter, stageLabel, tableOf } from "./_helpers.js";

/** Content pipeline: ideas, planned and produced articles. */
export const content: SectionDrafter = (model) => {
  const c = model.content;
  if (!c.ok) return { key: "content", title: "Content", blocks: [notice(c)] };
  const { views, byStatus } = c.value;
  const tz = model.cover.timezone;
  const counted = CONTENT_STATUSES.flatMap((status) =>
    byStatus[status] ? [`${formatCount(byStatus[status])} ${status}`] : [],
  );
  return {
    key: "content",
    title: "Content",
    blocks: [
      // One sentence on the page; the table for the workbook's filters.
      {
        kind: "paragraph",
        text: counted.length === 0 ? "No content items." : `Items by status: ${counted.join(", ")}.`,
      },
      tableOf(
        "content-status",
        [col("status", "Status", "text"), col("items", "Items", "count")],
        CONTENT_STATUSES.map((status) => ({ status, items: byStatus[status] ?? 0 })),
        "No content items.",
        { title: "Items by status", workbookOnly: true },
      ),
      tableOf(
        "content-ideas",
        [
          col("title", "Title", "text"),
          col("buyer_stage", "Buyer stage", "text"),
          col("source", "Source", "text"),
          col("created", "Created", "date"),
        ],
        views.IDEAS.map((i) => ({
          ...i,
          buyer_stage: stageLabel(i.buyer_stage),
          created: localDay(i.createdAt, tz),
        })),
        "No ideas.",
        { title: "Ideas" },
      ),
      tableOf(
        "content-planned",
        [
          col("planned_for", "Planned for", "date"),
          col("title", "Title", "text"),
          col("buyer_stage", "Buyer stage", "text"),
        ],
        views.PLANNED.map((i) => ({
          ...i,
          planned_for: i.config.planned_for,
          buyer_stage: stageLabel(i.buyer_stage),
        })),
        "Nothing is planned.",
        { title: "Planned" },
      ),
      tableOf(
        "content-produced",
        [
          col("title", "Title", "text"),
          col("status", "Status", "text"),
          col("published_on", "Published", "date"),
          col("post_url", "URL", "url"),
        ],
        views.PRODUCED.map((i) => ({ ...i, published_on: localDay(i.published_on, tz) })),
        "Nothing has been produced.",
        { title: "Produced" },
      ),
    ],
  };
};
