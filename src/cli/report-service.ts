import { resolve } from "node:path";
import type { Project } from "../contract/index.js";
import { fetchReportData } from "../report/fetch.js";
import type { ReportData } from "../report/model.js";
import { type Period, resolvePeriod } from "../report/period.js";
import type { PeriodChoice } from "../report/period-choice.js";
import { selectProjects } from "../report/select-projects.js";
import { DEFAULT_DATABASE_DIR } from "../service/store/db.js";
import { type CliServiceConnection, connectOrDemo, type ServiceOptions } from "./connect-service.js";
import { CliError, EXIT } from "./errors.js";
import { type Io, inline, shellArg } from "./io.js";
import { checkPeriodOver } from "./period-flags.js";
import { toCliError as setupError } from "./to-cli-error.js";

/*
 * Reaching the report service for a command that reports on projects (`generate`, `notes init`):
 * the same notices, project choice and exit codes for each.
 */

/**
 * Connects to the service the options name, saying first when that is the embedded demo (which
 * may seed for tens of seconds); a failure is mapped to its exit code.
 */
export async function connectReporting(opts: ServiceOptions, io: Io): Promise<CliServiceConnection> {
  return connectOrDemo(opts, io).catch((err: unknown) => {
    throw setupError(err);
  });
}

/** The projects to report on, as `--project` / `--all-projects` pick them; none is a usage error listing them. */
export async function projectsOf(
  service: CliServiceConnection,
  wanted: { project?: string; allProjects: boolean },
): Promise<Project[]> {
  const { projects } = await service.client.listProjects().catch((err: unknown) => {
    throw setupError(err);
  });
  const selected = selectProjects(projects, wanted);
  if (selected.length === 0)
    throw noSuchProject(wanted.project ?? "", service.embeddedProjects ?? projects, service.embeddedDatabase);
  return selected;
}

/**
 * The period the flags ask for, resolved once against the service (its workspace's timezone and
 * as-of day): a month that is not over yet is a flag error first.
 */
export async function periodAt(service: CliServiceConnection, choice: PeriodChoice): Promise<Period> {
  checkPeriodOver(choice, service.asOf);
  return resolvePeriod(
    service.client,
    choice,
    service.asOf !== undefined ? { asOf: service.asOf } : {},
  ).catch((err: unknown) => {
    throw setupError(err);
  });
}

/**
 * A project that is not there: the projects that are (the whole embedded database's, or what the
 * key reads), then how to add a new client (docs/import.md), into the same embedded database when
 * it is not the default one. The name asked for is not put in the import command: it is more
 * often a typo than a new client.
 */
function noSuchProject(
  wanted: string,
  there: readonly { id: string; name: string }[],
  database: string | undefined,
): CliError {
  const names = there.map((p) => `${inline(p.name)} (${p.id})`).join(", ");
  const into =
    database !== undefined && resolve(database) !== resolve(DEFAULT_DATABASE_DIR)
      ? ` --database ${shellArg(database)}`
      : "";
  return new CliError(
    `no project "${inline(wanted)}": ${names === "" ? "there is none" : `the projects are ${names}`}; check the name, or import a new client's answers with vreport import FILE.csv --project NAME --brand NAME --domains DOMAIN${into} (docs/import.md)`,
    EXIT.usage,
  );
}

/**
 * Fetches one project's report data (`--project`, else the first the key reads) and closes the
 * service: for a command that works from the data alone afterwards (`preview`).
 */
export async function fetchProjectData(
  opts: ServiceOptions & { project?: string; period: PeriodChoice },
  io: Io,
): Promise<ReportData> {
  const service = await connectReporting(opts, io);
  try {
    const [project] = await projectsOf(service, { ...opts, allProjects: false });
    const period = await periodAt(service, opts.period);
    return await fetchReportData(service.client, project!, period).catch((err: unknown) => {
      throw setupError(err);
    });
  } finally {
    await service.close();
  }
}
