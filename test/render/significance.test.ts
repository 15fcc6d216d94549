/** Table changes in the PDF: coloured only when significant (docs/metrics.md, "Intervals and significance"). */
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/backends/pdf/html.js";
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
    expect(html).toContain('tone--up">+3.1 pp<');
    expect(html).toContain('tone--none">−0.3 pp<');
    expect(html).toContain('tone--down">−9.0 pp<');
  });
});
