import { ENGLISH, type Lang, langOf } from "../../../format/i18n/index.js";
import { escapeMarkdown } from "../../../format/markdown-escape.js";
import { chartImage } from "../../chart-image.js";
import type { ReportView } from "../../types.js";
import type { Backend } from "../backend.js";
import { assetHref, type ChartTarget, italic, renderBlock } from "./_blocks.js";
import { fileStem } from "./_file-stem.js";
import { Slugger } from "./_slug.js";
import { markdown as info } from "./meta.js";

/** A file the Markdown report references, relative to its asset directory. */
export interface MarkdownAsset {
  name: string;
  data: Uint8Array;
}

/** The rendered report: the Markdown text and the files it references. */
export interface RenderedMarkdown {
  markdown: string;
  assets: MarkdownAsset[];
}

/** The asset directory next to the report: `<report-name>-assets`. */
export function assetDirFor(view: ReportView): string {
  return `${view.name}-assets`;
}

/** Hands out one file name per chart id (ids are unique, but their file-safe stems might not be). */
function chartFiles(assetDir: string): (chartId: string) => ChartTarget {
  const byId = new Map<string, ChartTarget>();
  const taken = new Set<string>(["logo"]);
  return (chartId) => {
    const known = byId.get(chartId);
    if (known) return known;
    const stem = fileStem(chartId);
    let name = stem;
    for (let n = 2; taken.has(name); n++) name = `${stem}-${n}`;
    taken.add(name);
    const target = { fileName: `${name}.png`, href: assetHref(assetDir, `${name}.png`) };
    byId.set(chartId, target);
    return target;
  };
}

/** Under the title of a review copy (`generate --draft`), as every PDF page says "DRAFT". */
export function draftLine(lang: Lang): string {
  return `> **${lang.m.draft.mark}**${lang.m.colon} ${lang.m.draft.notice}`;
}

/** The English draft line. */
export const DRAFT_LINE = draftLine(ENGLISH);

/** The cover facts as a list under the title; a fact the view lacks is left out, not shown blank. */
function cover(view: ReportView, lang: Lang): string[] {
  const c = view.cover;
  const { f } = lang;
  const w = lang.m.cover;
  const period = (start: string, end: string) => (start && end ? w.span(f.date(start), f.date(end)) : "");
  const facts: [string, string][] = [
    [w.project, c.project],
    [w.brand, c.brandDomain ? `${c.brand} (${c.brandDomain})` : c.brand],
    [w.workspace, c.workspace],
    [w.period, period(c.periodStart, c.periodEnd) && `${period(c.periodStart, c.periodEnd)} (${c.range})`],
    [lang.m.versus[c.compare].label, period(c.previousStart, c.previousEnd)],
    [w.asOf, f.date(c.asOf)],
    [w.timezone, c.timezone],
    [w.preparedBy, view.branding.agencyName],
    [w.accountManager, c.accountManager ?? ""],
  ];
  return facts
    .filter(([, value]) => value.trim() !== "")
    .map(([label, value]) => `- **${label}${lang.m.colon}** ${escapeMarkdown(value)}`);
}

/**
 * Renders a report view as GitHub-flavoured Markdown, pure: charts (and the agency logo) become
 * assets referenced under `assetDir`, relative to the Markdown file. Escaping: `format/markdown-escape.ts`.
 */
export function renderMarkdown(
  view: ReportView,
  assetDir: string,
  options: { draft?: boolean } = {},
): RenderedMarkdown {
  const assets: MarkdownAsset[] = [];
  const slugger = new Slugger();
  const chartTarget = chartFiles(assetDir);
  const head: string[] = [];
  const lang = langOf(view.branding.locale);

  const logo = view.branding.logo;
  if (logo) {
    const name = logo.mime === "image/svg+xml" ? "logo.svg" : "logo.png";
    assets.push({ name, data: logo.data });
    head.push(`![${escapeMarkdown(view.branding.agencyName)}](${assetHref(assetDir, name)})`, "");
  }
  slugger.slug(view.cover.title);
  head.push(`# ${escapeMarkdown(view.cover.title)}`, "");
  if (options.draft) head.push(draftLine(lang), "");
  if (options.draft && view.review && view.review.length > 0)
    head.push(
      `> **${lang.m.draft.reviewTitle}**${lang.m.colon} ${lang.m.draft.reviewIntro}`,
      ">",
      ...view.review.map((line) => `> - ${escapeMarkdown(line)}`),
      "",
    );
  head.push(...cover(view, lang), "");

  // Section headings are slugged before their bodies, in document order, as GitHub does.
  const contents = lang.m.pdf.contents;
  slugger.slug(contents);
  const toc: string[] = [];
  const body: string[] = [];
  for (const section of view.sections) {
    const slug = slugger.slug(section.title);
    toc.push(`- [${escapeMarkdown(section.title)}](#${slug})`);
    body.push(`## ${escapeMarkdown(section.title)}`, "");
    for (const block of section.blocks) {
      if (block.kind === "chart") {
        const { fileName } = chartTarget(block.chart.id);
        assets.push({ name: fileName, data: chartImage(block.chart, "png") });
      }
      const lines = renderBlock(block, { slugger, chartTarget, lang });
      if (lines.length > 0) body.push(...lines, "");
    }
  }

  const footer = view.branding.footerText ? ["---", "", italic(view.branding.footerText), ""] : [];
  const lines = [...head, `## ${escapeMarkdown(contents)}`, "", ...toc, "", ...body, ...footer];
  return { markdown: `${lines.join("\n").trimEnd()}\n`, assets };
}

/** The Markdown backend: the report, then the charts (and logo) it references under `<name>-assets/`. */
export const backend: Backend<"md"> = {
  ...info,
  async render(view, options) {
    const assetDir = assetDirFor(view);
    const { markdown, assets } = renderMarkdown(view, assetDir, { draft: options.draft ?? false });
    return [
      { path: `${view.name}.md`, data: markdown },
      ...assets.map((a) => ({ path: `${assetDir}/${a.name}`, data: a.data })),
    ];
  },
};
