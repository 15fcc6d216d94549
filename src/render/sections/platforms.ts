import { platformName } from "../../format/figures.js";
import {
  col,
  deltaCol,
  fromSections,
  PROMPTS_COLUMN,
  ratesChart,
  type SectionDrafter,
  statCells,
  statColumns,
} from "./_helpers.js";

/** Rates per AI platform with their changes. */
export const platforms: SectionDrafter = (model) =>
  fromSections("platforms", model, (s) => {
    const rows = s.platforms.rows;
    return [
      ratesChart(
        {
          id: "platforms",
          title: "Mention and citation rate by platform",
          type: "bar",
          labels: rows.map((r) => platformName(r.platform)),
          height: 220,
        },
        rows,
      ),
      {
        kind: "table",
        id: "platforms",
        columns: [
          col("platform", "Platform", "platform"),
          col("snapshots", "Answers", "count"),
          col("mention_rate", "Mention rate", "percent"),
          deltaCol("mention_delta", "Δ mention", "mention"),
          col("citation_rate", "Citation rate", "percent"),
          deltaCol("citation_delta", "Δ citation", "citation"),
          col("share_of_voice", "Share of voice", "percent"),
          deltaCol("sov_delta", "Δ share", "sov"),
          PROMPTS_COLUMN,
          ...statColumns("mention", "mention"),
          ...statColumns("citation", "citation"),
          ...statColumns("sov", "share"),
        ],
        rows: rows.map(({ mention_stats, citation_stats, sov_stats, ...r }) => ({
          ...r,
          prompts: mention_stats.prompts,
          ...statCells("mention", mention_stats),
          ...statCells("citation", citation_stats),
          ...statCells("sov", sov_stats),
        })),
        emptyText: "No platform collected answers in this period.",
      },
    ];
  });
