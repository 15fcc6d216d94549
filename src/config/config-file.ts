import { z } from "zod";
import { isTimeZone } from "../contract/calendar.js";
import { REVIEW_POLICIES } from "../contract/review.js";
import { isSupportedLocale, LANGUAGES } from "../format/i18n/index.js";
import { EmailConfig } from "./email-config.js";
import { PROFILES } from "./presentation.js";
import { isSectionKey, type SectionKey, unknownSectionMessage } from "./section-keys.js";
import { Targets } from "./targets.js";

/*
 * The schema of vreport.config.json (docs/config.md): the agency's defaults and each client's
 * settings over them. Loading, paths and merging are in load-config.ts.
 */

/** True for a BCP 47 tag Intl knows how to canonicalise (`en-US`, `fr`), false for `english`. */
function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * A client's monthly delivery slot and data wait (docs/jobs.md, "Per-client delivery"): a day and
 * an hour together, or neither (sent at the cycle's firing), each with its own wait or not.
 */
export const ClientSchedule = z
  .strictObject({
    /** Day of the month, 1–28, so that every month has it. */
    day: z.number().int().min(1).max(28).optional(),
    /** Local hour, 0–23, in the client's timezone (its `timezone`, else its workspace's). */
    hour: z.number().int().min(0).max(23).optional(),
    /** Hours after the slot to wait for the period's last day to be collected; default 48. */
    waitForDataHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 27)
      .optional(),
  })
  .refine((s) => (s.day === undefined) === (s.hour === undefined), {
    error: "day and hour go together: give both for a slot, or neither to send at the cycle's firing",
  });
export type ClientSchedule = z.infer<typeof ClientSchedule>;

/** A section key; an unknown one is an error that lists the valid keys. */
const sectionKey = z.string().refine(isSectionKey, { error: (issue) => unknownSectionMessage(issue.input) });

/** What a project of the config file may set for itself, over the file's defaults. */
const clientShape = {
  agencyName: z.string().min(1).max(120),
  logo: z.string(),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #2f6fed"),
  footerText: z.string().max(200),
  profile: z.enum(PROFILES, { error: () => `must be one of ${PROFILES.join(", ")}` }),
  /** The sections the page formats show, in this order (a subset is fine; the workbook keeps all). */
  sections: z
    .array(sectionKey)
    .min(1)
    .refine((keys) => new Set(keys).size === keys.length, "names a section twice"),
  /** Rows of each section's main table in the page formats. */
  rows: z
    .record(z.string(), z.number().int().min(0).max(100_000))
    .superRefine((rows, ctx) => {
      for (const key of Object.keys(rows))
        if (!isSectionKey(key))
          ctx.addIssue({ code: "custom", path: [key], message: unknownSectionMessage(key) });
    })
    .transform((r) => r as Partial<Record<SectionKey, number>>),
  /** The targets agreed with the client (docs/targets.md). */
  targets: Targets,
  /** Recipients, sender and the agency's subject and body (docs/email.md). */
  email: EmailConfig,
  /** The agency's notes (docs/notes.md), a Markdown file relative to this file; `--notes` wins. */
  notes: z.string().min(1),
  /** The agency's change log (docs/changes.md), a CSV or NDJSON file relative to this file; `--changes` wins. */
  changes: z.string().min(1),
  /** A folder of templates overriding the package's, relative to this file (docs/templates.md). */
  templatesDir: z.string().min(1),
  /** A stylesheet applied after the package's (PDF and HTML), relative to this file. */
  css: z.string().min(1),
  /** An installed font family, or a .ttf/.otf/.woff2/.woff file relative to this file, embedded. */
  font: z.string().trim().min(1).max(200),
  /** A tagged, accessible PDF (docs/accessibility.md); `--accessible` asks for it whatever this says. */
  accessible: z.boolean(),
  /** The report's language (docs/i18n.md): a locale whose language has a catalogue. */
  locale: z
    .string()
    .refine(isLocale, "must be a locale like en-US")
    .refine(
      isSupportedLocale,
      `must be in a language reports are written in: ${LANGUAGES.join(", ")} (e.g. de-DE)`,
    ),
  /** The timezone dates of answers and content are shown in, overriding the workspace's. */
  timezone: z.string().refine(isTimeZone, "must be an IANA timezone like Europe/Paris"),
  /** Whether the worker waits for an approval before emailing (docs/review.md); default required. */
  review: z.enum(REVIEW_POLICIES, { error: () => `must be one of ${REVIEW_POLICIES.join(", ")}` }),
  /**
   * When a per-client monthly schedule sends its report (docs/jobs.md, "Per-client delivery"): a
   * day of the month and an hour in its timezone, and how long to wait for complete data.
   */
  schedule: ClientSchedule,
};

/** One client's settings (docs/config.md): `match` is the project's id or name (any case). */
const ProjectConfig = z.strictObject({
  match: z.string().trim().min(1),
  ...Object.fromEntries(Object.entries(clientShape).map(([k, v]) => [k, v.optional()])),
}) as unknown as z.ZodType<{ match: string } & Partial<ClientFields>>;
type ClientFields = { [K in keyof typeof clientShape]: z.infer<(typeof clientShape)[K]> };
export type ProjectConfig = { match: string } & Partial<ClientFields>;

/** vreport.config.json: agency branding and what the page formats show, for every report. */
export const ConfigFile = z
  .object({
    ...clientShape,
    agencyName: clientShape.agencyName.default("vreport"),
    logo: clientShape.logo.optional(),
    accentColor: clientShape.accentColor.default("#2f6fed"),
    footerText: clientShape.footerText.optional(),
    locale: clientShape.locale.default("en-US"),
    timezone: clientShape.timezone.optional(),
    review: clientShape.review.optional(),
    schedule: clientShape.schedule.optional(),
    profile: clientShape.profile.optional(),
    sections: clientShape.sections.optional(),
    rows: clientShape.rows.optional(),
    targets: clientShape.targets.optional(),
    email: clientShape.email.optional(),
    notes: clientShape.notes.optional(),
    changes: clientShape.changes.optional(),
    templatesDir: clientShape.templatesDir.optional(),
    css: clientShape.css.optional(),
    font: clientShape.font.optional(),
    accessible: clientShape.accessible.default(false),
    /** Per-client settings over the defaults above, first match wins. */
    projects: z
      .array(ProjectConfig)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((p, i) => {
          const key = p.match.toLowerCase();
          if (seen.has(key))
            ctx.addIssue({ code: "custom", path: [i, "match"], message: "matches a project named before" });
          seen.add(key);
        });
      })
      .optional(),
  })
  .strict();
export type ConfigFile = z.infer<typeof ConfigFile>;
