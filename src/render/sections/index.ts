import { SECTION_KEYS, type SectionKey } from "../../config/section-keys.js";
import type { ReportSectionKey } from "../../contract/index.js";
import type { Messages } from "../../format/i18n/index.js";
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

/**
 * What the generator knows of one section, besides its key's place in the report order
 * (config/section-keys.ts, which the layers below render read) and its words: the catalogues'
 * `sections[key]` title (the API's English title too, and the workbook sheet's name) and
 * `trim.rows[key]` noun (docs/i18n.md).
 */
export interface SectionDefinition<K extends SectionKey = SectionKey> {
  key: K;
  draft: SectionDrafter;
  /**
   * Whether a trimmed table's rows are ranked ("Top 10 of 120 prompts") or merely listed ("The
   * first 10 of 56 items"), render/present.ts.
   */
  ranked: boolean;
  /** Whether the API returns it: true exactly for the contract's REPORT_SECTION_KEYS, or this fails to compile. */
  api: K extends ReportSectionKey ? true : false;
}

/** One definition per section key: a missing key, an extra one or a missing field fails to compile. */
const DEFINITIONS: { [K in SectionKey]: Omit<SectionDefinition<K>, "key"> } = {
  executive_summary: { draft: executiveSummary, ranked: false, api: false },
  summary: { draft: summary, ranked: false, api: true },
  trend: { draft: trend, ranked: false, api: true },
  platforms: { draft: platforms, ranked: false, api: true },
  categories: { draft: categories, ranked: false, api: true },
  competitors: { draft: competitors, ranked: true, api: true },
  opportunities: { draft: opportunities, ranked: true, api: false },
  evidence: { draft: evidence, ranked: false, api: false },
  cited_sources: { draft: citedSources, ranked: true, api: true },
  your_pages: { draft: yourPages, ranked: true, api: true },
  competitor_pages: { draft: competitorPages, ranked: true, api: true },
  prompts: { draft: prompts, ranked: false, api: true },
  answers: { draft: answers, ranked: false, api: true },
  content_map: { draft: contentMap, ranked: false, api: false },
  content: { draft: content, ranked: false, api: false },
  agency: { draft: agency, ranked: false, api: false },
  methodology: { draft: methodology, ranked: false, api: false },
};

/** Every section's definition, in report order (the order of SECTION_KEYS). */
export const SECTIONS: readonly SectionDefinition[] = SECTION_KEYS.map((key) => ({
  key,
  ...DEFINITIONS[key],
}));

/** A section's definition by its key. */
export function sectionOf(key: SectionKey): SectionDefinition {
  return { key, ...DEFINITIONS[key] };
}

/** True when the keys of `T` are exactly the section keys. */
type PerSection<T> = [keyof T] extends [SectionKey] ? ([SectionKey] extends [keyof T] ? true : false) : false;
/**
 * The catalogues (typed as the English one) hold exactly one title and one rows' noun per section:
 * a missing or a stray key fails to compile.
 */
export const CATALOGUES_PER_SECTION: PerSection<Messages["sections"]> & PerSection<Messages["trim"]["rows"]> =
  true;
