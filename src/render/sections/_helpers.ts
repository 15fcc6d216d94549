import type { ApiSections, Available, ReportModel } from "../../report/model.js";
import type { Column, DraftBlock, SectionDraft, SectionKey, ValueType } from "../types.js";

/** A renderer turns the model into one section's draft; the registry holds one per key. */
export type SectionRenderer = (model: ReportModel) => SectionDraft;

/** Shorthand for a column. */
export function col(key: string, label: string, type: ValueType): Column {
  return { key, label, type };
}

/** The notice shown instead of a section whose data is missing: words, never zeros. */
export function notice<T>(a: Available<T> & { ok: false }): DraftBlock {
  return { kind: "notice", text: a.reason };
}

/**
 * Renders a section from the API's report sections, or a notice when the report could not be
 * fetched (e.g. the key lacks visibility:read).
 */
export function fromSections(
  key: SectionKey,
  title: string,
  model: ReportModel,
  body: (s: ApiSections) => DraftBlock[],
): SectionDraft {
  const s = model.sections;
  return { key, title, blocks: s.ok ? body(s.value) : [notice(s)] };
}

/** Series colours: the accent first, then a palette readable in print and by colour-blind readers. */
export const PALETTE = [
  "#2f6fed",
  "#f28e2b",
  "#59a14f",
  "#e15759",
  "#76b7b2",
  "#edc948",
  "#b07aa1",
  "#9c755f",
] as const;
