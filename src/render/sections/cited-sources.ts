import type { CitationsByOwner, CitedSource } from "../../contract/index.js";
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

/**
 * The domains AI answers cite most (top 50), and whose pages they are: the brand's own domains,
 * tracked competitors', or anyone else's (docs/metrics.md, Cited sources).
 */
export const citedSources: SectionDrafter = (model, lang) =>
  fromSections("cited_sources", model, lang, (s) => {
    const c = s.cited_sources;
    const byOwner = c.totals.citations_by_owner;
    const { columns: k, citedSources: m } = lang.m;
    const labels: Record<Owner, string> = {
      you: m.yours(model.cover.brand),
      competitor: m.competitors,
      other: m.otherSites,
    };
    const top = c.rows.slice(0, TOP);
    const series = (owner: Owner) => top.map((r) => (ownerOf(r) === owner ? r.share : null));
    return [
      {
        kind: "chart",
        spec: described(
          {
            id: "cited-sources",
            title: lang.m.charts.topCitedDomains,
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
            height: Math.max(180, 50 + top.length * 20),
          },
          lang,
        ),
      },
      tableOf(
        "cited-owners",
        [
          col("owner", k.owner, "text"),
          col("citations", k.citations, "count"),
          col("share", k.share, "percent"),
          col("top", k.mostCited(TOP_PER_OWNER), "text"),
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
        m.empty,
        { title: m.byOwner },
      ),
      {
        kind: "table",
        id: "cited-sources",
        title: m.domains,
        columns: [
          col("rank", k.rank, "count"),
          col("value", k.domain, "url"),
          col("citations", k.citations, "count"),
          col("share", k.share, "percent"),
          col("tag", k.owner, "text"),
        ],
        // A domain's owner in its row (the group table names the groups).
        rows: c.rows.map((r) => ({ ...r, tag: m.owners[ownerOf(r)] })),
        emptyText: m.empty,
        note: m.note(c.totals.total_citations),
      },
    ];
  });
