import type { ChartImageKind, RenderOptions, ReportView } from "../types.js";

/** What the registry knows of a backend without loading it: enough for flags, help and email. */
export interface BackendInfo<F extends string = string> {
  /** The `--format` value. */
  format: F;
  /** How people call the format ("PDF"). */
  label: string;
  /** The report file's extension, without the dot. */
  extension: string;
  /** The report file's MIME type (email attachments, HTTP). */
  mime: string;
  /** The image kind this backend shows charts as; only the kinds asked for are drawn. */
  chartImage: ChartImageKind;
  /**
   * `pages`: a document to read, showing what the presentation picks (profile, sections, rows);
   * `everything`: every section and every row whatever the profile (the analyst's workbook).
   */
  shows: "pages" | "everything";
}

/** A file a backend rendered, still in memory: the pipeline writes it (pipeline/apply.ts). */
export interface RenderedFile {
  /** Path relative to the output directory: `<view.name>.<extension>` first, then any assets. */
  path: string;
  data: Uint8Array | string;
}

/**
 * A rendering backend: one folder under render/backends/, one line in registry.ts. `render` is
 * free of file-system writes; the pipeline stages and moves its files so a run's files appear
 * together or not at all.
 */
export interface Backend<F extends string = string> extends BackendInfo<F> {
  /** Starts expensive resources ahead of the first render (PDF: the browser). Never throws. */
  warmUp?(): void;
  /** Releases what `warmUp` or `render` started; the process can exit after it. */
  close?(): Promise<void>;
  /** Renders the report: the report file first, then the assets it references. */
  render(view: ReportView, options: RenderOptions): Promise<RenderedFile[]>;
}

/** A registry entry: the backend's facts, and its lazy loader (puppeteer loads only for PDF). */
export interface BackendEntry<F extends string = string> extends BackendInfo<F> {
  load(): Promise<Backend<F>>;
}
