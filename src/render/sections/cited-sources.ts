import type { CitationsByOwner, CitedSource } from "../../contract/index.js";
import { countOf } from "../../format/plural.js";
import { described } from "../chart-alt.js";
import { col, fromSections, type SectionDrafter, tableOf } from "./_helpers.js";

// Domains a chart or an owner's "top domains" lists: the chart stays readable on one page.
const TOP = 10;
const TOP_PER_OWNER = 3;
// Competitors keep the palette's second colour, everyone else a neutral grey, in every report;
// the brand's series takes the agency accent (build-view colours the first series).
const COMPETITOR_COLOUR = "#f28e2b";
const OTHER_COLOUR = "#9aa5b1";

type Owner = keyof CitationsByOwner;
const OWNERS: readonly Owner[] = ["you", "competitor", "other"];
const ownerOf = (row: CitedSource): Owner => row.tag ?? "other";
/** A domain's owner in its row (the group table names the groups). */
const ROW_OWNER: Record<Owner, string> = { you: "Yours", competitor: "Competitor", other: "Other" };

/**
 * The domains AI answers cite most (top 50), and whose pages they are: the brand's own domains,
 * tracked competitors', or anyone else's (docs/metrics.md, Cited sources).
 */
export const citedSources: SectionDrafter = (model) =>
  fromSections("cited_sources", model, (s) => {
    const c = s.cited_sources;
    const byOwner = c.totals.citations_by_owner;
    const labels: Record<Owner, string> = {
      you: `${model.cover.brand} (yours)`,
      competitor: "Competitors",
      other: "Other sites",
    };
    const top = c.rows.slice(0, TOP);
    const series = (owner: Owner) => top.map((r) => (ownerOf(r) === owner ? r.share : null));
    return [
      {
        kind: "chart",
        spec: described({
          id: "cited-sources",
          title: "Top cited domains by owner (share of citations)",
          // Stacked, so each domain is one full-width bar coloured by its owner.
          type: "stacked_bar",
          labels: top.map((r) => r.value),
          datasets: [
            { label: labels.you, data: series("you") },
            { label: labels.competitor, data: series("competitor"), color: COMPETITOR_COLOUR },
            { label: labels.other, data: series("other"), color: OTHER_COLOUR },
          ],
          valueType: "percent",
          width: 680,
          height: Math.max(180, 60 + top.length * 28),
        }),
      },
      tableOf(
        "cited-owners",
        [
          col("owner", "Owner", "text"),
          col("citations", "Citations", "count"),
          col("share", "Share", "percent"),
          col("top", `Most cited (top ${TOP_PER_OWNER})`, "text"),
        ],
        c.totals.total_citations === 0
          ? []
          : OWNERS.map((owner) => ({
              owner: labels[owner],
              citations: byOwner[owner],
              share: byOwner[owner] / c.totals.total_citations,
              top:
                c.rows
                  .filter((r) => ownerOf(r) === owner)
                  .slice(0, TOP_PER_OWNER)
                  .map((r) => r.value)
                  .join(", ") || null,
            })),
        "No citations in this period.",
        { title: "By owner" },
      ),
      {
        kind: "table",
        id: "cited-sources",
        title: "Domains",
        columns: [
          col("rank", "Rank", "count"),
          col("value", "Domain", "url"),
          col("citations", "Citations", "count"),
          col("share", "Share", "percent"),
          col("tag", "Owner", "text"),
        ],
        rows: c.rows.map((r) => ({ ...r, tag: ROW_OWNER[ownerOf(r)] })),
        emptyText: "No citations in this period.",
        note: `${countOf(c.totals.total_citations, "citation")} in all.`,
      },
    ];
  });
