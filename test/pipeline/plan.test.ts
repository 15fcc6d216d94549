import { describe, expect, it } from "vitest";
import { SECTION_KEYS } from "../../src/config/section-keys.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { smallReportData } from "../fixtures/report-data.js";

const BRANDING = { agencyName: "Northwind", accentColor: "#123456", locale: "en-US" };

/** The plan step after the fetch: no browser, no file system, no clock; only fetched data in. */
describe("plan (viewOf)", () => {
  it("turns fetched data into the view every backend renders, every section in report order", async () => {
    const { view, findings } = await viewOf(smallReportData(), { formats: ["md"], branding: BRANDING });
    // Every section in report order; the agency's page only with the agency's input (docs/agency.md).
    expect(view.sections.map((s) => s.key)).toEqual(SECTION_KEYS.filter((k) => k !== "agency"));
    const notes = { agency: "### next_review\n\n2026-12-01" };
    const withInput = await viewOf(smallReportData(), { formats: ["md"], branding: BRANDING, notes });
    expect(withInput.view.sections.map((s) => s.key)).toEqual([...SECTION_KEYS]);
    expect(view.branding).toBe(BRANDING);
    expect(findings[0]?.text).toBe(
      "Mention rate rose significantly from 25.0% to 37.5% (+12.5\u00a0pp; 95% interval +5.0 to +20.0\u00a0pp).",
    );
    expect(view.name).toBe("acme-analytics-ai-visibility-7d-2026-11-01");
  });

  it("draws each chart only in the image kinds the requested formats show", async () => {
    const charts = async (formats: ("pdf" | "md" | "xlsx")[]) => {
      const { view } = await viewOf(smallReportData(), { formats, branding: BRANDING });
      return view.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === "chart" ? [b.chart] : [])));
    };
    const md = await charts(["md"]);
    expect(md.length).toBeGreaterThan(0);
    for (const c of md) expect(Object.keys(c.images)).toEqual(["png"]);
    for (const c of await charts(["pdf"])) expect(Object.keys(c.images)).toEqual(["svg"]);
    for (const c of await charts(["pdf", "xlsx"]))
      expect(Object.keys(c.images).sort()).toEqual(["png", "svg"]);
  });

  it("colours the first series of every chart with the agency accent", async () => {
    const { view } = await viewOf(smallReportData(), { formats: ["md"], branding: BRANDING });
    const first = view.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === "chart" ? [b.chart.datasets[0]?.color] : [])),
    );
    expect(first.length).toBeGreaterThan(0);
    expect(new Set(first)).toEqual(new Set(["#123456"]));
  });

  it("shows dates in the config file's timezone when it overrides the workspace's", async () => {
    const { view } = await viewOf(smallReportData(), {
      formats: ["md"],
      branding: BRANDING,
      timezone: "Pacific/Auckland",
    });
    expect(view.cover.timezone).toBe("Pacific/Auckland");
  });
});
