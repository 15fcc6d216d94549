import type { Backend, OutputFormat } from "../types.js";

/**
 * One lazy loader per format, like unstorage drivers: a backend's dependencies load only when it
 * is used (puppeteer and Chromium for PDF alone). Typed as a Record so a missing format fails to compile.
 */
const LOADERS: Record<OutputFormat, () => Promise<Backend>> = {
  md: async () => (await import("./markdown.js")).backend,
  pdf: async () => (await import("./pdf.js")).backend,
  xlsx: async () => (await import("./xlsx.js")).backend,
};

/** Raised when a format has no backend (an unknown value reaching the registry past flag validation). */
export class UnknownFormatError extends Error {
  readonly code = "UNKNOWN_FORMAT";
  constructor(readonly format: string) {
    super(`unknown output format "${format}": allowed values are ${Object.keys(LOADERS).join(", ")}`);
    this.name = "UnknownFormatError";
  }
}

/** Loads the backend for a format. */
export async function getBackend(format: OutputFormat): Promise<Backend> {
  // Own-property check: a value like "toString" must not reach the prototype.
  if (!Object.hasOwn(LOADERS, format)) throw new UnknownFormatError(format);
  return LOADERS[format]();
}
