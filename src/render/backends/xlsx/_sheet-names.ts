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

/** A title made acceptable as a sheet name: forbidden characters stripped, at most 31 characters. */
export function cleanSheetName(title: string): string {
  const s = title
    .replace(FORBIDDEN, "")
    // Control characters (tabs, line breaks in a title) become spaces.
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "")
    .trim();
  return cut(s, MAX_SHEET_NAME).trim() || "Sheet";
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
      name = cut(base, MAX_SHEET_NAME - suffix.length).trimEnd() + suffix;
    }
    this.taken.add(name.toLowerCase());
    return name;
  }
}
