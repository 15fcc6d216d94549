/**
 * The language running text is written in, told by its commonest function words: enough to see
 * that an agency's note is English in a German report (docs/claims.md, "The self-check"), not a
 * language detector. Words two languages share ("la") count for both.
 */
const MARKERS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(["the", "and", "of", "to", "is", "are", "with", "for", "we", "our", "this", "on", "in"]),
  de: new Set([
    "der",
    "die",
    "das",
    "und",
    "ist",
    "sind",
    "mit",
    "für",
    "wir",
    "unsere",
    "nicht",
    "auf",
    "im",
  ]),
  fr: new Set(["le", "la", "les", "et", "est", "sont", "avec", "pour", "nous", "nos", "des", "du", "une"]),
  es: new Set(["el", "la", "los", "las", "y", "es", "son", "con", "para", "nuestro", "del", "que", "una"]),
};

/** Fewer marker words than this say nothing (a name, a date, a short label). */
const MIN_MARKERS = 4;

/** The language (`en`, `de`, `fr`, `es`) `text` reads as, or null when it does not tell. */
export function languageOf(text: string): string | null {
  const words = text.toLocaleLowerCase().match(/\p{L}+/gu) ?? [];
  const counts = Object.entries(MARKERS)
    .map(([language, markers]) => [language, words.filter((w) => markers.has(w)).length] as const)
    .sort((a, b) => b[1] - a[1]);
  const [first, second] = counts;
  if (!first || first[1] < MIN_MARKERS || (second && second[1] * 2 > first[1])) return null;
  return first[0];
}
