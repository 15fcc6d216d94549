import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser } from "../../src/render/backends/pdf/_browser.js";
import { backend as pdf } from "../../src/render/backends/pdf/backend.js";
import { MIN_ROWS_AT_BREAK, SHORT_TABLE_ROWS, tableBodies } from "../../src/render/html/context.js";
import type { Block, ReportView, Row } from "../../src/render/types.js";
import { testDir } from "../_tmp.js";
import { sampleView } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";
import { printedTables, strandedRows } from "./_table-breaks.js";

const LENGTHS = [4, 7, 8, 9, 12, 6, 25, 5, 10, 11, 13, 7, 9, 16, 8, 6, 30, 7, 11, 4, 14, 8];

/**
 * Tables of many lengths after intros of many lengths, so page breaks fall at every kind of
 * place in a table: its first rows, its last rows, its middle, just before it.
 */
function manyTablesView(): ReportView {
  const blocks: Block[] = LENGTHS.flatMap((n, t): Block[] => {
    const rows: Row[] = Array.from({ length: n }, (_, r) => ({
      text: `T${t}R${r} which analytics platform integrates with ${r % 3 === 0 ? "Salesforce and HubSpot for mid-market teams" : "Slack"}`,
      rate: (r + 1) / 100,
      count: 1000 + r,
    }));
    return [
      {
        kind: "paragraph",
        text: "An intro that varies in length, so that each table starts elsewhere on its page. ".repeat(
          1 + ((t * 5) % 9),
        ),
      },
      {
        kind: "table",
        id: `t${t}`,
        title: `Table ${t}`,
        columns: [
          { key: "text", label: "Prompt", type: "text" },
          { key: "rate", label: "Rate", type: "percent" },
          { key: "count", label: "Count", type: "count" },
        ],
        rows,
        emptyText: "No rows.",
      },
    ];
  });
  return sampleView({ name: "many-tables", sections: [{ key: "prompts", title: "Prompts", blocks }] });
}

describe("table breaks in the PDF (docs/decisions.md, Table breaks)", () => {
  afterAll(async () => {
    await closeBrowser();
  });

  it("groups rows: a short table whole, a longer one with its first and last three rows kept", () => {
    const cells = (n: number) =>
      Array.from({ length: n }, (_, i) => [
        { text: String(i), style: "num" as const, tone: "none" as const },
      ]);
    const sizes = (n: number) => tableBodies(cells(n)).map((b) => [b.keep, b.rows.length]);
    expect(sizes(SHORT_TABLE_ROWS)).toEqual([[true, 6]]);
    expect(sizes(7)).toEqual([
      [true, 3],
      [false, 1],
      [true, 3],
    ]);
    expect(sizes(20)).toEqual([
      [true, MIN_ROWS_AT_BREAK],
      [false, 14],
      [true, MIN_ROWS_AT_BREAK],
    ]);
    // Zebra rows count across the groups: rows 2, 4, 6 … of the table.
    expect(tableBodies(cells(8)).flatMap((b) => b.rows.map((r) => r.even))).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
  });

  it("never leaves fewer than 3 rows of a table on either side of a page break", async () => {
    const out = testDir("table-breaks");
    const view = manyTablesView();
    const [file] = await writeWith(pdf, view, out);
    const tables = printedTables(view, file!);
    expect(tables).toHaveLength(LENGTHS.length);
    // The fixture does break tables across pages (else it would prove nothing).
    expect(tables.filter((t) => new Set(t.pages).size > 1).length).toBeGreaterThanOrEqual(2);
    expect(strandedRows(tables, MIN_ROWS_AT_BREAK)).toEqual([]);
  });
});
