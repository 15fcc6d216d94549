import { REPORT_SECTION_KEYS } from "../contract/index.js";

/**
 * Every section a report can hold, in report order: the API's report sections (from the
 * contract, so a new one there is a new one here) between the sections the generator adds.
 */
export const SECTION_KEYS = [
  "executive_summary",
  ...REPORT_SECTION_KEYS,
  "content_map",
  "content",
  "methodology",
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];
