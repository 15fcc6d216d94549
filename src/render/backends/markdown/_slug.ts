/**
 * Heading anchors as GitHub computes them (github-slugger): lower-case, drop everything but
 * letters, marks, digits, `_`, `-` and spaces, spaces to dashes; a repeated slug gets `-1`, `-2`…
 * One Slugger sees every heading of a document in order, exactly as GitHub does.
 */
export class Slugger {
  private readonly seen = new Map<string, number>();

  /** The anchor of the next heading with this (unescaped) text. */
  slug(text: string): string {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    let slug = base;
    let n = this.seen.get(base) ?? 0;
    while (this.seen.has(slug)) {
      n += 1;
      slug = `${base}-${n}`;
    }
    this.seen.set(base, n);
    this.seen.set(slug, 0);
    return slug;
  }
}
