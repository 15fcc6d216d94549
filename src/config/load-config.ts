import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { z } from "zod";
import type { Branding } from "./branding.js";

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

/** vreport.config.json: agency branding for every report. */
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

/**
 * Loads branding from a config file. A missing default file means defaults; a missing file
 * named explicitly, invalid JSON, an unknown field or a bad value is an error.
 */
export async function loadBranding(path?: string): Promise<{ branding: Branding; timezone?: string }> {
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
  return parsed.timezone !== undefined ? { branding, timezone: parsed.timezone } : { branding };
}
