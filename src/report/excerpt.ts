/** A run of an answer excerpt: plain text, or a name the report highlights. */
export interface Segment {
  text: string;
  mark: "brand" | "competitor" | null;
}

/** Longest excerpt, in characters, before it is cut (docs/metrics.md, "Evidence"). */
export const EXCERPT_CHARS = 320;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A short excerpt of an answer around the first sentence naming one of `anchor`'s kind (the
 * competitors for a gap, the brand for a win), with every brand and competitor name marked.
 * Names match case-insensitively as whole words; the longer name wins where two overlap
 * ("Acme Cloud" before "Acme"). An answer naming none of them is quoted from its start.
 */
export function excerpt(
  text: string,
  names: { brand: readonly string[]; competitors: readonly string[] },
  anchor: "brand" | "competitor",
): Segment[] {
  const kinds = new Map<string, "brand" | "competitor">();
  for (const n of names.competitors) if (n.trim()) kinds.set(n.toLowerCase(), "competitor");
  for (const n of names.brand) if (n.trim()) kinds.set(n.toLowerCase(), "brand");
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
  kinds: ReadonlyMap<string, "brand" | "competitor">,
  anchor: "brand" | "competitor",
): string {
  const sentences = [...new Intl.Segmenter("en", { granularity: "sentence" }).segment(text)];
  const names = (s: string) =>
    pattern ? [...s.matchAll(pattern)].some((m) => kinds.get(m[0].toLowerCase()) === anchor) : false;
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
function segments(
  text: string,
  pattern: RegExp | null,
  kinds: ReadonlyMap<string, "brand" | "competitor">,
): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of pattern ? text.matchAll(pattern) : []) {
    const start = m.index ?? 0;
    if (start > at) out.push({ text: text.slice(at, start), mark: null });
    out.push({ text: m[0], mark: kinds.get(m[0].toLowerCase()) ?? null });
    at = start + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: null });
  return out;
}
