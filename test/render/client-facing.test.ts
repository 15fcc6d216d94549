/**
 * What a client reads: nothing internal (pipeline statuses, agent and rule names, the profile) in
 * any format of the client profile, the full profile's technical sheet keeping them; and a project
 * without content data told so in words, never with an empty chart or "0 pages".
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { presentationOf } from "../../src/config/presentation.js";
import type { ContentItem } from "../../src/contract/index.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { renderMarkdown } from "../../src/render/backends/markdown/backend.js";
import { buildWorkbook } from "../../src/render/backends/xlsx/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { presentView } from "../../src/render/present.js";
import type { ReportView } from "../../src/render/types.js";
import type { ReportData } from "../../src/report/model.js";
import { contentItem } from "../fixtures/content-item.js";
import { smallReportData } from "../fixtures/report-data.js";

/** A content item with only what the report reads varying. */
function item(n: number, status: ContentItem["status"], source = "manual"): ContentItem {
  return contentItem({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Article ${n}`,
    status,
    buyer_stage: "DECISION",
    source,
    post_url: status === "PUBLISHED" ? "https://acme.com/blog/article-3" : null,
  });
}

/** The small report with content: an agent's idea, an article being written, a failed one and a published one. */
function withContent(): ReportData {
  return {
    ...smallReportData(),
    content: {
      ok: true,
      value: {
        IDEAS: [item(1, "NEW", "content-gap-agent")],
        PLANNED: [],
        PRODUCED: [item(2, "GENERATING"), item(3, "PUBLISHED"), item(4, "FAILED")],
      },
    },
  };
}

/** The small report of a project imported from CSV: the content endpoints answer, with nothing. */
function withoutContent(): ReportData {
  return {
    ...smallReportData(),
    topics: { ok: true, value: { topics: [], unclassified: 0 } },
    sites: { ok: true, value: [] },
    content: { ok: true, value: { IDEAS: [], PLANNED: [], PRODUCED: [] } },
  };
}

async function viewFor(data: ReportData, locale = "en-US"): Promise<ReportView> {
  const { view } = await viewOf(data, {
    formats: ["pdf", "xlsx"],
    branding: { agencyName: "N", accentColor: "#123456", locale },
  });
  return view;
}

/** Every cell's text of every sheet of a workbook. */
async function workbookText(
  view: ReportView,
  profile: "client" | "full",
): Promise<{ sheets: string[]; text: string }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildWorkbook(view, presentationOf(profile)).xlsx.writeBuffer()) as ArrayBuffer);
  const cells: string[] = [];
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        cells.push(`${ws.name}!${cell.address}\t${cell.text}`);
      }),
    ),
  );
  return { sheets: wb.worksheets.map((ws) => ws.name), text: cells.join("\n") };
}

const INTERNAL = ["GENERATING", "GENERATED", "FAILED", "content-gap-agent", "absent", "Profile", "Technical"];

describe("nothing internal reaches a client", () => {
  it("the client profile's PDF/HTML and Markdown name no status, agent, rule or profile", async () => {
    const view = presentView(
      await viewFor(withContent()),
      presentationOf("client", { sections: ["opportunities", "content", "methodology"] }),
    );
    const html = renderHtml(view, {}, "body");
    const markdown = renderMarkdown(view, "assets").markdown;
    for (const word of [...INTERNAL, ">Rule<", "| Rule |", "Source"]) {
      expect(html, word).not.toContain(word);
      expect(markdown, word).not.toContain(word);
    }
    // The statuses in plain words; the failed generation is the agency's, not the client's content.
    expect(markdown).toContain("Items by status: 1 new, 1 being written, 1 published.");
    expect(markdown).toContain("| Article 2 | Being written | — | — |");
    expect(markdown).not.toContain("Article 4");
  });

  it("the client profile's workbook has no technical sheet, column or fact", async () => {
    const { sheets, text } = await workbookText(await viewFor(withContent()), "client");
    expect(sheets).not.toContain("Technical");
    for (const word of INTERNAL) expect(text, word).not.toContain(word);
    expect(text).not.toMatch(/\tRule$/m);
    expect(text).not.toMatch(/\tclient$/m);
    expect(text).toContain("Content – Items by status!A2\tNew");
  });

  it("the full profile's workbook keeps them on its technical sheet, and only there", async () => {
    const { sheets, text } = await workbookText(await viewFor(withContent()), "full");
    expect(sheets.at(-1)).toBe("Technical");
    const at = text.indexOf("\nTechnical!");
    const data = text.slice(0, at);
    const sheet = text.slice(at + 1);
    for (const word of INTERNAL.slice(0, 4)) expect(data, word).not.toContain(word);
    expect(sheet).toContain("Technical!A4\tProfile\nTechnical!B4\tfull");
    expect(sheet).toContain("\tContent – Ideas\n");
    expect(sheet).toMatch(/\tArticle 1\nTechnical!B\d+\tcontent-gap-agent/);
    expect(sheet).toMatch(/\tFAILED\nTechnical!B\d+\t1/);
    expect(sheet).toMatch(/\tGENERATING\nTechnical!B\d+\t1/);
  });
});

describe("a project without content data", () => {
  it("says so in the content sections: no empty chart, no '0 pages' sentence", async () => {
    const view = presentView(
      await viewFor(withoutContent()),
      presentationOf("client", { sections: ["content_map", "content"] }),
    );
    const blocks = view.sections.map((s) => [
      s.key,
      s.blocks.map((b) => (b.kind === "notice" ? b.text : b.kind)),
    ]);
    expect(blocks).toEqual([
      [
        "content_map",
        [
          "This project has no content data: no page of its site has been crawled and classified into topics.",
        ],
      ],
      ["content", ["This project has no content data: no content ideas, plans or articles."]],
    ]);
    const markdown = renderMarkdown(view, "assets").markdown;
    expect(markdown).not.toContain("0 of your pages");
    expect(markdown).not.toContain("![");
  });

  it("says so in every language", async () => {
    const say = async (locale: string) =>
      presentView(
        await viewFor(withoutContent(), locale),
        presentationOf("client", { sections: ["content_map", "content"] }),
      ).sections.flatMap((s) => s.blocks.map((b) => (b.kind === "notice" ? b.text : b.kind)));
    expect(await say("de-DE")).toEqual([
      "Für dieses Projekt gibt es keine Content-Daten: Keine Seite seiner Website wurde erfasst und Themen zugeordnet.",
      "Für dieses Projekt gibt es keine Content-Daten: keine Content-Ideen, keine Planung und keine Artikel.",
    ]);
    expect(await say("fr-FR")).toEqual([
      "Ce projet n’a pas de données de contenu : aucune page de son site n’a été explorée ni classée par thème.",
      "Ce projet n’a pas de données de contenu : aucune idée, aucun contenu planifié ni aucun article.",
    ]);
    expect(await say("es-ES")).toEqual([
      "Este proyecto no tiene datos de contenido: ninguna página de su sitio se ha rastreado ni clasificado por temas.",
      "Este proyecto no tiene datos de contenido: ni ideas, ni contenidos planificados, ni artículos.",
    ]);
  });

  it("keeps the empty sheets in the workbook, so every month's workbook has the same sheets", async () => {
    const { sheets, text } = await workbookText(await viewFor(withoutContent()), "client");
    for (const name of ["Content map", "Content – Ideas", "Content – Planned", "Content – Produced"])
      expect(sheets).toContain(name);
    expect(text).not.toContain("0 of your pages");
  });
});
