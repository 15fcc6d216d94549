import type { SectionKey } from "../../config/section-keys.js";
import type { SectionDrafter } from "./_helpers.js";
import { agency } from "./agency.js";
import { answers } from "./answers.js";
import { categories } from "./categories.js";
import { citedSources } from "./cited-sources.js";
import { competitorPages } from "./competitor-pages.js";
import { competitors } from "./competitors.js";
import { content } from "./content.js";
import { contentMap } from "./content-map.js";
import { evidence } from "./evidence.js";
import { executiveSummary } from "./executive-summary.js";
import { methodology } from "./methodology.js";
import { opportunities } from "./opportunities.js";
import { platforms } from "./platforms.js";
import { prompts } from "./prompts.js";
import { summary } from "./summary.js";
import { trend } from "./trend.js";
import { yourPages } from "./your-pages.js";

/** One drafter per section key: a missing key fails to compile. */
export const SECTION_DRAFTERS: Record<SectionKey, SectionDrafter> = {
  executive_summary: executiveSummary,
  summary,
  trend,
  platforms,
  categories,
  competitors,
  opportunities,
  evidence,
  cited_sources: citedSources,
  your_pages: yourPages,
  competitor_pages: competitorPages,
  prompts,
  answers,
  content_map: contentMap,
  content,
  agency,
  methodology,
};
