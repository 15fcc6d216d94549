/**
 * Column widths of a printed table, chosen by each column's type and content before Chromium
 * sees it: the table is laid out with `table-layout: fixed`, which is fast on 500-row tables and
 * never lets a short column (Yes/No, a date) take the room long text needs.
 *
 * Figures, dates and Yes/No get exactly the width of their widest value (they never wrap);
 * platform names wrap only between words; free text and URLs share the rest in proportion to their
 * average length, so a prompt and its answer preview wrap to about as many lines as each other.
 */
import type { ValueType } from "../../format/value-type.js";
import { PT_MM, textEm, twoLineEm, type Weight, widestRunEm, widestWordEm } from "./text-width.js";

/** Font sizes and paddings of `table.data` and `table.data--dense`: keep in step with print.css. */
export const TABLE_FONTS = {
  normal: { tdPt: 8.5, thPt: 7.5, thSpacingEm: 0.04, padXMm: 2 },
  dense: { tdPt: 6.5, thPt: 5.8, thSpacingEm: 0.02, padXMm: 1.1 },
} as const;
type Fonts = (typeof TABLE_FONTS)[keyof typeof TABLE_FONTS];

/** Columns a table needs before it is printed small (dense), if it cannot fit on one line otherwise. */
const DENSE_FROM_COLUMNS = 6;
/** Estimates err wide: an unbroken figure wider than its column would spill over its neighbour. */
const SAFETY = 1.04;
/** What word wrapping leaves empty at the end of a line, on average, in ems. */
const WRAP_LOSS_EM = 3;
/**
 * Free text gets room for its longest word, so no word breaks mid-word in any language (a German
 * "Erwähnungsrate" in a narrow column would): up to this width; a longer word (a URL in a prompt,
 * an untrusted string) breaks anywhere (docs/decisions.md, "Layout of the page formats").
 */
const TEXT_WORD_MAX_MM = 45;
/** A URL breaks anywhere; below this width it would print a few characters per line. */
const URL_MIN_MM = 24;

type Fit = "nowrap" | "words" | "text" | "url";

const FIT: Record<ValueType, Fit> = {
  percent: "nowrap",
  delta_pp: "nowrap",
  count: "nowrap",
  delta_count: "nowrap",
  number: "nowrap",
  date: "nowrap",
  boolean: "nowrap",
  platform: "words", // "Google AI Overviews" may wrap between words
  status: "words",
  text: "text",
  url: "url",
};
/** Printed bold (coloured by sign), so measured bold. */
const BOLD_TYPES: ReadonlySet<ValueType> = new Set(["delta_pp", "delta_count", "status"]);

export interface ColumnInput {
  label: string;
  type: ValueType;
  /** Text that reads as one figure ("18.0% to 21.2%"): printed on one line, as figures are. */
  nowrap?: boolean;
}

/** How a column's cells may wrap: by its type, unless it says it is one figure. */
const fitOf = (column: ColumnInput): Fit => (column.nowrap ? "nowrap" : FIT[column.type]);

/** How a table is printed: its font size and each column's share of the width, in percent. */
export interface TableLayout {
  dense: boolean;
  widths: number[];
}

/** What a column needs, in mm: `min` before it wraps badly, `max` to print every value on one line. */
interface Need {
  min: number;
  max: number;
  /** Share of the spare room it gets while below `max`: its typical (75th percentile) text width. */
  weight: number;
  /** Width added to its share: padding and what word wrapping leaves empty at each line's end. */
  extra: number;
  /** Width at which its heading takes at most two lines: spare room goes here first. */
  heading: number;
}

/** A column's cells measured once, in ems of their font: the same at either table font size. */
interface CellsEm {
  /** Each cell's widest line, ascending. */
  lines: number[];
  /** The widest word no line may break (0 for figures, which never wrap). */
  word: number;
}

function lineEm(text: string, weight: Weight): number {
  let widest = 0;
  for (const line of text.split("\n")) widest = Math.max(widest, textEm(line, weight));
  return widest;
}

function measure(column: ColumnInput, cells: readonly string[]): CellsEm {
  const weight: Weight = BOLD_TYPES.has(column.type) ? "bold" : "regular";
  const fit = fitOf(column);
  let word = 0;
  const lines = cells.map((c) => {
    // Free text needs room for its longest word of letters and digits: markup-like or symbol
    // strings may break at their symbols (overflow-wrap), a word of a language never.
    if (fit === "text") word = Math.max(word, widestRunEm(c, weight));
    else if (fit !== "nowrap") word = Math.max(word, widestWordEm(c, weight));
    return lineEm(c, weight);
  });
  lines.sort((a, b) => a - b);
  return { lines, word };
}

function need(column: ColumnInput, cells: CellsEm, f: Fonts): Need {
  const pad = 2 * f.padXMm;
  const label = column.label.toUpperCase();
  const head = widestWordEm(label, "bold", f.thSpacingEm) * f.thPt * PT_MM;
  const heading = twoLineEm(label, "bold", f.thSpacingEm) * f.thPt * PT_MM * SAFETY + pad;
  const mm = (em: number) => em * f.tdPt * PT_MM;
  const word = mm(cells.word);
  const longest = mm(cells.lines.at(-1) ?? 0);
  // A row is as tall as its most wrapped cell: a column of mostly short values with some long ones
  // (a list of competitors) is sized for the long ones, not for its average.
  const p75 = cells.lines[Math.floor(cells.lines.length * 0.75)];
  const typical = p75 === undefined ? longest : mm(p75);
  const max = Math.max(head, longest) * SAFETY + pad;
  // Wrapping leaves about half a word unused per line: a narrow column loses a larger share.
  const base = { max, extra: pad + WRAP_LOSS_EM * f.tdPt * PT_MM, heading };
  switch (fitOf(column)) {
    case "nowrap":
      return { ...base, min: max, weight: 0 };
    case "words":
      return { ...base, min: Math.max(head, word) * SAFETY + pad, weight: typical };
    case "text":
      return {
        ...base,
        min: Math.max(head, Math.min(word, TEXT_WORD_MAX_MM)) * SAFETY + pad,
        weight: typical + 1,
      };
    case "url":
      return {
        ...base,
        min: Math.max(head * SAFETY, Math.min(longest, URL_MIN_MM)) + pad,
        weight: typical + 1,
      };
  }
}

const sum = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0);

/** Widths in mm filling `available`: every column its minimum, the rest by need. */
function distribute(needs: readonly Need[], available: number): number[] {
  const min = sum(needs.map((n) => n.min));
  // Too narrow even at the minimum: shrink everything alike (free text breaks anywhere).
  if (min >= available) return needs.map((n) => (n.min * available) / min);
  // Each flexible column gets λ·weight + extra, within [min, max], with λ chosen so the columns
  // fill the width: long text widens first, and texts wrap to similar line counts.
  const at = (lambda: number) =>
    needs.map((n) => Math.min(n.max, Math.max(n.min, lambda * n.weight + n.extra)));
  let lo = 0;
  let hi = 1;
  while (sum(at(hi)) < available && hi < 1e6) hi *= 2;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (sum(at(mid)) < available) lo = mid;
    else hi = mid;
  }
  const w = at(hi);
  // Everything fits on one line with room to spare: first the headings that would take three
  // lines or more ("SHARE / OF / VOICE") get the width for two, then the rest is spread in
  // proportion.
  const short = needs.map((n, i) => Math.max(0, n.heading - w[i]!));
  const wanted = sum(short);
  const spare = available - sum(w);
  if (spare > 0.01 && wanted > 0) {
    const share = Math.min(1, spare / wanted);
    short.forEach((s, i) => {
      w[i] = w[i]! + s * share;
    });
  }
  const rest = available - sum(w);
  if (rest > 0.01) {
    const total = sum(w);
    return w.map((x) => x + (rest * x) / total);
  }
  return w;
}

/**
 * The layout of a table `availableMm` wide whose column `i` prints `cells[r][i]` in row `r`.
 * Wide tables (many columns that cannot all print on one line) use the dense font.
 */
export function layoutTable(
  columns: readonly ColumnInput[],
  cells: readonly (readonly string[])[],
  availableMm: number,
): TableLayout {
  const measured = columns.map((c, i) =>
    measure(
      c,
      cells.map((row) => row[i] ?? ""),
    ),
  );
  const at = (f: Fonts) => columns.map((c, i) => need(c, measured[i]!, f));
  let needs = at(TABLE_FONTS.normal);
  const dense = columns.length >= DENSE_FROM_COLUMNS && sum(needs.map((n) => n.max)) > availableMm;
  if (dense) needs = at(TABLE_FONTS.dense);
  const mm = distribute(needs, availableMm);
  const total = sum(mm);
  // Percentages of the table's width: exact whatever the printed width turns out to be.
  return { dense, widths: mm.map((x) => Math.round((x / total) * 10_000) / 100) };
}
