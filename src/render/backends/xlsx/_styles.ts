import type ExcelJS from "exceljs";
import type { ValueType } from "../../../format/value-type.js";
import type { Tone } from "../../types.js";
import { excelNumberFormats } from "./_number-formats.js";

/*
 * Shared style objects. exceljs caches a cell's style id by object identity (a WeakMap in its
 * styles writer), so assigning one shared object to 100,000 cells costs one lookup each, while a
 * fresh object per cell is hashed to JSON per cell. Never mutate these: every cell shares them.
 */
type Style = Partial<ExcelJS.Style>;

const GREEN = "FF1E7B34";
const RED = "FFC0392B";
const GREY = "FF6B7480";
const AMBER = "FF9A5B00";

// Top-aligned everywhere: a row grown by wrapped text keeps its figures level with the text's start.
const TOP: Partial<ExcelJS.Alignment> = { vertical: "top" };

/**
 * A table row's own style: none. exceljs gives each new row a fresh `{}`, which misses the
 * identity cache and is turned into style XML once per row when writing (a quarter of a second
 * on 100,000 rows); one shared object is resolved once. Frozen because every table row shares it.
 */
export const ROW: Style = Object.freeze({});
/** Plain text (also overrides the fresh `{}` exceljs gives each new cell). */
export const PLAIN: Style = { alignment: TOP };
/** Header row of a table. */
export const HEADER: Style = {
  font: { bold: true },
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8EEF9" } },
  border: { bottom: { style: "thin", color: { argb: "FF8899BB" } } },
  alignment: { vertical: "top" },
};
/** A table's own title above its header. */
export const TITLE: Style = { font: { bold: true, size: 12 } };
/** The sheet heading. */
export const HEADING: Style = { font: { bold: true, size: 16 } };
/** Sub-headings on the Summary sheet. */
export const SUBHEADING: Style = { font: { bold: true, size: 13 } };
/** Label of a fact (cover facts). */
export const LABEL: Style = { font: { bold: true } };
/** A review copy's line under About's title (`generate --draft`): red and bold, as on the PDF's pages. */
export const DRAFT: Style = { font: { bold: true, size: 12, color: { argb: "FFB42318" } } };
/** Notes and notices: words instead of missing data. */
export const NOTE: Style = { font: { italic: true, color: { argb: "FF555555" } } };
/** Wrapped narrative text (paragraphs, bullets) spanning merged columns. */
export const NARRATIVE: Style = { alignment: { wrapText: true, vertical: "top" } };
/** Wrapped notice text. */
export const NARRATIVE_NOTE: Style = { ...NOTE, alignment: { wrapText: true, vertical: "top" } };
/** A hyperlink cell: blue and underlined, as Excel shows its own links. */
export const LINK: Style = { font: { color: { argb: "FF0563C1" }, underline: true }, alignment: TOP };
const LINK_WRAP: Style = { ...LINK, alignment: { wrapText: true, vertical: "top" } };
const TEXT_WRAP: Style = { alignment: { wrapText: true, vertical: "top" } };

// One shared style per value type, for each unit of percentage points a workbook is written in.
const BY_UNIT = new Map<string, Map<ValueType, Style>>();

function stylesIn(pp: string): Map<ValueType, Style> {
  let byType = BY_UNIT.get(pp);
  if (byType) return byType;
  byType = new Map<ValueType, Style>();
  for (const [type, numFmt] of Object.entries(excelNumberFormats(pp))) {
    byType.set(type as ValueType, { numFmt, alignment: TOP });
  }
  // Excel shows a boolean cell as TRUE/FALSE whatever its format; LibreOffice stores it as 1/0 and
  // shows "1" under General, so give it a format that reads the same in both.
  byType.set("boolean", { numFmt: '"TRUE";"TRUE";"FALSE"', alignment: TOP });
  BY_UNIT.set(pp, byType);
  return byType;
}

/**
 * The shared style of a value type; `wrap` for text columns whose content exceeds the width cap;
 * `pp` the report language's unit of percentage points (Figures.style.pp).
 */
export function styleFor(type: ValueType, wrap = false, pp = "pp"): Style {
  if (type === "url" || type === "text") return wrap ? TEXT_WRAP : PLAIN;
  return stylesIn(pp).get(type) ?? PLAIN;
}

/** The shared style of a hyperlink cell. */
export function linkStyle(wrap: boolean): Style {
  return wrap ? LINK_WRAP : LINK;
}

/** Font colours of the tones (render/change-tone.ts): green good news, red bad news, grey neutral. */
const TONE_COLOUR: Readonly<Partial<Record<Tone, string>>> = {
  good: GREEN,
  bad: RED,
  neutral: GREY,
  warn: AMBER,
};

// One shared object per base style and tone (see the identity cache above).
const TONED = new WeakMap<Style, Map<Tone, Style>>();

/**
 * `base` in the font colour of what a figure means for the client: a cell style rather than a
 * conditional format, because the meaning depends on whose the row is (a competitor's gain is
 * red), which a formula over the cell cannot see. A cell's style moves with it when sorted.
 */
export function toned(base: Style, tone: Tone): Style {
  const colour = TONE_COLOUR[tone];
  if (colour === undefined) return base;
  const byTone = TONED.get(base) ?? new Map<Tone, Style>();
  TONED.set(base, byTone);
  let style = byTone.get(tone);
  if (!style) {
    const font = { ...base.font, color: { argb: colour }, ...(tone === "neutral" ? {} : { bold: true }) };
    style = { ...base, font };
    byTone.set(tone, style);
  }
  return style;
}
