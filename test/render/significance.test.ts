/** Table changes in the PDF: coloured only when significant (docs/metrics.md, "Intervals and significance"). */
import { describe, expect, it } from "vitest";
import { buildWorkbook } from "../../src/render/backends/xlsx/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { deltaCol } from "../../src/render/sections/_helpers.js";
import type { ReportView } from "../../src/render/types.js";
import { sampleView, tableSection } from "../fixtures/sample-view.js";

const view: ReportView = sampleView({
  sections: [
    tableSection("platforms", "Platforms", {
      id: "platforms",
      columns: [
        { key: "platform", label: "Platform", type: "platform" },
        deltaCol("mention_delta", "Δ mention", "mention"),
        { key: "mention_significant", label: "significant", type: "boolean", workbookOnly: true },
      ],
      rows: [
        { platform: "chatgpt", mention_delta: 0.031, mention_significant: true },
        { platform: "claude", mention_delta: -0.003, mention_significant: false },
        { platform: "grok", mention_delta: -0.09, mention_significant: true },
      ],
      emptyText: "",
    }),
  ],
});

describe("table changes", () => {
  it("are green or red when significant and grey when not, whatever their sign", () => {
    const html = renderHtml(view);
    expect(html).toContain('tone--good">+3.1\u00a0pp<');
    expect(html).toContain('tone--neutral">−0.3\u00a0pp<');
    expect(html).toContain('tone--bad">−9.0\u00a0pp<');
  });
});

describe("table changes in the workbook", () => {
  it("are green or red only where the row's significance flag is true, else grey", () => {
    const ws = buildWorkbook(view).getWorksheet("Platforms")!;
    const row = 2;
    // Column B holds the change, column C its flag (workbook-only).
    expect([0, 1, 2].map((i) => ws.getCell(row + i, 2).font?.color?.argb)).toEqual([
      "FF1E7B34",
      "FF6B7480",
      "FFC0392B",
    ]);
    expect([0, 1, 2].map((i) => ws.getCell(row + i, 3).value)).toEqual([true, false, true]);
  });
});
