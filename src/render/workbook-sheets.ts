import { langOf } from "../format/i18n/index.js";
import type { Block, ReportView, SectionView } from "./types.js";

/*
 * The workbook's sheet names, here rather than in the XLSX backend because the page formats name
 * them too: a cut table says which sheet holds the rest (present.ts). Layout: docs/architecture.md,
 * "The workbook".
 */

/** Excel's limit on a sheet name's length. */
export const MAX_SHEET_NAME = 31;

// Characters Excel refuses in sheet names; a name also may not start or end with an apostrophe.
const FORBIDDEN = /[\\/?*[\]:]/g;
// Excel reserves "History" for its change tracking and refuses a user sheet of that name.
const RESERVED = new Set(["history"]);

/** Cuts to `max` UTF-16 units without splitting a surrogate pair (an emoji in a brand name). */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The title with Excel's forbidden characters stripped and its spaces collapsed, uncut. */
function legal(title: string): string {
  return (
    title
      .replace(FORBIDDEN, "")
      // Control characters (tabs, line breaks in a title) become spaces.
      .replace(/\p{Cc}/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^'+|'+$/g, "")
      .trim()
  );
}

/**
 * The longest run of `s`'s leading words that fits in `max` UTF-16 units, cut after a space or a
 * hyphen (which is dropped: "Content-Pipeline" → "Content"), never inside a word nor after a
 * short lower-case word ("des", "of"); "" when not even the first word fits.
 */
function wholeWords(s: string, max: number): string {
  if (s.length <= max) return s;
  let best = "";
  for (const m of s.matchAll(/[\s\-‐–—]+/gu)) {
    const head = s.slice(0, m.index).trimEnd();
    if (head.length > max) break;
    // A head ending in a short lower-case word ("Cartographie des", "Share of") reads cut off.
    if (head && !/\s\p{Ll}{1,3}$/u.test(head)) best = head;
  }
  return best;
}

/**
 * A title made acceptable as a sheet name: forbidden characters stripped, at most 31 characters,
 * shortened at a word boundary (cut inside its first word only when that word alone is too long).
 */
export function cleanSheetName(title: string): string {
  const s = legal(title);
  return (wholeWords(s, MAX_SHEET_NAME) || cut(s, MAX_SHEET_NAME)).trim() || "Sheet";
}

/** Hands out unique sheet names (case-insensitively, as Excel compares them), suffixing " (2)", " (3)"…. */
export class SheetNamer {
  private readonly taken = new Set<string>(RESERVED);

  /** The name for a sheet titled `title`, unique among the names handed out so far. */
  take(title: string): string {
    const base = cleanSheetName(title);
    let name = base;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      const room = MAX_SHEET_NAME - suffix.length;
      name = (wholeWords(base, room) || cut(base, room)).trimEnd() + suffix;
    }
    this.taken.add(name.toLowerCase());
    return name;
  }
}

/** A table block of the view. */
type TableBlock = Extract<Block, { kind: "table" }>;

/** One table of the report on a sheet of its own. */
export interface DataSheet {
  name: string;
  section: SectionView;
  table: TableBlock;
}

/** The About sheet's name in the view's language. */
export function aboutSheet(view: ReportView): string {
  return langOf(view.branding.locale).m.workbook.about;
}

/**
 * Every data sheet of a complete view's workbook, in report order: a section's only table on a
 * sheet named after the section, several as "Section – Table". Names are unique and legal, and
 * "About" is kept for the first sheet.
 */
export function workbookSheets(view: ReportView): DataSheet[] {
  const namer = new SheetNamer();
  namer.take(aboutSheet(view));
  return view.sections.flatMap((section) => {
    const tables = section.blocks.filter((b): b is TableBlock => b.kind === "table");
    return tables.map((table) => ({
      name: namer.take(
        tables.length === 1 ? section.title : joined(section.title, table.title ?? humanize(table.id)),
      ),
      section,
      table,
    }));
  });
}

/**
 * "Section – Table" in at most 31 characters, shortened at word boundaries in any language: the
 * section's part ("Content-Pipeline – Einträge nach Status" → "Content – Einträge nach
 * Status"); a section none of whose words fit leaves the table's name alone, itself shortened at
 * a word boundary if need be (the namer keeps it unique).
 */
function joined(section: string, table: string): string {
  const s = legal(section);
  const t = legal(table);
  const sep = " – ";
  if (s.length + sep.length + t.length <= MAX_SHEET_NAME) return `${s}${sep}${t}`;
  const head = wholeWords(s, MAX_SHEET_NAME - sep.length - t.length);
  return head ? `${head}${sep}${t}` : cleanSheetName(t);
}

/** "cited_sources" → "Cited sources". */
function humanize(id: string): string {
  const s = id.replace(/[_-]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}
