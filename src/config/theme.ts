import { readFile, stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { type ErrorCategory, VreportError } from "../contract/index.js";

/**
 * A font file embedded in the PDF and the HTML as a `data:` URI (docs/templates.md, "Theme").
 * One file is one face: the regular weight; Chromium synthesises bold and italic from it.
 */
export interface FontFile {
  /** The file's name, for messages. */
  name: string;
  mime: string;
  /** The CSS `format()` hint of `src`. */
  format: string;
  data: Uint8Array;
}

/**
 * The agency's own look for the PDF and the HTML (docs/templates.md): templates overriding the
 * package's, a stylesheet after the package's, a font. Loaded with the config file, so a missing
 * file fails before any report is fetched.
 */
export interface Theme {
  /** Absolute path of a folder whose files override the package's templates/ (same relative names). */
  templatesDir?: string;
  /** The agency's stylesheet, applied after the package's. */
  css?: string;
  /** A font family installed on the machine (`family`), or a font file embedded (`file`). */
  font?: { family: string } | { file: FontFile };
  /** Every file and folder the theme was read from (absolute): what a live preview watches. */
  sources?: string[];
}

/** What the config file says of the theme: paths relative to the config file's folder. */
export interface ThemeFields {
  templatesDir?: string | undefined;
  css?: string | undefined;
  font?: string | undefined;
}

/** A theme file the config names that cannot be used; load-config.ts names the config file and field. */
export class ThemeFileError extends VreportError {
  constructor(
    readonly field: keyof ThemeFields,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  override get category(): ErrorCategory {
    return "usage";
  }
}

/** Font files by extension: their MIME type and CSS `format()` hint. */
const FONT_FILES: Readonly<Record<string, { mime: string; format: string }>> = {
  ".ttf": { mime: "font/ttf", format: "truetype" },
  ".otf": { mime: "font/otf", format: "opentype" },
  ".woff2": { mime: "font/woff2", format: "woff2" },
  ".woff": { mime: "font/woff", format: "woff" },
};

/** The theme of `fields`, its files read relative to `dir`; undefined when it sets nothing. */
export async function loadTheme(dir: string, fields: ThemeFields): Promise<Theme | undefined> {
  const theme: Theme = {};
  const sources: string[] = [];
  if (fields.templatesDir !== undefined) {
    const path = resolve(dir, fields.templatesDir);
    const found = await stat(path).catch(() => null);
    if (!found?.isDirectory()) throw new ThemeFileError("templatesDir", `${path} is not a folder`);
    theme.templatesDir = path;
    sources.push(path);
  }
  if (fields.css !== undefined) {
    const path = resolve(dir, fields.css);
    sources.push(path);
    theme.css = await readFile(path, "utf8").catch((err: unknown) => {
      throw new ThemeFileError("css", `cannot read ${path}`, { cause: err });
    });
  }
  if (fields.font !== undefined) {
    const kind = FONT_FILES[extname(fields.font).toLowerCase()];
    if (kind === undefined) theme.font = { family: fields.font };
    else {
      const path = resolve(dir, fields.font);
      sources.push(path);
      const data = await readFile(path).catch((err: unknown) => {
        throw new ThemeFileError("font", `cannot read ${path}`, { cause: err });
      });
      theme.font = { file: { name: path, ...kind, data: new Uint8Array(data) } };
    }
  }
  return Object.keys(theme).length > 0 ? { ...theme, sources } : undefined;
}
