import type { ReportSectionKey } from "../contract/index.js";

/**
 * Every section a report can hold, in report order: the API's report sections with the sections
 * the generator adds; the opportunities and their evidence come right after the competitors,
 * where the client reads what to do next; the agency's own page (wins, risks, next steps, work
 * delivered) closes the client's part, before the methodology.
 */
export const SECTION_KEYS = [
  "executive_summary",
  "summary",
  "trend",
  "platforms",
  "categories",
  "competitors",
  "opportunities",
  "evidence",
  "cited_sources",
  "your_pages",
  "competitor_pages",
  "prompts",
  "answers",
  "content_map",
  "content",
  "agency",
  "methodology",
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Names the API report sections SECTION_KEYS lacks: a new section in the contract fails to compile here. */
type Unplaced = Exclude<ReportSectionKey, SectionKey>;
export const EVERY_API_SECTION_PLACED: [Unplaced] extends [never] ? true : Unplaced = true;

/** True for a key of SECTION_KEYS. */
export function isSectionKey(key: string): key is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(key);
}

/** What every place that takes a section key says of an unknown one: the valid keys, all of them. */
export function unknownSectionMessage(key: unknown): string {
  return `unknown section "${String(key)}": valid keys are ${SECTION_KEYS.join(", ")}`;
}
