import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { z } from "zod";
import type { Branding } from "./branding.js";
import { PROFILES, type Presentation, type Profile, presentationOf } from "./presentation.js";
import { isSectionKey, type SectionKey, unknownSectionMessage } from "./section-keys.js";
import { Targets } from "./targets.js";

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

/** A section key; an unknown one is an error that lists the valid keys. */
const sectionKey = z.string().refine(isSectionKey, { error: (issue) => unknownSectionMessage(issue.input) });

/** vreport.config.json: agency branding and what the page formats show, for every report. */
export const ConfigFile = z
  .object({
    agencyName: z.string().min(1).max(120).default("vreport"),
    logo: z.string().optional(),
    accentColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #2f6fed")
      .default("#2f6fed"),
    footerText: z.string().max(200).optional(),
    locale: z.string().refine(isLocale, "must be a locale like en-US").default("en-US"),
    timezone: z.string().refine(isTimeZone, "must be an IANA timezone like Europe/Paris").optional(),
    profile: z.enum(PROFILES, { error: () => `must be one of ${PROFILES.join(", ")}` }).optional(),
    /** The sections the page formats show, in this order (a subset is fine; the workbook keeps all). */
    sections: z
      .array(sectionKey)
      .min(1)
      .refine((keys) => new Set(keys).size === keys.length, "names a section twice")
      .optional(),
    /** The agency's notes (docs/notes.md), a Markdown file relative to this file; `--notes` wins. */
    notes: z.string().min(1).optional(),
    /** Rows of each section's main table in the page formats. */
    rows: z
      .record(z.string(), z.number().int().min(0).max(100_000))
      .superRefine((rows, ctx) => {
        for (const key of Object.keys(rows))
          if (!isSectionKey(key))
            ctx.addIssue({ code: "custom", path: [key], message: unknownSectionMessage(key) });
      })
      .transform((r) => r as Partial<Record<SectionKey, number>>)
      .optional(),
    /** The targets agreed with the client (docs/targets.md). */
    targets: Targets.optional(),
  })
  .strict();
export type ConfigFile = z.infer<typeof ConfigFile>;

/** Where the config file is looked for when `--config` is not given. */
export const DEFAULT_CONFIG = "vreport.config.json";

/** A config file that cannot be used: the message names the file and the field. */
export class ConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConfigError";
  }
}

/** What a config file settles for every report. */
export interface LoadedConfig {
  branding: Branding;
  /** The timezone dates are shown in, overriding the workspace's. */
  timezone?: string;
  /** What the page formats show; the `--profile` flag, when given, overrides the file's profile. */
  presentation: Presentation;
  /** The notes file the config names, resolved against the config file's folder. */
  notesPath?: string;
  /** The targets the report checks the rates against; undefined when none are set. */
  targets?: Targets;
}

/**
 * Loads the config file. A missing default file means defaults; a missing file named explicitly,
 * invalid JSON, an unknown field or a bad value is an error naming the field.
 */
export async function loadConfig(path?: string, flags: { profile?: Profile } = {}): Promise<LoadedConfig> {
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
        ? err.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")
        : "invalid JSON";
    throw new ConfigError(`config file ${file}: ${detail}`, { cause: err });
  }
  const branding: Branding = {
    agencyName: parsed.agencyName,
    accentColor: parsed.accentColor,
    locale: parsed.locale,
    ...(parsed.footerText !== undefined ? { footerText: parsed.footerText } : {}),
  };
  if (parsed.logo !== undefined) {
    const logoPath = resolve(dirname(file), parsed.logo);
    const ext = extname(logoPath).toLowerCase();
    const mime = ext === ".svg" ? "image/svg+xml" : ext === ".png" ? "image/png" : null;
    if (!mime) throw new ConfigError(`config file ${file}: logo must be a .svg or .png file`);
    try {
      branding.logo = { mime, data: new Uint8Array(await readFile(logoPath)) };
    } catch (err) {
      throw new ConfigError(`config file ${file}: cannot read logo ${logoPath}`, { cause: err });
    }
  }
  const presentation = presentationOf(flags.profile ?? parsed.profile ?? "client", {
    ...(parsed.sections !== undefined ? { sections: parsed.sections as SectionKey[] } : {}),
    ...(parsed.rows !== undefined ? { rows: parsed.rows } : {}),
  });
  return {
    branding,
    presentation,
    ...(parsed.timezone !== undefined ? { timezone: parsed.timezone } : {}),
    ...(parsed.notes !== undefined ? { notesPath: resolve(dirname(file), parsed.notes) } : {}),
    ...(parsed.targets !== undefined ? { targets: parsed.targets } : {}),
  };
}
