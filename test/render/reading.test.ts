/**
 * The report reads as laid out, in real Chromium (docs/decisions.md, "Layout of the page
 * formats"): no word broken mid-word in any language, KPI figures in line whatever their labels'
 * lengths, and the HTML report at a phone's 390 px without sideways scrolling.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FULL, presentationOf } from "../../src/config/presentation.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { closeBrowser } from "../../src/render/backends/pdf/_browser.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { contentWidthMm } from "../../src/render/html/css.js";
import { presentView } from "../../src/render/present.js";
import type { ReportView } from "../../src/render/types.js";
import { smallReportData } from "../fixtures/report-data.js";
import { DEMO_VIEW_HOOK_TIMEOUT, demoView } from "../report/_demo-view.js";
import { readingOf } from "./_reading.js";

/** The printed text column in CSS pixels (A4 less its margins). */
const COLUMN_PX = Math.round((contentWidthMm({}) / 25.4) * 96);
const PHONE_PX = 390;

async function fixtureIn(locale: string): Promise<ReportView> {
  const { view } = await viewOf(smallReportData(), {
    formats: ["pdf"],
    branding: { agencyName: "Northwind", accentColor: "#123456", locale },
  });
  return presentView(view, FULL);
}

/** A view whose KPI labels are of very different lengths (one wraps, one does not). */
function longLabels(view: ReportView): ReportView {
  return {
    ...view,
    sections: view.sections.map((s) => ({
      ...s,
      blocks: s.blocks.map((b) =>
        b.kind === "kpis"
          ? {
              ...b,
              items: b.items.map((k, i) =>
                i === 0 ? { ...k, label: "Analysierte Antworten aller Plattformen" } : k,
              ),
            }
          : b,
      ),
    })),
  };
}

afterAll(async () => {
  await closeBrowser();
});

describe.each(["en-US", "de-DE", "fr-FR", "es-ES"])("the %s report", (locale) => {
  let view: ReportView;
  beforeAll(async () => {
    view = await fixtureIn(locale);
  }, 60_000);

  it("prints no word broken mid-word and KPI figures in line (the PDF's layout)", async () => {
    const read = await readingOf(renderHtml(longLabels(view), {}), COLUMN_PX, "print");
    expect(read.brokenWords).toEqual([]);
    expect(read.kpiRows.length).toBeGreaterThan(0);
    for (const row of read.kpiRows) expect(new Set(row).size, JSON.stringify(row)).toBe(1);
  });

  it("reads at 390 px as HTML: a viewport, no sideways scrolling, no word broken mid-word", async () => {
    const read = await readingOf(renderHtml(view, {}, "whole", "screen"), PHONE_PX, "screen");
    expect(read.viewport).toBe("width=device-width, initial-scale=1");
    expect(read.overflowPx).toBe(0);
    expect(read.brokenWords).toEqual([]);
  });
});

describe("the demo report, client profile", () => {
  let view: ReportView;
  beforeAll(async () => {
    view = presentView(await demoView(), presentationOf("client"));
  }, DEMO_VIEW_HOOK_TIMEOUT);

  it("prints no word broken mid-word and its KPI figures in line", async () => {
    const read = await readingOf(renderHtml(view, {}), COLUMN_PX, "print");
    expect(read.brokenWords).toEqual([]);
    for (const row of read.kpiRows) expect(new Set(row).size, JSON.stringify(row)).toBe(1);
  });

  it("reads at 390 px as HTML", async () => {
    const read = await readingOf(renderHtml(view, {}, "whole", "screen"), PHONE_PX, "screen");
    expect(read.overflowPx).toBe(0);
    expect(read.brokenWords).toEqual([]);
  });
});
