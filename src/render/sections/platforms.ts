import { platformName } from "../../format/figures.js";
import {
  col,
  deltaCol,
  fromSections,
  rateColumns,
  rateStatColumns,
  ratesChart,
  type SectionDrafter,
  statCells,
  statColumns,
  withRateStats,
} from "./_helpers.js";

/** Rates per AI platform with their changes. */
export const platforms: SectionDrafter = (model, lang) =>
  fromSections("platforms", model, lang, (s) => {
    const rows = s.platforms.rows;
    const c = lang.m.columns;
    return [
      ratesChart(
        {
          id: "platforms",
          title: lang.m.charts.byPlatform,
          type: "bar",
          labels: rows.map((r) => platformName(r.platform)),
          height: 220,
        },
        rows,
        lang,
      ),
      {
        kind: "table",
        id: "platforms",
        columns: [
          col("platform", c.platform, "platform"),
          col("snapshots", c.answers, "count"),
          ...rateColumns(lang),
          col("share_of_voice", c.shareOfVoice, "percent"),
          deltaCol("sov_delta", c.deltaShare, "sov"),
          ...rateStatColumns(lang),
          ...statColumns("sov", "share", lang),
        ],
        rows: rows.map(({ sov_stats, ...r }) => ({ ...withRateStats(r), ...statCells("sov", sov_stats) })),
        emptyText: lang.m.platforms.empty,
      },
    ];
  });
