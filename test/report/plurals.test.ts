/**
 * Plurals right in every sentence of the report: the sentences built with
 * counts say "1 tracked prompt on 1 platform" and "2 tracked prompts on 2 platforms", in the
 * view every format renders.
 */
import { describe, expect, it } from "vitest";
import { viewOf } from "../../src/pipeline/plan.js";
import { presentView } from "../../src/render/present.js";
import type { ReportView } from "../../src/render/types.js";
import type { ReportData } from "../../src/report/model.js";
import { smallReportData } from "../fixtures/report-data.js";

const BRANDING = { agencyName: "Northwind", accentColor: "#123456", locale: "en-US" };

/** The small report with its summary totals and page count replaced. */
function withCounts(counts: {
  prompts: number;
  platforms: number;
  competitors: number;
  pages: number;
}): ReportData {
  const data = smallReportData();
  if (!data.report.ok) throw new Error("fixture without report");
  const sections = data.report.value.sections.map((s) => {
    if (s.key === "summary")
      return {
        ...s,
        totals: {
          ...s.totals,
          prompts: counts.prompts,
          platforms: counts.platforms,
          competitors: counts.competitors,
        },
      };
    if (s.key === "your_pages") return { ...s, totals: { ...s.totals, pages: counts.pages } };
    return s;
  });
  return {
    ...data,
    report: { ok: true, value: { ...data.report.value, sections } as typeof data.report.value },
  };
}

/** Every sentence of the view: paragraphs, notices, bullets and table notes. */
function sentences(view: ReportView): string[] {
  return view.sections.flatMap((s) =>
    s.blocks.flatMap((b) =>
      b.kind === "paragraph" || b.kind === "notice"
        ? [b.text]
        : b.kind === "bullets"
          ? b.items
          : b.kind === "table" && b.note
            ? [b.note]
            : [],
    ),
  );
}

describe("plurals in the report's sentences", () => {
  it("one of each", async () => {
    const { view } = await viewOf(withCounts({ prompts: 1, platforms: 1, competitors: 1, pages: 1 }), {
      formats: ["md"],
      branding: BRANDING,
    });
    const text = sentences(view);
    expect(text).toContain("1 tracked prompt on 1 platform, compared with 1 competitor.");
    // The table lists its one page: no "1 page cited in all" repeats its count.
    expect(text.filter((t) => t.includes("cited in all"))).toEqual([]);
  });

  it("two of each", async () => {
    const { view } = await viewOf(withCounts({ prompts: 2, platforms: 2, competitors: 2, pages: 2 }), {
      formats: ["md"],
      branding: BRANDING,
    });
    const text = sentences(view);
    expect(text).toContain("2 tracked prompts on 2 platforms, compared with 2 competitors.");
    // The table lists one of them, so the note gives the total.
    expect(text).toContain("2 pages cited in all.");
  });

  it("the methodology's volume and a cut table's note", async () => {
    const { view } = await viewOf(smallReportData(), { formats: ["md"], branding: BRANDING });
    expect(sentences(view)).toContain(
      "This report rests on 8 answers (snapshots) to 2 tracked prompts, collected from 2 platforms (ChatGPT, Perplexity).",
    );
    const cut = presentView(view, {
      profile: "full",
      sections: ["prompts", "your_pages"],
      rows: { prompts: 1, your_pages: 0 },
    });
    // One prompt of two left out is printed, not pointed to (test/render/present.test.ts).
    expect(sentences(cut).join(" ")).not.toContain("The first 1 of 2 prompts");
    // The fixture has one cited page of the brand: a table left to the workbook says so in the singular.
    expect(sentences(cut)).toContain(
      'The table of its one page is in the workbook (sheet "Your cited pages").',
    );
  });
});
