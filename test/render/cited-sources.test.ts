import { describe, expect, it } from "vitest";
import { viewOf } from "../../src/pipeline/plan.js";
import type { Block } from "../../src/render/types.js";
import { smallReportData } from "../fixtures/report-data.js";

type Table = Extract<Block, { kind: "table" }>;

/**
 * The fixture's cited sources: example.org 3 citations (nobody's), acme.com 1 (the brand's), 4 in
 * all; by owner you 1, competitor 0, other 3.
 */
describe("cited sources by owner", () => {
  it("groups the period's citations by owner with shares and each group's most cited domains", async () => {
    const { view } = await viewOf(smallReportData(), {
      formats: ["md"],
      branding: { agencyName: "N", accentColor: "#123456", locale: "en-US" },
    });
    const section = view.sections.find((s) => s.key === "cited_sources")!;
    const tables = section.blocks.filter((b): b is Table => b.kind === "table");
    expect(tables.map((t) => t.title)).toEqual(["By owner", "Domains"]);
    expect(tables[0]!.rows).toEqual([
      { owner: `${view.cover.brand} (yours)`, citations: 1, share: 1 / 4, top: "acme.com" },
      { owner: "Competitors", citations: 0, share: 0, top: null },
      { owner: "Other sites", citations: 3, share: 3 / 4, top: "example.org" },
    ]);
    expect(tables[1]!.rows.map((r) => [r.value, r.tag])).toEqual([
      ["example.org", "Other"],
      ["acme.com", "Yours"],
    ]);
    // One bar per domain, in its owner's series: the brand's first (the accent), then competitors, others.
    const chart = section.blocks.find((b) => b.kind === "chart");
    if (chart?.kind !== "chart") throw new Error("no chart");
    expect(chart.chart.type).toBe("stacked_bar");
    expect(chart.chart.labels).toEqual(["example.org", "acme.com"]);
    expect(chart.chart.datasets.map((d) => [d.label, d.data, d.color])).toEqual([
      [`${view.cover.brand} (yours)`, [null, 1 / 4], "#123456"],
      ["Competitors", [null, null], "#f28e2b"],
      ["Other sites", [3 / 4, null], "#9aa5b1"],
    ]);
  });
});
