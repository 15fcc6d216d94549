import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { z } from "zod";
import { type ErrorCategory, VreportError } from "../contract/index.js";
import { REVIEW_POLICIES, type ReviewPolicy } from "../contract/review.js";
import { isSupportedLocale, LANGUAGES } from "../format/i18n/index.js";
import type { Branding } from "./branding.js";
import { EmailConfig } from "./email-config.js";
import { PROFILES, type Presentation, type Profile, presentationOf } from "./presentation.js";
import { isSectionKey, type SectionKey, unknownSectionMessage } from "./section-keys.js";
import { Targets } from "./targets.js";
import { loadTheme, ThemeFileError } from "./theme.js";

/** True for a BCP 47 tag Intl knows how to canonicalise (`en-US`, `fr`), false for `english`. */
function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** True for an IANA timezone this runtime knows (`Europe/Paris`), false for `Mars/Olympus`. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A client's monthly delivery slot and data wait (docs/jobs.md, "Per-client delivery"). */
export const ClientSchedule = z.strictObject({
  /** Day of the month, 1–28, so that every month has it. */
  day: z.number().int().min(1).max(28),
  /** Local hour, 0–23, in the client's timezone (its `timezone`, else its workspace's). */
  hour: z.number().int().min(0).max(23),
  /** Hours after the slot to wait for the period's last day to be collected; default 48. */
  waitForDataHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 27)
    .optional(),
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

/** Where the config file is looked for when `--config` is not given. */
export const DEFAULT_CONFIG = "vreport.config.json";

/** A config file that cannot be used: the message names the file and the field (exit 2). */
export class ConfigError extends VreportError {
  override get category(): ErrorCategory {
    return "usage";
  }
}

/** What the config file settles for one client's reports (its defaults, then its own settings). */
export interface ClientSettings {
  branding: Branding;
  /** What the page formats show; the `--profile` flag, when given, overrides the file's profile. */
  presentation: Presentation;
  /** The notes file the config names, resolved against the config file's folder. */
  notesPath?: string;
  /** The change log the config names, resolved against the config file's folder. */
  changesPath?: string;
  /** The targets the report checks the rates against; undefined when none are set. */
  targets?: Targets;
  /** How its report is emailed, defaults and its own merged; undefined when the file says nothing. */
  email?: EmailConfig;
  /** Its PDF is tagged and accessible (docs/accessibility.md). */
  accessible: boolean;
  /** The timezone dates are shown in, overriding the workspace's. */
  timezone?: string;
  /** Whether its emailed reports wait for an approval (docs/review.md). */
  review: ReviewPolicy;
  /** Its monthly delivery slot (docs/jobs.md, "Per-client delivery"); undefined when the file says none. */
  schedule?: ClientSchedule;
}

/** What a config file settles for every report, and per client. */
export interface LoadedConfig extends ClientSettings {
  /** The settings of one project: its entry in `projects` (id, or name in any case) over the defaults. */
  forProject(project: { id: string; name: string }): ClientSettings;
  /** The notes files the clients of `projects` name, to read them all before a run. */
  clientNotesPaths: string[];
  /** The change logs the clients of `projects` name, to read them all before a run. */
  clientChangesPaths: string[];
}

/** An issue's path, a client's entry named by its `match`: `projects[1] ("Acme").targets.mention_rate`. */
function pathOf(path: readonly PropertyKey[], raw: string | undefined): string {
  if (path.length === 0) return "(root)";
  const [head, index, ...rest] = path;
  if (head !== "projects" || typeof index !== "number") return path.map(String).join(".");
  let match: unknown;
  try {
    match = (JSON.parse(raw ?? "{}") as { projects?: { match?: unknown }[] }).projects?.[index]?.match;
  } catch {}
  const name = typeof match === "string" ? ` (${JSON.stringify(match)})` : "";
  return [`projects[${index}]${name}`, ...rest.map(String)].join(".");
}

/** Flags of `generate` that win over the config file: `--profile`, `--locale` (validated by the CLI). */
export interface ConfigFlags {
  profile?: Profile;
  locale?: string;
}

/**
 * Loads the config file. A missing default file means defaults; a missing file named explicitly,
 * invalid JSON, an unknown field or a bad value is an error naming the field.
 */
export async function loadConfig(path?: string, flags: ConfigFlags = {}): Promise<LoadedConfig> {
  const file = resolve(path ?? DEFAULT_CONFIG);
  let raw: string | undefined;
  try {
    raw = await readFile(file, "utf8");
  } catch (err) {
    if (path !== undefined) throw new ConfigError(`cannot read config file ${file}`, { cause: err });
  }
  let parsed: ConfigFile;
  try {
    parsed = ConfigFile.parse(raw === undefined ? {} : JSON.parse(raw));
  } catch (err) {
    const detail =
      err instanceof z.ZodError
        ? err.issues.map((i) => `${pathOf(i.path, raw)}: ${i.message}`).join("; ")
        : "invalid JSON";
    throw new ConfigError(`config file ${file}: ${detail}`, { cause: err });
  }
  const base = await settingsOf(file, parsed, flags);
  const clients = await Promise.all(
    (parsed.projects ?? []).map(async (p, i) => {
      const own = { ...parsed, ...definedOf(p), email: mergeEmail(parsed.email, p.email) };
      return {
        match: p.match,
        settings: await settingsOf(file, own, flags, `projects[${i}] ("${p.match}")`),
      };
    }),
  );
  return {
    ...base,
    clientNotesPaths: clients.flatMap((c) => (c.settings.notesPath ? [c.settings.notesPath] : [])),
    clientChangesPaths: clients.flatMap((c) => (c.settings.changesPath ? [c.settings.changesPath] : [])),
    forProject(project) {
      const name = project.name.trim().toLowerCase();
      const found = clients.find((c) => c.match === project.id || c.match.toLowerCase() === name);
      return found?.settings ?? base;
    },
  };
}

/** The fields of `p` that are set: an absent one leaves the default. */
function definedOf<T extends object>(p: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(p).filter(([k, v]) => k !== "match" && v !== undefined),
  ) as Partial<T>;
}

/** A client's email settings over the defaults, field by field. */
function mergeEmail(defaults?: EmailConfig, own?: EmailConfig): EmailConfig | undefined {
  if (!defaults && !own) return undefined;
  return { ...defaults, ...definedOf(own ?? {}) };
}

/** Branding (the logo read relative to the config file), presentation, targets and email of `c`. */
async function settingsOf(
  file: string,
  c: Omit<ConfigFile, "projects">,
  flags: ConfigFlags,
  where = "",
): Promise<ClientSettings> {
  const at = where === "" ? "" : `${where}.`;
  const branding: Branding = {
    agencyName: c.agencyName,
    accentColor: c.accentColor,
    locale: flags.locale ?? c.locale,
    ...(c.footerText !== undefined ? { footerText: c.footerText } : {}),
  };
  if (c.logo !== undefined) {
    const logoPath = resolve(dirname(file), c.logo);
    const ext = extname(logoPath).toLowerCase();
    const mime = ext === ".svg" ? "image/svg+xml" : ext === ".png" ? "image/png" : null;
    if (!mime) throw new ConfigError(`config file ${file}: ${at}logo must be a .svg or .png file`);
    try {
      branding.logo = { mime, data: new Uint8Array(await readFile(logoPath)) };
    } catch (err) {
      throw new ConfigError(`config file ${file}: ${at}cannot read logo ${logoPath}`, { cause: err });
    }
  }
  const theme = await loadTheme(dirname(file), {
    templatesDir: c.templatesDir,
    css: c.css,
    font: c.font,
  }).catch((err: unknown) => {
    if (!(err instanceof ThemeFileError)) throw err;
    throw new ConfigError(`config file ${file}: ${at}${err.field}: ${err.message}`, { cause: err });
  });
  if (theme !== undefined) branding.theme = theme;
  const presentation = presentationOf(flags.profile ?? c.profile ?? "client", {
    ...(c.sections !== undefined ? { sections: c.sections as SectionKey[] } : {}),
    ...(c.rows !== undefined ? { rows: c.rows } : {}),
  });
  return {
    branding,
    presentation,
    accessible: c.accessible ?? false,
    review: c.review ?? "required",
    ...(c.notes !== undefined ? { notesPath: resolve(dirname(file), c.notes) } : {}),
    ...(c.changes !== undefined ? { changesPath: resolve(dirname(file), c.changes) } : {}),
    ...(c.targets !== undefined ? { targets: c.targets } : {}),
    ...(c.email !== undefined ? { email: c.email } : {}),
    ...(c.timezone !== undefined ? { timezone: c.timezone } : {}),
    ...(c.schedule !== undefined ? { schedule: c.schedule } : {}),
  };
}
