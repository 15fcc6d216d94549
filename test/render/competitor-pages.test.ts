import { describe, expect, it } from "vitest";
import { presentationOf } from "../../src/config/presentation.js";
import type { ReportSectionOf } from "../../src/contract/index.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { presentView } from "../../src/render/present.js";
import { smallReportData } from "../fixtures/report-data.js";

type Row = ReportSectionOf<"competitor_pages">["rows"][number];

/** A competitor page with only what the table shows varying. */
function page(competitor: string, url: string, citations: number): Row {
  return {
    competitor_id:
      competitor === "Alpha"
        ? "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"
        : "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
    competitor_name: competitor,
    folder: "/",
    url,
    citations,
    citations_delta: 0,
    citation_rate: citations / 100,
    citation_rate_delta: 0,
    unique_prompts: 1,
    unique_prompts_delta: 0,
  };
}

describe("competitor pages", () => {
  it("lists the most cited pages first across competitors, so a trimmed table keeps the real top", async () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture");
    const section = data.report.value.sections.find(
      (s) => s.key === "competitor_pages",
    ) as ReportSectionOf<"competitor_pages">;
    // The API's order: competitors by name, each one's pages most cited first.
    section.rows = [
      page("Alpha", "alpha.com/a", 3),
      page("Alpha", "alpha.com/b", 1),
      page("Beta", "beta.com/x", 9),
      page("Beta", "beta.com/y", 2),
    ];
    section.totals = { pages: 4 };
    const { view } = await viewOf(data, {
      formats: ["md"],
      branding: { agencyName: "N", accentColor: "#123456", locale: "en-US" },
    });
    const urls = (v: typeof view) => {
      const t = v.sections.find((s) => s.key === "competitor_pages")?.blocks.find((b) => b.kind === "table");
      return t?.kind === "table" ? t.rows.map((r) => r.url) : [];
    };
    expect(urls(view)).toEqual(["beta.com/x", "alpha.com/a", "beta.com/y", "alpha.com/b"]);
    const trimmed = presentView(view, presentationOf("client", { rows: { competitor_pages: 2 } }));
    expect(urls(trimmed)).toEqual(["beta.com/x", "alpha.com/a"]);
  });
});
