import { PROFILES, type Profile } from "../../config/presentation.js";
import { isSupportedLocale, LANGUAGES } from "../../format/i18n/index.js";
import { ANSWERS_EXPORTS, type AnswersExport } from "../../pipeline/generate-report.js";
import type { OutputFormat } from "../../render/backends/registry.js";
import type { PeriodChoice } from "../../report/period-choice.js";
import { CliError, EXIT } from "../errors.js";
import { parseDay, parseFormats } from "../flags.js";
import { serviceFlags } from "../options.js";
import { type PeriodFlags, parsePeriodFlags } from "../period-flags.js";

/** Raw flags as commander hands them over. */
export interface GenerateFlags extends PeriodFlags {
  format?: string;
  project?: string;
  allProjects?: boolean;
  out?: string;
  baseUrl?: string;
  apiKey?: string;
  apiKeyFile?: string;
  config?: string;
  pageSize?: string;
  profile?: string;
  locale?: string;
  landscape?: boolean;
  asOf?: string;
  database?: string;
  concurrency?: string;
  email?: string;
  smtpUrl?: string;
  emailFrom?: string;
  maxAttachmentMb?: string;
  answers?: string;
  notes?: string;
  changes?: string;
  draft?: boolean;
  accessible?: boolean;
}

/** Validated options of `vreport generate`. */
export interface GenerateOptions {
  /** The period asked for: a range, or a calendar period (docs/decisions.md#period). */
  period: PeriodChoice;
  formats: OutputFormat[];
  project?: string;
  allProjects: boolean;
  outDir: string;
  baseUrl?: string;
  apiKey?: string;
  configPath?: string;
  /** `--profile`; undefined leaves it to the config file (default client). */
  profile?: Profile;
  /** `--locale`: the report's language (docs/i18n.md); undefined leaves it to the config file (default en-US). */
  locale?: string;
  pageSize: "A4" | "Letter";
  landscape: boolean;
  asOf?: string;
  database?: string;
  /** `--answers all`: every answer of the period in a separate streamed workbook. */
  answers?: AnswersExport;
  /** `--notes`: the agency's notes file (docs/notes.md); it wins over the config file's. */
  notesPath?: string;
  /** `--changes`: the agency's change log (docs/changes.md); it wins over the config file's. */
  changesPath?: string;
  /** `--draft`: a review copy, every PDF page marked "DRAFT". */
  draft: boolean;
  /** `--accessible`: a tagged PDF (docs/accessibility.md); the config file's `accessible` also asks for it. */
  accessible: boolean;
}

const PAGE_SIZES = ["A4", "Letter"] as const;

/**
 * Checks every flag before anything runs: a bad value is one line naming the flag and the
 * allowed values (exit 2), so a typo never costs a half-finished batch.
 */
export function parseGenerateFlags(
  flags: GenerateFlags,
  env: NodeJS.ProcessEnv = process.env,
): GenerateOptions {
  const period = parsePeriodFlags(flags);
  const formats = parseFormats(flags.format, "--format");

  if (flags.project !== undefined && flags.allProjects) {
    throw new CliError("--project and --all-projects cannot be used together: pick one", 2);
  }
  if (flags.notes !== undefined && flags.allProjects && !flags.notes.includes("{project}"))
    throw notesForAll("--notes");
  if (flags.changes !== undefined && flags.allProjects) throw changesForAll("--changes");

  const profile = flags.profile;
  if (profile !== undefined && !(PROFILES as readonly string[]).includes(profile))
    throw CliError.badFlag("--profile", profile, PROFILES.join(", "));

  const locale = flags.locale;
  if (locale !== undefined && !isSupportedLocale(locale))
    throw CliError.badFlag("--locale", locale, `${LANGUAGES.join(", ")} or a locale of one of them (de-DE)`);

  // Case carries no meaning: `a4` and `letter` name the same sizes.
  const pageSize = PAGE_SIZES.find((s) => s.toLowerCase() === (flags.pageSize ?? "A4").toLowerCase());
  if (pageSize === undefined)
    throw CliError.badFlag("--page-size", flags.pageSize ?? "", PAGE_SIZES.join(", "));

  const answers = flags.answers;
  if (answers !== undefined && !(ANSWERS_EXPORTS as readonly string[]).includes(answers))
    throw CliError.badFlag("--answers", answers, ANSWERS_EXPORTS.join(", "));

  const { baseUrl, apiKey } = serviceFlags(flags, env);
  if (parseDay("--as-of", flags.asOf) !== undefined) {
    if (baseUrl !== undefined)
      throw new CliError("--as-of applies to the embedded demo service only, not with --base-url", 2);
  }

  return {
    period,
    formats,
    allProjects: flags.allProjects ?? false,
    outDir: flags.out ?? "output",
    pageSize: pageSize as "A4" | "Letter",
    landscape: flags.landscape ?? false,
    draft: flags.draft ?? false,
    accessible: flags.accessible ?? false,
    ...(flags.project !== undefined ? { project: flags.project } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(flags.config !== undefined ? { configPath: flags.config } : {}),
    ...(profile !== undefined ? { profile: profile as Profile } : {}),
    ...(locale !== undefined ? { locale } : {}),
    ...(flags.asOf !== undefined ? { asOf: flags.asOf } : {}),
    ...(flags.database !== undefined ? { database: flags.database } : {}),
    ...(answers !== undefined ? { answers: answers as AnswersExport } : {}),
    ...(flags.notes !== undefined ? { notesPath: flags.notes } : {}),
    ...(flags.changes !== undefined ? { changesPath: flags.changes } : {}),
  };
}

/**
 * Notes are written for one client's report: the same commentary in every project's report of a
 * batch would send one client's notes to all of them. A path with `{project}` names each client's
 * own file (docs/notes.md).
 */
export function notesForAll(source: string): CliError {
  return new CliError(
    `${source}: notes are written for one project's report, not for --all-projects; pick the project with --project, or name each client's file with {project} (notes/{project}-{period}.md)`,
    EXIT.usage,
  );
}

/**
 * A change log is one client's: the same entries marked on every project's report of a batch
 * would tell each client of work done for another (docs/changes.md).
 */
export function changesForAll(source: string): CliError {
  return new CliError(
    `${source}: a change log is kept for one project's report, not for --all-projects; pick the project with --project, or give each client its own in the config file's projects`,
    EXIT.usage,
  );
}
