/**
 * The workbook has no traps (docs/decisions.md, "A workbook without traps"): one label for prompts
 * without a category, a sample sheet that says it is one, values stored unrounded, the unit of
 * each kind of figure in its header, a sheet of the headline metrics, and sheet names shortened at
 * word boundaries in every language.
 */
import type ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { toCell } from "../../src/render/backends/xlsx/_cells.js";
import { headerLabel } from "../../src/render/backends/xlsx/_table.js";
import { buildWorkbook } from "../../src/render/backends/xlsx/backend.js";
import { draftView, drawView } from "../../src/render/build-view.js";
import type { ReportView, SectionView } from "../../src/render/types.js";
import { cleanSheetName, MAX_SHEET_NAME, workbookSheets } from "../../src/render/workbook-sheets.js";
import { buildModel } from "../../src/report/build-model.js";
import type { ReportData } from "../../src/report/model.js";
import { smallReportData } from "../fixtures/report-data.js";
import { SAMPLE_BRANDING } from "../fixtures/sample-view.js";

// A 1×1 PNG: the charts' pixels do not matter here.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function viewOf(data: ReportData, locale = "en-US"): Promise<ReportView> {
  const draft = draftView(buildModel(data), { ...SAMPLE_BRANDING, locale });
  return drawView(draft, async (spec) => ({ ...spec, images: { png: PNG } }));
}

/** The small fixture's latest answers as a sample: 1 of 12 shown, none of ChatGPT's. */
function sampled(): ReportData {
  const data = smallReportData();
  if (!data.report.ok) throw new Error("fixture report missing");
  const answers = data.report.value.sections.find((s) => s.key === "answers");
  if (answers?.key !== "answers") throw new Error("no answers section");
  answers.totals = { answers: 12, shown: 1 };
  return data;
}

const rowsOf = (ws: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};
const texts = (ws: ExcelJS.Worksheet) =>
  rowsOf(ws)
    .flat()
    .filter((v): v is string => typeof v === "string");

describe("a workbook without traps", () => {
  it("labels a prompt without a category the same on every sheet, in the report's language", async () => {
    for (const [locale, label] of [
      ["en-US", "Uncategorized"],
      ["de-DE", "Ohne Kategorie"],
      ["fr-FR", "Sans catégorie"],
      ["es-ES", "Sin categoría"],
    ] as const) {
      const wb = buildWorkbook(await viewOf(smallReportData(), locale));
      const sheets = workbookSheets(await viewOf(smallReportData(), locale));
      const prompts = sheets.find((s) => s.section.key === "prompts")!.name;
      // The prompts' own sheet (the themes' sheet groups them).
      const opportunities = sheets.find(
        (s) => s.section.key === "opportunities" && s.table.id === "opportunities",
      )!.name;
      // P2 "crm with email sync" has no category: on the prompts sheet and the opportunities sheet.
      expect(rowsOf(wb.getWorksheet(prompts)!)[2]?.[1]).toBe(label);
      expect(rowsOf(wb.getWorksheet(opportunities)!)[1]?.[1]).toBe(label);
    }
  });

  it("stores changes unrounded: a change under 0.05 pp keeps its value", () => {
    expect(toCell("delta_pp", 0.0003)).toBe(0.03);
    expect(toCell("delta_pp", -0.0004)).toBe(-0.04);
    expect(toCell("delta_pp", 0.0481)).toBe(4.81);
  });

  it("states each kind of figure's unit in its header", () => {
    expect(headerLabel({ label: "Mention rate", type: "percent" })).toBe("Mention rate (%)");
    expect(headerLabel({ label: "Δ mention", type: "delta_pp" })).toBe("Δ mention (pp)");
    expect(headerLabel({ label: "Answers", type: "count" })).toBe("Answers");
    expect(headerLabel({ label: "Share (%)", type: "percent" })).toBe("Share (%)");
  });

  it("has a sheet of the headline metrics: current, previous, change and both intervals", async () => {
    const wb = buildWorkbook(await viewOf(smallReportData()));
    const rows = rowsOf(wb.getWorksheet("Key figures")!);
    expect(rows[0]).toEqual([
      "Metric",
      "This period (%)",
      "Previous period (%)",
      "Change (pp)",
      "95% low (%)",
      "95% high (%)",
      "Change 95% low (pp)",
      "Change 95% high (pp)",
      "Significant",
      "Answers",
      "Prompts",
    ]);
    // The fixture's mention rate: 37.5% against 25.0%, +12.5 pp, change interval +5.0 to +20.0 pp.
    expect(rows[1]?.slice(0, 4)).toEqual(["Mention rate", 0.375, 0.25, 12.5]);
    expect(rows[1]?.slice(6, 9)).toEqual([5, 20, true]);
    expect(rows.map((r) => r[0])).toEqual(["Metric", "Mention rate", "Citation rate", "Share of voice"]);
  });

  it("says a sample is one, on its sheet and on About, naming a platform it leaves out", async () => {
    const view = await viewOf(sampled());
    const wb = buildWorkbook(view);
    const note =
      "A sample: 1 of the 12 latest answers (one per prompt and platform), drawn evenly across platforms by the API, most recent first; none from ChatGPT.";
    expect(wb.getWorksheet("Latest answers")!.getCell(1, 1).note).toBe(note);
    const about = texts(wb.getWorksheet("About")!);
    expect(about).toContain("Except the sheet “Latest answers”, a sample, as its note in the contents says.");
    expect(about).toContain(note);
    // A complete list is no sample: About says nothing of the kind.
    const complete = texts(buildWorkbook(await viewOf(smallReportData())).getWorksheet("About")!);
    expect(complete.some((t) => t.startsWith("Except the sheet"))).toBe(false);
  });
});

describe("sheet names", () => {
  const section = (title: string, tables: string[]): SectionView => ({
    key: "content",
    title,
    blocks: tables.map((t, i) => ({
      kind: "table",
      id: `t${i}`,
      title: t,
      columns: [],
      rows: [],
      emptyText: "",
    })),
  });
  const names = (...sections: SectionView[]) =>
    workbookSheets({ sections, branding: SAMPLE_BRANDING } as unknown as ReportView).map((s) => s.name);

  it("never ends a shortened name on a dangling word, in any language", () => {
    // The section's part is its first phrase ("Our work", not "Our work and next"), else the
    // table's own name stands alone.
    expect(names(section("Our work and next steps", ["Wins and risks", "Next steps"]))).toEqual([
      "Our work – Wins and risks",
      "Our work – Next steps",
    ]);
    expect(names(section("Unsere Arbeit und nächste Schritte", ["Erfolge und Risiken", "Ideen"]))).toEqual([
      "Erfolge und Risiken",
      "Unsere Arbeit – Ideen",
    ]);
    expect(names(section("Nuestro trabajo y próximos pasos", ["Trabajo realizado", "Otros"]))).toEqual([
      "Trabajo realizado",
      "Nuestro trabajo – Otros",
    ]);
    // A title alone is cut at its longest phrase that fits, never after "and", "und", "et", "y" or "next".
    expect(cleanSheetName("Our work and next steps for the coming quarter")).toBe("Our work and next steps");
    expect(cleanSheetName("Unsere Arbeit und nächste Schritte")).toBe("Unsere Arbeit");
    expect(cleanSheetName("Notre travail et prochaines étapes")).toBe("Notre travail");
    expect(cleanSheetName("Nuestro trabajo y los próximos pasos")).toBe("Nuestro trabajo");
    // A forbidden character ends a phrase too, though the name drops it.
    expect(names(section("Latest answers: what [AI] said / per platform", ["Small"]))).toEqual([
      "Latest answers what AI said",
    ]);
  });

  it("shortens a long name at word boundaries, the section's part first", () => {
    expect(names(section("Content-Pipeline", ["Einträge nach Status", "Ideen"]))).toEqual([
      "Content – Einträge nach Status",
      "Content-Pipeline – Ideen",
    ]);
    // Not even the section's first word fits beside the table's name: the table's name alone.
    expect(names(section("Cartographie des contenus", ["Éléments par statut", "Idées"]))).toEqual([
      "Éléments par statut",
      "Cartographie – Idées",
    ]);
    expect(cleanSheetName("Latest answers: what [AI] said / per platform")).toBe(
      "Latest answers what AI said",
    );
  });

  it("never cuts a word in any language's workbook", async () => {
    for (const locale of ["en-US", "de-DE", "fr-FR", "es-ES"]) {
      for (const s of workbookSheets(await viewOf(smallReportData(), locale))) {
        expect(s.name.length).toBeLessThanOrEqual(MAX_SHEET_NAME);
        const [head, tail] = s.name.split(" – ");
        // A head of whole words: the title itself, or followed by a space or a punctuation mark.
        const whole = (part: string | undefined, of: string) =>
          part === undefined ||
          part === of ||
          (of.startsWith(part) && /^[^\p{L}\p{N}]/u.test(of.slice(part.length)));
        const table = s.table.title ?? "";
        // "Section – Table", or the table's own name alone when not even the section's first phrase fits.
        if (tail === undefined && s.name !== s.section.title)
          expect(whole(head, table), `${locale}: ${s.name}`).toBe(true);
        else {
          expect(whole(head, s.section.title), `${locale}: ${s.name}`).toBe(true);
          expect(whole(tail, table), `${locale}: ${s.name}`).toBe(true);
        }
      }
    }
  });
});
