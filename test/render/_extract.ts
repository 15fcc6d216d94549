/**
 * Backend-neutral number extraction for the shared render tests: what figures a view must show
 * (computed through `formatValue`, the report's one formatter in English) and what figures a rendered text shows.
 * Markdown, PDF (text from pdftotext) and XLSX (cells formatted back) tests compare the two.
 */

import type { SectionKey } from "../../src/config/section-keys.js";
import { ENGLISH } from "../../src/format/i18n/index.js";
import { formatIn } from "../../src/format/i18n/value.js";
import type { CellValue, ValueType } from "../../src/format/value-type.js";
import { changeNote, isMuted } from "../../src/render/kpi-change.js";
import { clientView } from "../../src/render/technical.js";
import type { ReportView } from "../../src/render/types.js";

/** A value as an English report shows it (the formatter every format uses, docs/architecture.md). */
export const formatValue = (type: ValueType, value: CellValue): string => formatIn(ENGLISH, type, value);

/** The value types whose cells are figures (text, dates, URLs, platforms, booleans are not). */
export const NUMERIC_TYPES: ReadonlySet<ValueType> = new Set([
  "percent",
  "delta_pp",
  "count",
  "delta_count",
  "number",
]);

/**
 * A formatted figure: an optional sign (`+`, U+2212 minus, `-`), an integer with or without
 * thousands separators, an optional decimal part, then an optional `%` or ` pp` (normal or no-break space). ISO dates are
 * matched first and discarded so their parts are not read as numbers; digits inside words or
 * dotted runs (`A1`, `30d`, `127.0.0.1`) are not figures.
 */
const FIGURE =
  /(\d{4}-\d{2}-\d{2})|(?<![\p{L}\p{N}_.,+\u2212-])([+\u2212-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:%|[ \u00a0\u202f]pp)?)(?![\p{L}\p{N}_]|[.,]\d)/gu;

/**
 * A figure in one spelling: the formatters join number and "pp" with a no-break space, a PDF's
 * text layer and the workbook's number format with a plain one; figures are compared as "+4.2 pp".
 */
const oneSpelling = (figure: string) => figure.replace(/[\u00a0\u202f]pp$/, " pp");

/** Every formatted figure in `text`, in document order (`42.3%`, `+4.2 pp`, `−1.0 pp`, `12,345`, `−3`). */
export function extractNumbers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(FIGURE)) if (m[2] !== undefined) out.push(oneSpelling(m[2]));
  return out;
}

/** The figures one section must show, in order: per KPI value, previous, change; then table cells row by row. */
export interface SectionNumbers {
  key: SectionKey;
  title: string;
  numbers: string[];
}

/**
 * The figures a backend must show, per section, computed from the view through `formatValue`:
 * the page formats (PDF, Markdown) leave out workbook-only columns (sample sizes, interval bounds),
 * the workbook shows them too.
 */
export function expectedNumbersBySection(
  view: ReportView,
  format: "pages" | "workbook" = "pages",
): SectionNumbers[] {
  // No format shows what only the agency reads, except the full workbook's technical sheet.
  return clientView(view).sections.map((s) => {
    const numbers: string[] = [];
    for (const b of s.blocks) {
      if (b.kind === "kpis") {
        for (const k of b.items) {
          if (k.value !== null) numbers.push(formatValue(k.type, k.value));
          if (k.previous !== null) numbers.push(formatValue(k.type, k.previous));
          if (k.delta !== null) numbers.push(formatValue(k.deltaType, k.delta));
          // A rate's change interval: the pages print the note under the change ("95% interval
          // +0.9 to +2.4 pp"), the workbook its bounds and sample sizes as cells.
          if (k.change && format === "pages") numbers.push(...extractNumbers(changeNote(k, ENGLISH)));
          if (k.change && format === "workbook")
            for (const [type, v] of [
              [k.deltaType, k.change.low],
              [k.deltaType, k.change.high],
              ["count", k.change.answers],
              ["count", k.change.prompts],
            ] as const)
              if (v !== null) numbers.push(formatValue(type, v));
        }
      } else if (b.kind === "table" && !(b.workbookOnly && format === "pages")) {
        // A workbook-only table (the headline metrics' sheet, the quotes as rows) is not on the pages.
        for (const row of b.rows)
          for (const c of b.columns) {
            if (c.workbookOnly && format === "pages") continue;
            const v = row[c.key] ?? null;
            if (NUMERIC_TYPES.has(c.type) && v !== null) numbers.push(formatValue(c.type, v));
          }
      }
    }
    return { key: s.key, title: s.title, numbers: numbers.map(oneSpelling) };
  });
}

/** Every figure a backend must show, in report order (all sections flattened). */
export function expectedNumbers(view: ReportView): string[] {
  return expectedNumbersBySection(view).flatMap((s) => s.numbers);
}

/**
 * Checks that `expected` appears in `actual` in order, other figures (dates in prose, counts in
 * sentences) allowed in between. Returns null when it does, else a message naming the first
 * figure missing and where the search stood, for a readable test failure.
 */
export function missingInOrder(expected: readonly string[], actual: readonly string[]): string | null {
  let at = 0;
  for (const [i, figure] of expected.entries()) {
    const found = actual.indexOf(figure, at);
    if (found === -1)
      return `figure #${i} "${figure}" not found after position ${at} of [${actual.join(", ")}]`;
    at = found + 1;
  }
  return null;
}

/** Counts of each string, for "every expected figure is shown at least as often" checks. */
export function tally(items: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const i of items) m.set(i, (m.get(i) ?? 0) + 1);
  return m;
}

/** KPIs whose change is not significant: each format must say so (pages) or flag it (workbook). */
export function mutedKpis(view: ReportView): number {
  return view.sections.flatMap((s) =>
    s.blocks.flatMap((b) => (b.kind === "kpis" ? b.items.filter(isMuted) : [])),
  ).length;
}
