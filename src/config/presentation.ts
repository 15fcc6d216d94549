import { SECTION_KEYS, type SectionKey } from "./section-keys.js";

/** How much of the report the page formats (PDF, Markdown) show: the client deliverable, or every row. */
export const PROFILES = ["client", "full"] as const;
export type Profile = (typeof PROFILES)[number];

/**
 * What the page formats show: which sections in which order, and how many rows of each
 * section's main table. The workbook always holds everything (docs/architecture.md, "Profiles").
 */
export interface Presentation {
  profile: Profile;
  sections: readonly SectionKey[];
  /** Rows of a section's main table; a section not named shows every row. 0 leaves the table to the workbook. */
  rows: Partial<Record<SectionKey, number>>;
}

/** Rows of the main tables a client reads: the top ten, and the daily trend and answers in the workbook only. */
const CLIENT_ROWS: Partial<Record<SectionKey, number>> = {
  trend: 0,
  categories: 10,
  // Themes, each an action over its prompts: five lead a client's next month.
  opportunities: 5,
  cited_sources: 10,
  your_pages: 10,
  competitor_pages: 10,
  prompts: 10,
  content_map: 10,
  // The content lists (ideas, planned, produced): the first five of each.
  content: 5,
};

/** The client profile leaves the latest-answers list (up to 500 rows) to the workbook. */
const CLIENT_SECTIONS = SECTION_KEYS.filter((k) => k !== "answers");

/** The presentation of a profile, with the config file's choices on top. */
export function presentationOf(
  profile: Profile,
  overrides: { sections?: readonly SectionKey[]; rows?: Partial<Record<SectionKey, number>> } = {},
): Presentation {
  const base: Presentation =
    profile === "client"
      ? { profile, sections: CLIENT_SECTIONS, rows: CLIENT_ROWS }
      : { profile, sections: SECTION_KEYS, rows: {} };
  return {
    profile,
    sections: overrides.sections ?? base.sections,
    rows: { ...base.rows, ...overrides.rows },
  };
}

/** Every section, every row: what the workbook shows, and the page formats in the full profile. */
export const FULL: Presentation = presentationOf("full");
