/**
 * Translated reports (docs/i18n.md): the same fixture data rendered in German,
 * French and Spanish, compared with the catalogues. English is compared with the JSON by the
 * golden and backend suites; here every heading must be the catalogue's, no English heading may
 * remain, figures are the locale's, and the workbook keeps real numbers on translated sheets.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FULL, presentationOf } from "../../src/config/presentation.js";
import { ENGLISH, langOf } from "../../src/format/i18n/index.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { renderMarkdown } from "../../src/render/backends/markdown/backend.js";
import { closeBrowser } from "../../src/render/backends/pdf/_browser.js";
import { renderPdfBytes } from "../../src/render/backends/pdf/backend.js";
import { buildWorkbook } from "../../src/render/backends/xlsx/backend.js";
import { presentView } from "../../src/render/present.js";
import { clientView } from "../../src/render/technical.js";
import type { ReportView } from "../../src/render/types.js";
import { workbookSheets } from "../../src/render/workbook-sheets.js";
import { pdfDirs } from "../_tmp.js";
import { smallReportData } from "../fixtures/report-data.js";
import { pdfOutline, pdfPages } from "./_pdf-tools.js";

// VREPORT_PDF_KEEP=1 keeps the German PDF (path printed) to look at it with pdftoppm.
const { root: out } = pdfDirs("i18n");
afterAll(async () => {
  await closeBrowser();
});

/**
 * The fixture report's view in `locale`, charts drawn as the given formats need them; with the
 * agency's input, so that every section, the agency's page included, is there (docs/agency.md).
 */
async function viewIn(locale: string, formats: ("md" | "pdf" | "xlsx")[] = ["md"]): Promise<ReportView> {
  const { view } = await viewOf(smallReportData(), {
    formats,
    branding: { agencyName: "Northwind", accentColor: "#123456", locale },
    notes: { agency: "### next_review\n\n2026-12-01" },
  });
  return view;
}

/** Every heading a view shows: section titles, table titles and chart titles. */
function headings(view: ReportView): string[] {
  return view.sections.flatMap((s) => [
    s.title,
    ...s.blocks.flatMap((b) =>
      b.kind === "table" && b.title !== undefined ? [b.title] : b.kind === "chart" ? [b.chart.title] : [],
    ),
  ]);
}

let english: ReportView;
beforeAll(async () => {
  english = await viewIn("en-US", ["md", "pdf"]);
});

describe.each(["de-DE", "fr-FR", "es-ES"])("the %s Markdown report", (locale) => {
  const { m, f: figures } = langOf(locale);
  // The Markdown keeps the locale's no-break spaces ("37,5\u00a0%"): a line never breaks inside a figure.
  const f = { percent: (v: number) => figures.percent(v), date: (d: string) => figures.date(d) };
  let md: string;
  beforeAll(async () => {
    md = renderMarkdown(await viewIn(locale), "assets").markdown;
  });

  it("has the catalogue's section titles as headings, the contents first, and no English section title", () => {
    const h2 = md.split("\n").filter((l) => l.startsWith("## "));
    expect(h2).toEqual([`## ${m.pdf.contents}`, ...Object.values(m.sections).map((t) => `## ${t}`)]);
    for (const title of Object.values(ENGLISH.m.sections)) expect(h2).not.toContain(`## ${title}`);
    expect(md.startsWith(`# ${m.cover.title("Acme")}\n`)).toBe(true);
  });

  it("has the catalogue's table headers and words, not the English ones", () => {
    const k = m.kpis;
    expect(md).toContain(
      `| ${k.metric} | ${k.value} | ${m.versus.previous.label} | ${k.change} | ${k.significance} |`,
    );
    expect(md).not.toContain("| Metric | Value |");
    expect(md).toContain(`| ${m.kpis.metrics.mention_rate} | ${f.percent(0.375)} |`);
    expect(md).toContain(m.summary.volume(2, 2, 1));
    expect(md).toContain(m.notices.missingScope(m.notices.parts.contentMap, ["contentmap:read"]));
    for (const english of ["Not in this report", "Mention rate", "was tracked", "No answers"])
      expect(md).not.toContain(english);
  });

  it("writes figures and dates the locale's way", () => {
    expect(md).toContain(f.percent(0.375));
    expect(md).not.toContain("37.5%");
    expect(md).toContain(f.date("2026-11-01"));
  });
});

it("German figures: 37,5 % and +12,5 Pp. in the KPI table, 01.11.2026 as the as-of day", async () => {
  const md = renderMarkdown(await viewIn("de-DE"), "assets").markdown;
  expect(md).toContain(
    "| Erwähnungsrate | 37,5\u00a0% | 25,0\u00a0% | +12,5\u00a0Pp. | 95-%-Intervall +5,0 bis +20,0\u00a0Pp. |",
  );
  expect(md).toContain("- **Stand:** 01.11.2026");
});

describe("the German workbook", () => {
  let view: ReportView;
  let wb: ExcelJS.Workbook;
  beforeAll(async () => {
    view = await viewIn("de-DE", ["xlsx"]);
    wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildWorkbook(view).xlsx.writeBuffer()) as ArrayBuffer);
  });

  it("names its sheets after the German titles, About first", () => {
    const names = wb.worksheets.map((ws) => ws.name);
    expect(names[0]).toBe("Über den Bericht");
    expect(names.slice(1)).toEqual([...workbookSheets(clientView(view)).map((s) => s.name), "Technisch"]);
    expect(names).toContain("Plattformen");
    expect(names).toContain("Zitierte Quellen – Nach Inhaber");
    for (const title of Object.values(ENGLISH.m.sections)) expect(names).not.toContain(title);
  });

  it("keeps numbers and dates as typed cells with locale-independent formats", () => {
    const platforms = wb.getWorksheet("Plattformen")!;
    expect(platforms.getRow(1).getCell(3).value).toBe("Erwähnungsrate (%)");
    const rate = platforms.getRow(2).getCell(3);
    expect(rate.value).toBe(0.5);
    expect(rate.numFmt).toBe("0.0%");
    const trend = wb.getWorksheet("Entwicklung – Tageswerte")!;
    expect(trend.getRow(2).getCell(1).value).toEqual(new Date(Date.UTC(2026, 9, 31)));
    expect(trend.getRow(2).getCell(1).numFmt).toBe("yyyy-mm-dd");
  });

  it("writes percentage points as German does: (Pp.) in the headers, +4,2 Pp. in the number format", () => {
    const headers = wb.worksheets.flatMap((ws) =>
      ((ws.getRow(1).values as unknown[]) ?? []).flatMap((v, col) =>
        typeof v === "string" && v.endsWith(")") ? [{ ws, col, v }] : [],
      ),
    );
    expect(headers.some(({ v }) => v.endsWith("(pp)"))).toBe(false);
    const pp = headers.filter(({ v }) => v.endsWith("(Pp.)"));
    expect(pp.length).toBeGreaterThan(0);
    // Every change under such a header (an unknown one is an empty cell).
    const cells = pp.flatMap(({ ws, col }) =>
      ws.getColumn(col).values.flatMap((_, row) => {
        const cell = ws.getRow(row).getCell(col);
        return row > 1 && typeof cell.value === "number" ? [cell] : [];
      }),
    );
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell.numFmt).toBe('[>=0.05]+0.0" Pp.";[<=-0.05]-0.0" Pp.";0.0" Pp."');
  });

  it("a cut table's pointer names the translated sheet that holds the rest", () => {
    // A third prompt: a cut leaves out two (one alone would be printed rather than pointed to).
    const three = structuredClone(view);
    const list = three.sections.find((s) => s.key === "prompts")!.blocks.find((b) => b.kind === "table")!;
    if (list.kind === "table") list.rows.push({ ...list.rows[0]! });
    const cut = presentView(three, presentationOf("client", { rows: { prompts: 1 } }));
    const prompts = cut.sections.find((s) => s.key === "prompts")!;
    const table = prompts.blocks.find((b) => b.kind === "table")!;
    expect(table.kind === "table" && table.note).toBe(
      "Die ersten 1 von 3 Prompts; die vollständige Liste steht in der Arbeitsmappe (Tabellenblatt „Beobachtete Prompts“).",
    );
    expect(wb.worksheets.map((ws) => ws.name)).toContain("Beobachtete Prompts");
  });
});

describe("the German PDF", () => {
  let pages: string[];
  let outline: string[];
  let germanView: ReportView;
  beforeAll(async () => {
    germanView = await viewIn("de-DE", ["pdf"]);
    const file = join(out, "de.pdf");
    writeFileSync(file, await renderPdfBytes(presentView(germanView, FULL)));
    pages = pdfPages(file);
    outline = pdfOutline(file);
  }, 60_000);

  it("has no English heading: section, table and chart titles, contents, footer and cover words", () => {
    const lines = pages
      .join("\n")
      .split("\n")
      .map((l) => l.trim());
    // A heading is a line of its own, numbered for sections ("3   Plattformen").
    const isLine = (text: string) => lines.some((l) => l === text || l.replace(/^\d+\s+/, "") === text);
    const german = langOf("de-DE").m;
    // A loanword German shares with English ("Domains", "Share of Voice") is German too.
    const shared = new Set(headings(germanView));
    for (const title of [...headings(english), ENGLISH.m.pdf.contents].filter((t) => !shared.has(t)))
      expect(isLine(title), title).toBe(false);
    for (const title of Object.values(german.sections)) expect(isLine(title), title).toBe(true);
    expect(isLine("Inhalt")).toBe(true);
    expect(outline).toEqual(Object.values(german.sections));
    const text = pages.join("\n");
    expect(text).toContain("Seite 1 von");
    expect(text).not.toContain("Page 1 of");
    expect(pages[0]).toContain("KI-Sichtbarkeitsbericht");
    expect(pages[0]).toContain("Erstellt von Northwind");
    expect(pages[0]).not.toContain("Prepared by");
  });

  it("prints the locale's figures", () => {
    expect(pages.join("\n")).toMatch(/37,5\s%/);
  });
});

it("French says a brand is mentioned (mentionné), never cited (cité), where the mention rate is meant", async () => {
  const md = renderMarkdown(await viewIn("fr-FR"), "assets").markdown;
  // "citer" is the citation rate's verb (pages, sources, "ce que … cite"): a sentence about who
  // is named uses "mentionner".
  expect(md).toMatch(/mentionn/);
  for (const line of md.split("\n").filter((l) => /\bcit(e|ent|é|és|ant)\b/.test(l)))
    expect(line).toMatch(/page|source|citation|ce que \S+ cite/i);
});

it("French typography: a no-break space before a label's colon and a clause's semicolon", async () => {
  const md = renderMarkdown(await viewIn("fr-FR"), "assets").markdown;
  expect(md).toContain("- **Projet\u00a0:** ");
  expect(md).not.toMatch(/\*\*Projet:\*\*/);
  const en = renderMarkdown(await viewIn("en-US"), "assets").markdown;
  expect(en).toContain("- **Project:** ");
});
