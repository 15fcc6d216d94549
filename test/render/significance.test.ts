/** Table changes in the PDF: coloured only when significant (docs/metrics.md, "Intervals and significance"). */
import type ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { buildWorkbook } from "../../src/render/backends/xlsx/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { deltaCol } from "../../src/render/sections/_helpers.js";
import type { ReportView } from "../../src/render/types.js";
import { sampleView } from "../fixtures/sample-view.js";

const base = sampleView();
const view: ReportView = {
  ...base,
  sections: [
    {
      key: "platforms",
      title: "Platforms",
      blocks: [
        {
          kind: "table",
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
        },
      ],
    },
  ],
};

describe("table changes", () => {
  it("are green or red when significant and grey when not, whatever their sign", () => {
    const html = renderHtml(view);
    expect(html).toContain('tone--up">+3.1\u00a0pp<');
    expect(html).toContain('tone--none">−0.3\u00a0pp<');
    expect(html).toContain('tone--down">−9.0\u00a0pp<');
  });
});

describe("table changes in the workbook", () => {
  it("are coloured by conditional formats only where the row's significance flag is true", () => {
    const ws = buildWorkbook(view).getWorksheet("Platforms");
    const formats = (ws as unknown as { conditionalFormattings: ExcelJS.ConditionalFormattingOptions[] })
      .conditionalFormattings;
    expect(formats).toHaveLength(1);
    const [format] = formats;
    const first = /^B(\d+):B(\d+)$/.exec(format!.ref);
    expect(first).not.toBeNull();
    const row = first![1];
    // Column B holds the change, column C its flag (workbook-only): relative to the range's first row.
    expect(format!.rules.map((r) => (r.type === "expression" ? r.formulae : r.type))).toEqual([
      [`AND($C${row}=TRUE,B${row}>0)`],
      [`AND($C${row}=TRUE,B${row}<0)`],
    ]);
    expect(Number(first![2]) - Number(row)).toBe(2);
    // The flags are real booleans, so the rule reads them as Excel and LibreOffice store them.
    expect([0, 1, 2].map((i) => ws!.getCell(Number(row) + i, 3).value)).toEqual([true, false, true]);
  });
});
