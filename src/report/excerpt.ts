/** A run of an answer excerpt: plain text, or a name the report highlights. */
export interface Segment {
  text: string;
  mark: "brand" | "competitor" | null;
  /** For a marked run: the entity's own name, whichever of its names the answer wrote ("Nimbus"). */
  entity?: string;
}

/** An entity the excerpt marks, by its own name and the other names an answer may write it by. */
export interface NamedEntity {
  name: string;
  aliases?: readonly string[];
}

/** Longest excerpt, in characters, before it is cut (docs/metrics.md, "Evidence"). */
export const EXCERPT_CHARS = 320;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a written name stands for: the kind of entity and its own name. */
interface Meaning {
  kind: "brand" | "competitor";
  entity: string;
}

/**
 * A short excerpt of an answer around the first sentence naming one of `anchor`'s kind (the
 * competitors for a gap, the brand for a win), with every name of the brand (its first name is its
 * own, the rest its variants) and of each competitor marked as that entity. Names match
 * case-insensitively as whole words; the longer name wins where two overlap ("Acme Cloud" before
 * "Acme"). An answer naming none of them is quoted from its start.
 */
export function excerpt(
  text: string,
  names: { brand: readonly string[]; competitors: readonly (string | NamedEntity)[] },
  anchor: "brand" | "competitor",
): Segment[] {
  const kinds = new Map<string, Meaning>();
  for (const c of names.competitors) {
    const e = typeof c === "string" ? { name: c } : c;
    for (const n of [e.name, ...(e.aliases ?? [])])
      if (n.trim()) kinds.set(n.toLowerCase(), { kind: "competitor", entity: e.name });
  }
  const brand = names.brand[0] ?? "";
  for (const n of names.brand) if (n.trim()) kinds.set(n.toLowerCase(), { kind: "brand", entity: brand });
  const alternatives = [...kinds.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern =
    alternatives.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "giu")
      : null;
  const clean = text.replace(/\s+/g, " ").trim();
  const window = cutWindow(clean, pattern, kinds, anchor);
  return segments(window, pattern, kinds);
}

/** The excerpt's text: whole sentences from the anchor sentence on, up to EXCERPT_CHARS, with ellipses where cut. */
function cutWindow(
  text: string,
  pattern: RegExp | null,
  kinds: ReadonlyMap<string, Meaning>,
  anchor: "brand" | "competitor",
): string {
  const sentences = [...new Intl.Segmenter("en", { granularity: "sentence" }).segment(text)];
  const names = (s: string) =>
    pattern ? [...s.matchAll(pattern)].some((m) => kinds.get(m[0].toLowerCase())?.kind === anchor) : false;
  const first = Math.max(
    0,
    sentences.findIndex((s) => names(s.segment)),
  );
  let out = "";
  let last = first;
  for (let i = first; i < sentences.length; i++) {
    const next = out + (sentences[i]?.segment ?? "");
    if (i > first && next.trimEnd().length > EXCERPT_CHARS) break;
    out = next;
    last = i;
  }
  out = out.trim();
  let cutEnd = last < sentences.length - 1;
  if (out.length > EXCERPT_CHARS) {
    // One long sentence: cut at a word boundary.
    const space = out.lastIndexOf(" ", EXCERPT_CHARS);
    out = out.slice(0, space > EXCERPT_CHARS / 2 ? space : EXCERPT_CHARS).trimEnd();
    cutEnd = true;
  }
  return `${first > 0 ? "… " : ""}${out}${cutEnd ? " …" : ""}`;
}

/** Splits text into plain and marked runs. */
function segments(text: string, pattern: RegExp | null, kinds: ReadonlyMap<string, Meaning>): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of pattern ? text.matchAll(pattern) : []) {
    const start = m.index ?? 0;
    if (start > at) out.push({ text: text.slice(at, start), mark: null });
    const meaning = kinds.get(m[0].toLowerCase());
    out.push(
      meaning ? { text: m[0], mark: meaning.kind, entity: meaning.entity } : { text: m[0], mark: null },
    );
    at = start + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: null });
  return out;
}

/** The entities of one kind an excerpt marks, by their own names, in the order they first appear. */
export function markedEntities(segments: readonly Segment[], kind: "brand" | "competitor"): string[] {
  const seen = new Set<string>();
  for (const s of segments) if (s.mark === kind && s.entity !== undefined) seen.add(s.entity);
  return [...seen];
}

/**
 * The other names an answer may write a competitor by, when its text does not use the full name:
 * the API's setup lists no competitor variants, and answers shorten "Nimbus Metrics" to "Nimbus".
 * Only for a competitor the answer is known to name (the service detected it), so the short name
 * cannot mark a bystander; never shorter than three letters.
 */
export function shortNamesIn(name: string, text: string): string[] {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? "";
  if (words.length < 2 || [...first].length < 3) return [];
  const whole = (n: string) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, "iu").test(text);
  return whole(name) ? [] : [first];
}
