import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { z } from "zod";
import { type ErrorCategory, VreportError } from "../contract/index.js";
import type { ReviewPolicy } from "../contract/review.js";
import type { Branding } from "./branding.js";
import { type ClientSchedule, ConfigFile } from "./config-file.js";
import type { EmailConfig } from "./email-config.js";
import { type Presentation, type Profile, presentationOf } from "./presentation.js";
import type { SectionKey } from "./section-keys.js";
import type { Targets } from "./targets.js";
import { loadTheme, ThemeFileError } from "./theme.js";

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
