/**
 * A minimal reader for the PDFs Chromium (Skia) writes: classic cross-reference tables and
 * plain-text object dictionaries (only content, image and font streams are compressed). It reads
 * just enough structure to find pages and named destinations and to append an update; anything
 * else is an error, so a Chromium change is caught by the tests instead of printing wrong pages.
 */

/** A parsed classic PDF: its text (latin1, one char per byte) and where each object starts. */
export interface PdfDoc {
  text: string;
  offsets: Map<number, number>;
  trailer: string;
  startxref: number;
}

/** Reads the cross-reference tables (newest first, following `/Prev`) of a classic PDF. */
export function parsePdf(bytes: Uint8Array): PdfDoc {
  const text = Buffer.from(bytes).toString("latin1");
  const sx = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!sx) throw new Error("PDF: no startxref at the end of the file");
  const startxref = Number(sx[1]);
  const offsets = new Map<number, number>();
  let trailer: string | undefined;
  const seen = new Set<number>();
  for (let at: number | undefined = startxref; at !== undefined; ) {
    if (seen.has(at) || !text.startsWith("xref", at))
      throw new Error("PDF: xref table expected (xref streams unsupported)");
    seen.add(at);
    const end = text.indexOf("trailer", at);
    const lines = text
      .slice(at + 4, end)
      .trim()
      .split(/\r\n|\r|\n/);
    for (let i = 0; i < lines.length; ) {
      const [first, count] = lines[i]!.trim().split(/\s+/).map(Number);
      for (let k = 0; k < (count ?? 0); k++) {
        const [off, , kind] = lines[i + 1 + k]!.trim().split(/\s+/);
        const num = first! + k;
        if (kind === "n" && !offsets.has(num)) offsets.set(num, Number(off));
      }
      i += 1 + (count ?? 0);
    }
    const dict = /<<([\s\S]*?)>>\s*startxref/.exec(text.slice(end))?.[1] ?? "";
    trailer ??= dict;
    const prev = /\/Prev\s+(\d+)/.exec(dict)?.[1];
    at = prev === undefined ? undefined : Number(prev);
  }
  return { text, offsets, trailer: trailer ?? "", startxref };
}

/** The text of object `num`'s body, between `N 0 obj` and `endobj`. */
export function objectBody(doc: PdfDoc, num: number): string {
  const at = doc.offsets.get(num);
  const head = at === undefined ? null : /^\s*\d+\s+0\s+obj/.exec(doc.text.slice(at, at + 32));
  if (at === undefined || !head) throw new Error(`PDF: object ${num} not found`);
  const end = doc.text.indexOf("endobj", at);
  return doc.text.slice(at + head[0].length, end).trim();
}

/** The object number that `key` refers to (`/key N 0 R`) inside a dictionary's text. */
export function refIn(dict: string, key: string): number | undefined {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(dict);
  return m ? Number(m[1]) : undefined;
}

/** The trailer's `/Root`: the catalog's object number. */
export function catalogNumber(doc: PdfDoc): number {
  const root = refIn(doc.trailer, "Root");
  if (root === undefined) throw new Error("PDF: no trailer /Root");
  return root;
}
