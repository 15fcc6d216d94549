/**
 * The contents' page-number slot as templates print it: figure spaces, which backends/pdf/_contents.ts
 * turns into digits once the report is printed. No pdf-lib here: this is needed before printing.
 */

/** Figure spaces per page-number slot: numbers up to 9999 pages. */
export const SLOT_WIDTH = 4;

/** The text of an empty slot, as templates print it. */
export const EMPTY_SLOT = "\u2007".repeat(SLOT_WIDTH);

/** U+2007 FIGURE SPACE: as wide as a digit. */
export const FIGURE_SPACE = 0x2007;

/**
 * Page `n` as a filled slot: its digits right-aligned in SLOT_WIDTH figure spaces, exactly as
 * wide as an empty slot, so printing it moves nothing.
 */
export function filledSlot(n: number): string {
  return String(n).padStart(SLOT_WIDTH, String.fromCodePoint(FIGURE_SPACE));
}

/**
 * `text` with its figure spaces as plain spaces: for the running header and footer, the only
 * untrusted text on the contents pages, so that no figure space but the slots' is printed there.
 */
export function withoutFigureSpaces(text: string): string {
  return text.replaceAll(String.fromCodePoint(FIGURE_SPACE), " ");
}
