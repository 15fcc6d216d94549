import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { SaxesParser } from "saxes";
import { beforeAll, describe, expect, it } from "vitest";
import { backend } from "../../src/render/backends/xlsx/backend.js";
import type { ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { sampleView } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";

/** Every character XML 1.0 forbids, as untrusted text may carry them. */
const BAD = "a\u0001b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFFg\uD800h\uDC00i";
/** What a reader sees instead: each forbidden character replaced, tab and newline kept. */
const SHOWN = "a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg\uFFFDh\uFFFDi";

/** The sample view with forbidden characters in a title, a brand, a prompt, a URL and a chart label. */
function hostileView(): ReportView {
  const view = sampleView();
  view.cover.title = `Report ${BAD}`;
  view.cover.brand = `Brand ${BAD}`;
  const prompts = view.sections.find((s) => s.key === "prompts")!;
  prompts.title = `Prompts ${BAD}`;
  for (const block of prompts.blocks)
    if (block.kind === "table") {
      block.rows[0]!.text = `Prompt ${BAD}\twith a tab`;
      const url = block.columns.find((c) => c.type === "url");
      if (url) block.rows[1]![url.key] = `example.com/${BAD}`;
    }
  return view;
}

describe("xlsx backend, characters XML forbids", () => {
  const dir = tempDir("xlsx-xml");
  let file: string;
  beforeAll(async () => {
    [file] = (await writeWith(backend, hostileView(), dir)) as [string];
  });

  it("writes every XML part as valid UTF-8 that a strict XML parser accepts", async () => {
    const zip = await JSZip.loadAsync(await readFile(file));
    const parts = Object.values(zip.files).filter((f) => !f.dir && /\.(xml|rels)$/.test(f.name));
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(await part.async("uint8array"));
      const errors: string[] = [];
      const parser = new SaxesParser({ xmlns: true });
      parser.on("error", (e) => errors.push(e.message));
      parser.write(text).close();
      expect(errors, part.name).toEqual([]);
    }
  });

  it("shows the text with each forbidden character replaced, keeping tabs", async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.title).toBe(`Report ${SHOWN}`);
    const sheet = wb.worksheets.find((w) => w.name.startsWith("Prompts"))!;
    expect(sheet).toBeDefined();
    const texts: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(cell.text)));
    expect(texts).toContain(`Prompt ${SHOWN}\twith a tab`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters.
    expect(texts.join("\n")).not.toMatch(/[\u0001\u0008\u000B\u001F\uFFFE\uFFFF]/);
  });
});
