/**
 * Widths of printed text in Noto Sans (the report font), estimated without a browser: enough to
 * size table columns before Chromium lays them out. Advance widths of printable ASCII in
 * hundredths of an em, two digits per character from U+0020 to U+007E, measured from Debian's
 * NotoSans-Regular.ttf and NotoSans-Bold.ttf. Digits are 0.57 em in both (tabular).
 */
const REGULAR =
  "2627416557837322303055572732273757575757575757575757272757575743906465637356527374342762529176786078625556736093595757333733574428566148615634616226265326936260616141483662517953514738553857";
const BOLD =
  "2629476557907527343454572832284157575757575757575757282857575748906967647456557276393366569481806380665558766597676258334133574136606351635939636630306230986662636345504366578658574939553957";

function decode(table: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < table.length; i += 2) out.push(Number(table.slice(i, i + 2)) / 100);
  return out;
}

const EM = { regular: decode(REGULAR), bold: decode(BOLD) } as const;
/** Anything outside ASCII (accents, CJK, emoji): a generous average, so a column is not too narrow. */
const OTHER_EM = 0.75;

export type Weight = keyof typeof EM;

/** The advance of the character `code` in `table`'s font, in ems. */
const charEm = (table: readonly number[], code: number): number =>
  code >= 32 && code < 127 ? table[code - 32]! : OTHER_EM;

/** Width of `text` on one line, in ems of its font, plus `spacingEm` after every character. */
export function textEm(text: string, weight: Weight = "regular", spacingEm = 0): number {
  const table = EM[weight];
  let em = 0;
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    em += charEm(table, code);
    n++;
  }
  return em + n * spacingEm;
}

/** The widest word of `text` (split at spaces and line breaks), in ems. */
export function widestWordEm(text: string, weight: Weight = "regular", spacingEm = 0): number {
  let widest = 0;
  for (const word of text.split(/\s+/)) widest = Math.max(widest, textEm(word, weight, spacingEm));
  return widest;
}

/** A letter or digit of any script: what a word of a language is made of. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The widest run of letters and digits in `text`, in ems: the longest word of a language, which
 * must never break, where symbols (markup, URLs) may. One pass over the text: a table cell of an
 * answer's excerpt is measured this way for every report, and matching the runs with a Unicode
 * regular expression first took most of the HTML's layout time.
 */
export function widestRunEm(text: string, weight: Weight = "regular"): number {
  const table = EM[weight];
  let widest = 0;
  let run = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const lower = code | 32;
    const word =
      code < 128 ? (code >= 48 && code <= 57) || (lower >= 97 && lower <= 122) : WORD_CHAR.test(ch);
    if (!word) run = 0;
    else {
      run += charEm(table, code);
      widest = Math.max(widest, run);
    }
  }
  return widest;
}

/**
 * The narrowest width, in ems, at which `text` prints on at most two lines (broken between words):
 * the widest line of the best split.
 */
export function twoLineEm(text: string, weight: Weight = "regular", spacingEm = 0): number {
  const words = text.split(/\s+/).filter(Boolean);
  let best = textEm(words.join(" "), weight, spacingEm);
  for (let i = 1; i < words.length; i++) {
    const first = textEm(words.slice(0, i).join(" "), weight, spacingEm);
    const second = textEm(words.slice(i).join(" "), weight, spacingEm);
    best = Math.min(best, Math.max(first, second));
  }
  return best;
}

/** Points to millimetres. */
export const PT_MM = 25.4 / 72;
