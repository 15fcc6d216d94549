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

// Stands in for a forbidden character while a name is shortened: it marks where a phrase ends
// ("Latest answers: what AI said" may become "Latest answers"), and no name keeps it.
const MARK = "\uE000";

/** The title with Excel's forbidden characters marked, control characters as spaces, spaces collapsed. */
function marked(title: string): string {
  return (
    title
      .replace(FORBIDDEN, MARK)
      // Control characters (tabs, line breaks in a title) become spaces.
      .replace(/\p{Cc}/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** A marked text as a name: the marks dropped, spaces collapsed, no apostrophe at either end. */
function unmarked(s: string): string {
  return s
    .replaceAll(MARK, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "")
    .trim();
}

/** The title with Excel's forbidden characters stripped and its spaces collapsed, uncut. */
function legal(title: string): string {
  return unmarked(marked(title));
}

/*
 * Words a shortened name may not end on, in the report's four languages (docs/decisions.md, "A
 * workbook without traps"): conjunctions, articles, prepositions, possessives and the determiners
 * that wait for their noun ("next", "nächste"). Compared lower-cased; a title of one language never
 * needs another's list, and none of these is a content word of the others.
 */
const DANGLING = new Set(
  [
    "and or nor but vs a an the of for to in on at by with from per our your their its my next last this these each every",
    "und oder sowie der die das den dem des ein eine einer eines einem einen von vom für mit nach zu zum zur im am an auf aus bei pro unser unsere unseren unserer ihr ihre ihren nächste nächsten nächster letzte letzten diese dieser jede jeder",
    "et ou le la les l un une des du de d au aux à en par pour sur avec sans notre nos votre vos leur leurs prochain prochaine prochains prochaines dernier dernière derniers dernières ce cette ces chaque",
    "y e o u ni el los las del al a en por para con sin sobre nuestro nuestra nuestros nuestras su sus tu tus próximo próxima próximos próximas siguiente siguientes último última últimos últimas este esta estos estas cada",
  ]
    .join(" ")
    .split(" "),
);

/** Whether `word` (a whole word of a title) leaves a name cut after it dangling. */
function dangling(word: string): boolean {
  return DANGLING.has(word.toLowerCase()) || /^\p{Ll}{1,3}$/u.test(word);
}

// Where a name may be cut: spaces, hyphens and dashes, a comma, an ampersand, a forbidden character.
const BREAK = new RegExp(`[\\s\\-‐–—,;&+${MARK}]+`, "gu");

/**
 * A head of the marked title `s` that fits in `max` UTF-16 units and ends where a phrase ends:
 * before a dangling word or at a hyphen, dash, comma or forbidden character ("Our work and next
 * steps" → "Our work", "Content-Pipeline" → "Content", "Cartographie des contenus" →
 * "Cartographie"), never after a dangling word ("Our work and", "Share of") nor inside a phrase
 * ("Our work and next"). `longest`: the longest such head; `first`: the first phrase only (the
 * section's part of a "Section – Table" name); `loose`: the longest head not ending on a dangling
 * word, wherever it ends (a title with no phrase boundary that fits is still cut between words).
 * "" when none fits.
 */
function phraseHead(s: string, max: number, mode: "longest" | "first" | "loose" = "longest"): string {
  if (unmarked(s).length <= max) return unmarked(s);
  let best = "";
  for (const m of s.matchAll(BREAK)) {
    const head = unmarked(s.slice(0, m.index));
    if (head.length > max) break;
    const last = /[\p{L}\p{N}'’]+$/u.exec(head)?.[0] ?? "";
    const next = /^[\p{L}\p{N}'’]+/u.exec(s.slice((m.index ?? 0) + m[0].length))?.[0] ?? "";
    const phraseEnds = /\S/u.test(m[0]) || dangling(next);
    if (last && !dangling(last) && (mode === "loose" || phraseEnds)) best = head;
    if (best && mode === "first") break;
  }
  return best;
}

/** A head of the marked `s` within `max` units: a phrase, else whole words, else cut (a first word too long). */
function shortened(s: string, max: number): string {
  return (phraseHead(s, max) || phraseHead(s, max, "loose") || cut(unmarked(s), max)).trim();
}

/**
 * A title made acceptable as a sheet name: forbidden characters stripped, at most 31 characters,
 * shortened where a phrase ends, else at a word boundary never after a dangling word (cut inside
 * its first word only when that word alone is too long).
 */
export function cleanSheetName(title: string): string {
  return shortened(marked(title), MAX_SHEET_NAME) || "Sheet";
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
      name = shortened(marked(base), room) + suffix;
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
 * "Section – Table" in at most 31 characters, shortened in any language by the section's part, to
 * its first phrase ("Our work and next steps – Next steps" → "Our work – Next steps",
 * "Content-Pipeline – Einträge nach Status" → "Content – Einträge nach Status"); a section whose
 * leading phrase does not fit leaves the table's own name alone, itself shortened if need be (the
 * namer keeps it unique).
 */
function joined(section: string, table: string): string {
  const s = legal(section);
  const t = legal(table);
  const sep = " – ";
  if (s.length + sep.length + t.length <= MAX_SHEET_NAME) return `${s}${sep}${t}`;
  const head = phraseHead(marked(section), MAX_SHEET_NAME - sep.length - t.length, "first");
  return head ? `${head}${sep}${t}` : cleanSheetName(t);
}

/** "cited_sources" → "Cited sources". */
function humanize(id: string): string {
  const s = id.replace(/[_-]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}
