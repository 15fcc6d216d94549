/**
 * One contents entry per section, and no two that read as the same section (docs/decisions.md,
 * "Layout of the page formats"): "Executive summary" and "Summary" were the summary twice.
 */
import { describe, expect, it } from "vitest";
import { langOf } from "../../src/format/i18n/index.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { sampleView } from "../fixtures/sample-view.js";

describe.each(["en-US", "de-DE", "fr-FR", "es-ES"])("the %s contents", (locale) => {
  it("names every section once, and the executive summary and the key figures with no word in common", () => {
    const { sections } = langOf(locale).m;
    const titles = Object.values(sections).map((t) => t.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    const words = (t: string) => new Set(t.toLowerCase().split(/\s+/));
    const shared = [...words(sections.executive_summary)].filter((w) => words(sections.summary).has(w));
    expect(shared).toEqual([]);
  });
});

it("prints one contents entry per section, in order, each linking to its own section", () => {
  const view = sampleView();
  const html = renderHtml(view, {});
  const entries = [
    ...html.matchAll(
      /<li class="toc__item">\s*<a href="#([^"]+)">.*?<span class="toc__label">([^<]*)<\/span>/gs,
    ),
  ];
  expect(entries.map((e) => e[2])).toEqual(view.sections.map((s) => s.title));
  expect(new Set(entries.map((e) => e[1])).size).toBe(view.sections.length);
});
