import type { SectionKey } from "../../../config/section-keys.js";

/**
 * Where each section goes in the workbook: folded into the Summary sheet, on a sheet of its own
 * (in report order), or on a sheet of its own after all the others. A Record, so a new section
 * key without a place fails to compile.
 */
export const PLACEMENT: Record<SectionKey, "summary" | "own" | "last"> = {
  executive_summary: "summary",
  summary: "summary",
  trend: "own",
  platforms: "own",
  categories: "own",
  competitors: "own",
  cited_sources: "own",
  your_pages: "own",
  competitor_pages: "own",
  prompts: "own",
  answers: "own",
  content_map: "own",
  content: "own",
  methodology: "last",
};
