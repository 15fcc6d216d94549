import { catalogNumber, objectBody, parsePdf } from "./_pdf-parse.js";

/** One bookmark: its title and the named destination (section anchor) it opens. */
export interface Bookmark {
  title: string;
  anchor: string;
}

/** A PDF text string any title can go in: UTF-16BE with a byte-order mark, hex-encoded. */
function pdfText(text: string): string {
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return `<${hex}>`;
}

function trailerValue(trailer: string, key: string): string | undefined {
  return new RegExp(`/${key}\\s+(\\d+\\s+0\\s+R)`).exec(trailer)?.[1];
}

/**
 * Adds bookmarks (a document outline, one entry per section) to a Chromium PDF as an incremental
 * update: new objects, a catalog that points at them, and a cross-reference section appended
 * after the original bytes, which stay untouched. Chromium's own `outline: true` would also tag
 * the whole PDF, which makes it about three times larger (see pdf.ts).
 */
export function appendOutline(pdf: Uint8Array, bookmarks: readonly Bookmark[]): Uint8Array {
  if (bookmarks.length === 0) return pdf;
  const doc = parsePdf(pdf);
  const catalogNum = catalogNumber(doc);
  const catalog = objectBody(doc, catalogNum);
  if (!catalog.endsWith(">>") || catalog.includes("/Outlines")) throw new Error("PDF: unexpected catalog");
  const size = Number(/\/Size\s+(\d+)/.exec(doc.trailer)?.[1]);
  if (!Number.isInteger(size)) throw new Error("PDF: trailer without /Size");

  const root = size;
  const item = (i: number) => root + 1 + i;
  const objects = new Map<number, string>();
  const last = bookmarks.length - 1;
  objects.set(
    root,
    `<</Type /Outlines /First ${item(0)} 0 R /Last ${item(last)} 0 R /Count ${bookmarks.length}>>`,
  );
  bookmarks.forEach((b, i) => {
    const links = [
      `/Title ${pdfText(b.title)}`,
      `/Parent ${root} 0 R`,
      i > 0 ? `/Prev ${item(i - 1)} 0 R` : "",
      i < last ? `/Next ${item(i + 1)} 0 R` : "",
      // Anchors are [a-z0-9-] (anchorOf), so they are valid PDF names as they are.
      `/Dest /${b.anchor}`,
    ];
    objects.set(item(i), `<<${links.filter(Boolean).join(" ")}>>`);
  });
  objects.set(catalogNum, `${catalog.slice(0, -2)}\n/Outlines ${root} 0 R\n/PageMode /UseOutlines>>`);

  // Starts on a fresh line whatever the original ends with; offsets are byte offsets (latin1).
  let out = "\n";
  const offsets = new Map<number, number>();
  for (const [num, body] of objects) {
    offsets.set(num, pdf.length + out.length);
    out += `${num} 0 obj\n${body}\nendobj\n`;
  }
  const xrefAt = pdf.length + out.length;
  const entry = (num: number) => `${String(offsets.get(num)).padStart(10, "0")} 00000 n \n`;
  out += `xref\n0 1\n0000000000 65535 f \n${catalogNum} 1\n${entry(catalogNum)}`;
  out += `${root} ${bookmarks.length + 1}\n`;
  for (let n = root; n <= item(last); n++) out += entry(n);
  const info = trailerValue(doc.trailer, "Info");
  out += `trailer\n<</Size ${item(last) + 1}\n/Root ${catalogNum} 0 R\n${info ? `/Info ${info}\n` : ""}/Prev ${doc.startxref}>>\n`;
  out += `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(out, "latin1")]);
}
