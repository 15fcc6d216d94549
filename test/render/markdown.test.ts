import { readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Token } from "markdown-it";
import MarkdownIt from "markdown-it";
import { beforeEach, describe, expect, it } from "vitest";
import { escapeMarkdown } from "../../src/format/markdown-escape.js";
import { backend, renderMarkdown } from "../../src/render/backends/markdown/backend.js";
import { loadBackend, UnknownFormatError } from "../../src/render/backends/registry.js";
import { draftView, drawView } from "../../src/render/build-view.js";
import type { ReportView } from "../../src/render/types.js";
import { buildModel } from "../../src/report/build-model.js";
import { testDir } from "../_tmp.js";
import { smallReportData } from "../fixtures/report-data.js";
import { HOSTILE, PROMPT_LABELS, SAMPLE_BRANDING, sampleView } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";
import { expectedNumbers, expectedNumbersBySection, extractNumbers, missingInOrder } from "./_extract.js";

// HTML on, as GitHub renders it: escaping must hold even where raw HTML would be honoured.
const md = new MarkdownIt({ html: true });
const ASSETS = "acme-analytics-ai-visibility-30d-2026-11-01-assets";
const view = sampleView();
const { markdown, assets } = renderMarkdown(view, ASSETS);
const tokens = md.parse(markdown, {});
const html = md.render(markdown);

/** Plain text of inline tokens between an open and its close token. */
function textOf(ts: Token[]): string {
  return ts
    .map((t) => (t.type === "inline" ? (t.children ?? []).map((c) => c.content).join("") : ""))
    .join("");
}

/** Tables as rows of cell texts (header row first). */
function tables(ts: Token[]): string[][][] {
  const out: string[][][] = [];
  for (const t of ts) {
    if (t.type === "table_open") out.push([]);
    else if (t.type === "tr_open") out.at(-1)?.push([]);
    else if (t.type === "inline" && out.length > 0 && ts[ts.indexOf(t) - 1]?.type.match(/^t[hd]_open$/))
      out
        .at(-1)
        ?.at(-1)
        ?.push(textOf([t]));
  }
  return out;
}

/** Headings as [tag, text]. */
function headings(ts: Token[]): [string, string][] {
  return ts.flatMap((t, i) =>
    t.type === "heading_open" ? [[t.tag, textOf([ts[i + 1]!])] as [string, string]] : [],
  );
}

/** GitHub's anchor for a heading (github-slugger), written independently of the backend. */
function githubSlugs(texts: string[]): string[] {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, "")
      .replace(/ /g, "-");
    let slug = base;
    while (seen.has(slug)) {
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      slug = `${base}-${n}`;
    }
    seen.set(slug, 0);
    return slug;
  });
}

describe("Markdown structure", () => {
  it("has every table row as wide as its header, with the header labels", () => {
    const all = tables(tokens);
    expect(all).toHaveLength(3); // KPIs, trend, prompts (the empty table is text)
    for (const t of all) for (const r of t) expect(r).toHaveLength(t[0]!.length);
    expect(all[0]![0]).toEqual(["Metric", "Value", "Previous period", "Change", "Significance"]);
    expect(all[2]![0]).toEqual(PROMPT_LABELS);
    expect(all[2]).toHaveLength(4);
  });

  it("creates only the headings, quotes and lists it means to", () => {
    expect(headings(tokens)).toEqual([
      ["h1", "AI visibility report — Acmé 🚀 Analytics"],
      ["h2", "Contents"],
      ...view.sections.map((s) => ["h2", s.title]),
      ["h3", "An empty table"],
    ]);
    expect(tokens.filter((t) => t.type === "blockquote_open")).toHaveLength(1);
    expect(tokens.filter((t) => t.type === "bullet_list_open")).toHaveLength(3); // cover, contents, summary
    expect(tokens.filter((t) => t.type === "ordered_list_open" || t.type === "hr").length).toBe(1); // footer rule
  });

  it("links the table of contents to headings that exist", () => {
    const links = [...markdown.matchAll(/^- \[[^\]]*\]\(#([^)]+)\)$/gm)].map((m) => m[1]);
    expect(links).toEqual(["executive-summary", "summary", "trend", "prompts", "content", "methodology"]);
    const anchors = githubSlugs(headings(tokens).map(([, text]) => text));
    for (const link of links) expect(anchors).toContain(link);
  });

  it("shows notices as quotes and empty tables as their empty text in italics", () => {
    expect(html).toContain(
      "<blockquote>\n<p>The API key lacks the content:read scope, so content is not shown.</p>",
    );
    expect(html).toContain("<em>Nothing to show for this period.</em>");
    expect(html).toContain("<em>Confidential — prepared for Acmé</em>");
  });
});

describe("hostile text", () => {
  it("never reaches the HTML as markup, and still reads back as text", () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<a href="file:/i);
    for (const m of html.matchAll(/<img [^>]*src="([^"]*)"/g))
      expect(m[1]).toMatch(new RegExp(`^${ASSETS}/[a-z0-9-]+\\.png$`));
    for (const m of html.matchAll(/<a [^>]*href="([^"]*)"/g)) expect(m[1]).toMatch(/^#/);
    const prompts = tables(tokens)[2]!;
    const flat = (s: string) => s.replace(/\s+/g, " ");
    expect(prompts[1]![0]).toBe(flat(HOSTILE.prompt));
    expect(prompts[1]![0]).toContain("alert(1)");
    expect(prompts[1]![7]).toBe(HOSTILE.url);
    expect(prompts[2]![0]).toBe(HOSTILE.formula);
    expect(prompts[3]![0]).toBe(HOSTILE.plus);
    expect(prompts[3]![7]).toBe(HOSTILE.fileLink);
  });

  const starts = [
    "# h",
    "## h",
    "> q",
    "- l",
    "+ l",
    "* l",
    "1. o",
    "2) o",
    "---",
    "===",
    "***",
    "    code",
    "<div>x</div>",
    "| a | b |",
    "[x](javascript:alert(1))",
    "![i](http://x/y.png)",
    "`c`",
    "**b** _i_ ~~s~~ $x$",
    "a\n# b\n> c",
    "&lt; &amp;",
    "www.example.com http://example.com",
    "\\",
  ];
  for (const s of starts) {
    it(`renders ${JSON.stringify(s)} as plain text in a paragraph, a list item and a cell`, () => {
      const flat = s.replace(/\s+/g, " ").trim();
      const paragraph = md.parse(escapeMarkdown(s), {});
      expect(paragraph.map((t) => t.type)).toEqual(["paragraph_open", "inline", "paragraph_close"]);
      expect(textOf(paragraph)).toBe(flat);
      expect(paragraph[1]!.children!.every((c) => c.type === "text" || c.type === "text_special")).toBe(true);
      const item = md.parse(`- ${escapeMarkdown(s)}`, {});
      expect(item.map((t) => t.type)).toEqual([
        "bullet_list_open",
        "list_item_open",
        "paragraph_open",
        "inline",
        "paragraph_close",
        "list_item_close",
        "bullet_list_close",
      ]);
      expect(textOf(item)).toBe(flat);
      const cell = tables(md.parse(`| h | i |\n| --- | --- |\n| ${escapeMarkdown(s)} | x |`, {}));
      expect(cell[0]![1]).toEqual([flat, "x"]);
    });
  }

  it("keeps a hostile chart id inside the asset directory and a bracketed title out of the link", () => {
    const v: ReportView = {
      ...view,
      sections: [
        {
          key: "trend",
          title: "T",
          blocks: [{ kind: "chart", chart: { ...chartOf(view), id: "../../etc (1)", title: "a](x) [b" } }],
        },
      ],
    };
    const out = renderMarkdown(v, "my assets (2)");
    expect(out.assets.map((a) => a.name)).toEqual(["etc-1.png"]);
    expect(out.markdown).toContain("![a\\](x) \\[b](my%20assets%20%282%29/etc-1.png)");
    const img = md
      .parseInline(out.markdown.split("\n").find((l) => l.startsWith("![")) ?? "", {})[0]
      ?.children?.find((t) => t.type === "image");
    expect(img?.attrGet("src")).toBe("my%20assets%20%282%29/etc-1.png");
    expect(img?.children?.map((t) => t.content).join("")).toBe("a](x) [b");
  });
});

/** The first chart of a view. */
function chartOf(v: ReportView) {
  for (const s of v.sections) for (const b of s.blocks) if (b.kind === "chart") return b.chart;
  throw new Error("fixture has no chart");
}

describe("figures", () => {
  it("shows every expected figure, in order, in its own section", () => {
    const chunks = markdown.split(/^(?=## )/m);
    for (const s of expectedNumbersBySection(view)) {
      const chunk = chunks.find((c) => c.startsWith(`## ${s.title}\n`));
      expect(chunk, s.title).toBeDefined();
      expect(missingInOrder(s.numbers, extractNumbers(chunk!)), s.title).toBeNull();
    }
    expect(expectedNumbers(view)).toContain("−1.0 pp");
    expect(missingInOrder(expectedNumbers(view), extractNumbers(markdown))).toBeNull();
  });

  it("shows every figure of a full report (every section renderer) in order", async () => {
    const draft = draftView(buildModel(smallReportData()), SAMPLE_BRANDING);
    const full = await drawView(draft, async (spec) => ({ ...spec, images: { png: new Uint8Array([1]) } }));
    const text = renderMarkdown(full, "a").markdown;
    const chunks = text.split(/^(?=## )/m);
    const sections = expectedNumbersBySection(full);
    expect(sections.flatMap((s) => s.numbers).length).toBeGreaterThan(20);
    for (const s of sections) {
      const chunk = chunks.find((c) => c.startsWith(`## ${escapeMarkdown(s.title)}\n`)) ?? "";
      expect(missingInOrder(s.numbers, extractNumbers(chunk)), s.title).toBeNull();
    }
  });

  it("says an empty period in words in every visibility section, never as zero rates", () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture without a report");
    const summary = data.report.value.sections.find((s) => s.key === "summary")!;
    if (summary.key !== "summary") throw new Error("unreachable");
    summary.totals.snapshots = { current: 0, previous: 8, delta: -8 };
    const empty = draftView(buildModel(data), SAMPLE_BRANDING);
    const period = data.report.value.period!;
    const visibility = empty.sections.filter(
      (s) => !["content_map", "content", "methodology"].includes(s.key),
    );
    expect(visibility.map((s) => s.key)).toEqual([
      "executive_summary",
      "summary",
      "trend",
      "platforms",
      "categories",
      "competitors",
      "opportunities",
      "evidence",
      "cited_sources",
      "your_pages",
      "competitor_pages",
      "prompts",
      "answers",
    ]);
    for (const s of visibility.slice(1))
      expect(s.blocks, s.key).toEqual([
        {
          kind: "notice",
          text: `No answers were collected in this period (${period.start} – ${period.end}).`,
        },
      ]);
  });

  it("extracts signed, separated and percentage figures but not dates or digits in words", () => {
    expect(
      extractNumbers(
        "On 2026-10-30 A1 30d 127.0.0.1 rose 42.3% (+4.2\u00a0pp, −1.0\u00a0pp, 0.0\u00a0pp) to 12,345 (−3, +12) of 8.",
      ),
    ).toEqual(["42.3%", "+4.2 pp", "−1.0 pp", "0.0 pp", "12,345", "−3", "+12", "8"]);
    expect(extractNumbers("+4.2\u00a0pp")).toEqual(["+4.2 pp"]);
    expect(missingInOrder(["1", "2"], ["2", "1"])).toMatch(/"2"/);
  });
});

describe("Markdown backend", () => {
  let dir: string;
  beforeEach(() => {
    dir = testDir("md");
  });

  it("writes the report and its charts, referenced relatively, with no temporary files", async () => {
    const paths = await writeWith(backend, view, join(dir, "out"), {});
    const report = join(dir, "out", `${view.name}.md`);
    expect(paths).toEqual([report, join(dir, "out", ASSETS, "trend.png")]);
    expect(await readFile(report, "utf8")).toBe(markdown);
    expect(markdown).toContain(`![Mention and citation rate by day](${ASSETS}/trend.png)`);
    const png = await readFile(join(dirname(report), ASSETS, "trend.png"));
    expect(png.equals(Buffer.from(chartOf(view).images.png!))).toBe(true);
    expect(assets.map((a) => a.name)).toEqual(["trend.png"]);
    expect((await readdir(join(dir, "out"))).sort()).toEqual([ASSETS, `${view.name}.md`]);
    expect(await readdir(join(dir, "out", ASSETS))).toEqual(["trend.png"]);
  });

  it("leaves no report behind when its assets cannot be written", async () => {
    await writeFile(join(dir, ASSETS), "a file where the asset directory should be");
    await expect(writeWith(backend, view, dir, {})).rejects.toThrow();
    expect(await readdir(dir)).toEqual([ASSETS]);
  });
});

describe("backend registry", () => {
  it("loads the Markdown backend lazily and refuses an unknown format", async () => {
    expect(await loadBackend("md")).toBe(backend);
    await expect(loadBackend("docx" as "md")).rejects.toBeInstanceOf(UnknownFormatError);
  });
});
