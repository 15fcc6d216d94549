import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** Runs a poppler tool and returns its stdout. */
function poppler(tool: string, args: string[]): string {
  return execFileSync(tool, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** The text of a PDF as `pdftotext -layout` reads it; pages are separated by form feeds. */
export function pdfText(file: string): string {
  return poppler("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
}

/** The text of each page (`pdftotext` ends every page with a form feed). */
export function pdfPages(file: string): string[] {
  const pages = pdfText(file).split("\f");
  if (pages.at(-1)?.trim() === "") pages.pop();
  return pages;
}

/** `pdfinfo` as a key → value record ("Pages", "Page size", "Tagged", …). */
export function pdfInfo(file: string): Record<string, string> {
  const info: Record<string, string> = {};
  for (const line of poppler("pdfinfo", [file]).split("\n")) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) info[m[1]!] = m[2]!;
  }
  return info;
}

/** One row of `pdffonts`. */
export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
}

/** The fonts a PDF uses, from `pdffonts` (the emb column read by position, as names can hold spaces). */
export function pdfFonts(file: string): PdfFont[] {
  const lines = poppler("pdffonts", [file]).split("\n");
  const rule = lines[1] ?? "";
  // Column boundaries come from the dashed rule under the header: "---- ---- ---- ---".
  const cols = [...rule.matchAll(/-+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const cell = (line: string, i: number) => line.slice(cols[i]!.start, cols[i]!.end).trim();
  return lines
    .slice(2)
    .filter((l) => l.trim() !== "")
    .map((l) => ({ name: cell(l, 0), type: cell(l, 1), embedded: cell(l, 3) === "yes" }));
}

/** A word `pdftotext -bbox` finds on a page, with its box in points from the top-left corner. */
export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of page `page` (1-based), in reading order. */
export function pdfWords(file: string, page: number): PdfWord[] {
  const html = poppler("pdftotext", [
    "-bbox",
    "-enc",
    "UTF-8",
    "-f",
    String(page),
    "-l",
    String(page),
    file,
    "-",
  ]);
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    text: m[5]!,
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
  }));
}

/** Bookmark titles of a PDF, in order, as `pdftohtml -xml` reads its outline. */
export function pdfOutline(file: string): string[] {
  const xml = poppler("pdftohtml", ["-xml", "-i", "-q", "-stdout", file]);
  const outline = /<outline>([\s\S]*?)<\/outline>/.exec(xml)?.[1] ?? "";
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  return [...outline.matchAll(/<item[^>]*>([\s\S]*?)<\/item>/g)].map((m) => decode(m[1]!));
}

/** Renders pages of a PDF to PNGs (`pdftoppm -png -r dpi`) into `dir`; returns the PNG paths. */
export function pdfImages(file: string, dir: string, dpi = 60): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  poppler("pdftoppm", ["-png", "-r", String(dpi), file, join(dir, "p")]);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".png"))
    .sort()
    .map((f) => join(dir, f));
}

/** Collapses runs of whitespace, so wrapped or column-laid-out text compares as one line. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ");
}

/** The names of a PDF's fonts, but the emoji's (Type 3: glyph procedures, no name): each must be unique. */
export function namedFonts(file: string): string[] {
  return pdfFonts(file)
    .filter((f) => f.type !== "Type 3")
    .map((f) => f.name);
}

/** One element of a tagged PDF's structure tree, as `pdfinfo -struct-text` prints it. */
export interface StructElement {
  type: string;
  /** Its attributes (`/Scope /Column` → Scope: "/Column"). */
  attrs: Record<string, string>;
  /** Its pieces of text and its child elements, in order. */
  content: (string | StructElement)[];
}

/**
 * The structure tree of a tagged PDF (`pdfinfo -struct-text`): each line is an element (`H2
 * (block)`, `TH <node…>:`), an attribute of the element above (`/Scope /Column`, indented by
 * three more spaces) or a piece of its text (`"…"`); nesting is two spaces per level.
 */
export function pdfStructure(file: string): StructElement {
  const root: StructElement = { type: "(root)", attrs: {}, content: [] };
  const open: { depth: number; el: StructElement }[] = [{ depth: -1, el: root }];
  for (const line of poppler("pdfinfo", ["-struct-text", file]).split("\n")) {
    const body = line.trimStart();
    if (body === "") continue;
    const depth = (line.length - body.length) / 2;
    if (body.startsWith("/")) {
      const [key, ...value] = body.slice(1).split(" ");
      open.at(-1)!.el.attrs[key!] = value.join(" ");
      continue;
    }
    while (open.length > 1 && open.at(-1)!.depth >= depth) open.pop();
    const parent = open.at(-1)!.el;
    if (body.startsWith('"')) parent.content.push(body.slice(1, body.lastIndexOf('"')));
    else if (!body.startsWith("Object ")) {
      const el: StructElement = { type: body.split(/[\s:]/)[0]!, attrs: {}, content: [] };
      parent.content.push(el);
      open.push({ depth, el });
    }
  }
  const [document] = root.content;
  if (typeof document !== "object") throw new Error(`${file}: no structure tree`);
  return document;
}

/** Every element of a structure tree in reading order (depth first), the root first. */
export function structElements(root: StructElement): StructElement[] {
  return [root, ...root.content.flatMap((c) => (typeof c === "string" ? [] : structElements(c)))];
}

/** The text of an element and everything in it, in order, its pieces joined by single spaces. */
export function structText(el: StructElement): string {
  const pieces = el.content.map((c) => (typeof c === "string" ? c : structText(c)));
  return squash(pieces.filter((t) => t.trim() !== "").join(" ")).trim();
}
