import { describe, expect, it } from "vitest";
import { FULL, presentationOf } from "../../src/config/presentation.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { presentView } from "../../src/render/present.js";
import type { ReportView } from "../../src/render/types.js";
import { sampleView } from "../fixtures/sample-view.js";

type Table = Extract<ReportView["sections"][number]["blocks"][number], { kind: "table" }>;
const tableOf = (view: ReportView, key: string): Table =>
  view.sections.find((s) => s.key === key)!.blocks.find((b): b is Table => b.kind === "table")!;

/** The sample view's prompts table has 3 rows, its trend table 3 days. */
describe("presentView (what the page formats show)", () => {
  const view = sampleView();

  it("is the view itself under the full profile, with the legend of the colours under the first coloured figures", () => {
    const shown = presentView(view, FULL);
    // The sample's key figures carry no significance test (grey): its prompts table's tested
    // changes are the first news, and the legend follows them.
    const kinds = (key: string) => shown.sections.find((s) => s.key === key)!.blocks.map((b) => b.kind);
    expect(kinds("summary")).toEqual(["kpis"]);
    expect(kinds("prompts")).toEqual(["table", "legend"]);
    const strip = (v: ReportView) =>
      v.sections.map((s) => ({ ...s, blocks: s.blocks.filter((b) => b.kind !== "legend") }));
    expect(strip(shown)).toEqual(view.sections);
  });

  it("keeps the chosen sections in the chosen order", () => {
    const shown = presentView(view, { ...FULL, sections: ["methodology", "summary"] });
    expect(shown.sections.map((s) => s.key)).toEqual(["methodology", "summary"]);
  });

  it("cuts a main table to its rows and says how much it shows and where the rest is", () => {
    const shown = presentView(view, { ...FULL, rows: { prompts: 1 } });
    const table = tableOf(shown, "prompts");
    expect(table.rows).toEqual(tableOf(view, "prompts").rows.slice(0, 1));
    expect(table.note).toBe('The first 1 of 3 prompts; all of them are in the workbook (sheet "Prompts").');
    // One row left out is printed rather than hidden behind a note that takes its line.
    const two = tableOf(presentView(view, { ...FULL, rows: { prompts: 2 } }), "prompts");
    expect([two.rows, two.note]).toEqual([tableOf(view, "prompts").rows, undefined]);
  });

  it("without the workbook, cuts a table only where three rows or more are left out", () => {
    // The fixture's 3 prompts: cut to 1 with the workbook, where the rest are.
    expect(tableOf(presentView(view, { ...FULL, rows: { prompts: 1 } }, true), "prompts").rows).toHaveLength(
      1,
    );
    // Without it, leaving out 1 or 2 rows would lose them: the table is printed whole, without a note.
    for (const rows of [1, 2]) {
      const table = tableOf(presentView(view, { ...FULL, rows: { prompts: rows } }, false), "prompts");
      expect(table.rows).toEqual(tableOf(view, "prompts").rows);
      expect(table.note).toBeUndefined();
    }
    // Left out whole (0 rows) by the profile's choice, it stays out.
    expect(
      presentView(view, { ...FULL, rows: { prompts: 0 } }, false)
        .sections.find((s) => s.key === "prompts")
        ?.blocks.some((b) => b.kind === "table"),
    ).toBe(false);
  });

  it("keeps the table's own note after the trimming note", () => {
    const withNote = sampleView();
    tableOf(withNote, "prompts").note = "Rates over 3 platforms.";
    expect(tableOf(presentView(withNote, { ...FULL, rows: { prompts: 1 } }), "prompts").note).toBe(
      'The first 1 of 3 prompts; all of them are in the workbook (sheet "Prompts"). Rates over 3 platforms.',
    );
  });

  it("leaves a table of 0 rows to the workbook with one sentence in its place", () => {
    const shown = presentView(view, { ...FULL, rows: { trend: 0 } });
    const trend = shown.sections.find((s) => s.key === "trend")!;
    expect(trend.blocks.some((b) => b.kind === "table")).toBe(false);
    expect(trend.blocks).toContainEqual({
      kind: "paragraph",
      text: 'The table of all 3 days is in the workbook (sheet "Trend").',
      aside: true,
    });
    // The chart stays.
    expect(trend.blocks.some((b) => b.kind === "chart")).toBe(true);
  });

  it("sets that sentence as a table's note is, not as the section's prose", () => {
    const html = renderHtml(presentView(view, { ...FULL, rows: { trend: 0 } }), {}, "body");
    expect(html).toContain(
      '<p class="note">The table of all 3 days is in the workbook (sheet &quot;Trend&quot;).</p>',
    );
    expect(html).not.toContain('<p class="paragraph">The table of all');
  });

  it("says both, not all 2, of a table of two rows it leaves to the workbook", () => {
    const two = sampleView();
    const trend = two.sections.find((s) => s.key === "trend")!;
    const table = trend.blocks.find((b): b is Table => b.kind === "table")!;
    table.rows = table.rows.slice(0, 2);
    const shown = presentView(two, { ...FULL, rows: { trend: 0 } }).sections.find((s) => s.key === "trend")!;
    expect(shown.blocks).toContainEqual({
      kind: "paragraph",
      text: 'The table of both days is in the workbook (sheet "Trend").',
      aside: true,
    });
  });

  it('names the sheet the workbook gives the table: "Section – Table" when a section has several', () => {
    const two = sampleView();
    const prompts = two.sections.find((s) => s.key === "prompts")!;
    prompts.blocks.unshift({
      kind: "table",
      id: "by-platform",
      title: "By platform",
      columns: [],
      rows: [],
      emptyText: "",
    });
    const shown = presentView(two, { ...FULL, rows: { prompts: 1 } }).sections.find(
      (s) => s.key === "prompts",
    )!;
    expect(shown.blocks.find((b): b is Table => b.kind === "table" && b.id === "prompts")!.note).toBe(
      'The first 1 of 3 prompts; all of them are in the workbook (sheet "Prompts – Prompts").',
    );
  });

  it("leaves a table that already fits untouched, note included", () => {
    const shown = presentView(view, { ...FULL, rows: { prompts: 3 } });
    expect(tableOf(shown, "prompts")).toBe(tableOf(view, "prompts"));
  });

  it("never changes the view it is given (the workbook still gets every row)", () => {
    const before = JSON.stringify(view);
    presentView(view, presentationOf("client"));
    expect(JSON.stringify(view)).toBe(before);
  });

  it("adds a paragraph's pointer to the workbook when the run makes it, and drops it when not", () => {
    const intro = {
      kind: "paragraph" as const,
      text: "One action per theme.",
      workbookPointer: "See the workbook.",
    };
    const pointing: ReportView = {
      ...view,
      sections: view.sections.map((s) => (s.key === "prompts" ? { ...s, blocks: [intro, ...s.blocks] } : s)),
    };
    const first = (v: ReportView) => v.sections.find((s) => s.key === "prompts")!.blocks[0];
    expect(first(presentView(pointing, FULL, true))).toEqual({
      kind: "paragraph",
      text: "One action per theme. See the workbook.",
    });
    expect(first(presentView(pointing, FULL, false))).toEqual({
      kind: "paragraph",
      text: "One action per theme.",
    });
  });
});
