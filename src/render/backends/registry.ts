import { VreportError } from "../../contract/index.js";
import type { Backend, BackendEntry } from "./backend.js";
import { html } from "./html/meta.js";
import { markdown } from "./markdown/meta.js";
import { pdf } from "./pdf/meta.js";
import { xlsx } from "./xlsx/meta.js";

/**
 * Every output format, in the order `--format all` writes them. Adding a format is a folder
 * under backends/ and one entry here (docs/architecture.md, "Adding a format"): `--format`
 * parsing and help, job validation, schedule help and email content types derive from this list.
 */
export const BACKENDS = [
  { ...pdf, load: async () => (await import("./pdf/backend.js")).backend },
  { ...xlsx, load: async () => (await import("./xlsx/backend.js")).backend },
  { ...markdown, load: async () => (await import("./markdown/backend.js")).backend },
  { ...html, load: async () => (await import("./html/backend.js")).backend },
] as const satisfies readonly BackendEntry[];

export type OutputFormat = (typeof BACKENDS)[number]["format"];

/** The formats, as a non-empty tuple (zod's `z.enum` wants one). */
export const OUTPUT_FORMATS = BACKENDS.map((b) => b.format) as [OutputFormat, ...OutputFormat[]];

/**
 * Raised when a format has no backend (an unknown value reaching the registry past flag
 * validation): asking again cannot help.
 */
export class UnknownFormatError extends VreportError {
  readonly code = "UNKNOWN_FORMAT";
  constructor(readonly format: string) {
    super(`unknown output format "${format}": allowed values are ${OUTPUT_FORMATS.join(", ")}`);
  }

  override get retryable(): boolean {
    return false;
  }
}

/** The registry entry of a format (no backend code loaded). */
export function backendInfo(format: OutputFormat): BackendEntry<OutputFormat> {
  const entry = BACKENDS.find((b) => b.format === format);
  if (!entry) throw new UnknownFormatError(format);
  return entry;
}

const loaded = new Map<OutputFormat, Promise<Backend<OutputFormat>>>();

/** Loads the backend of a format once per process; an unknown format rejects with UnknownFormatError. */
export async function loadBackend(format: OutputFormat): Promise<Backend<OutputFormat>> {
  let backend = loaded.get(format);
  if (!backend) {
    backend = backendInfo(format).load();
    loaded.set(format, backend);
  }
  return backend;
}

/** Closes every backend this process loaded (PDF: the shared browser); safe to call when none was. */
export async function closeLoadedBackends(): Promise<void> {
  const backends = await Promise.allSettled(loaded.values());
  await Promise.all(backends.map((b) => (b.status === "fulfilled" ? b.value.close?.() : undefined)));
}
