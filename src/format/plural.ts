import { formatCount } from "./figures.js";

// The report's text is English (docs/architecture.md, "Output conventions"), so its nouns follow
// English plural rules whatever locale the figures use.
const rules = new Intl.PluralRules("en-US");

/** The noun in the form `n` asks for: nounFor(1, "prompt") → "prompt", nounFor(2, "prompt") → "prompts". */
export function nounFor(n: number, one: string, other = `${one}s`): string {
  return rules.select(Math.round(n)) === "one" ? one : other;
}

/** A count and its noun: countOf(1, "platform") → "1 platform", countOf(12345, "answer") → "12,345 answers". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${formatCount(n)} ${nounFor(n, one, other)}`;
}
