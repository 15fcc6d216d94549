import { connectOrDemo, serviceOptionsFrom } from "./connect-service.js";
import { CliError, EXIT } from "./errors.js";
import { processIo } from "./io.js";
import { projectsOf } from "./report-service.js";
import { toCliError } from "./to-cli-error.js";

/** The flags `schedule add` reaches its service with (connect-service.ts), and its timezone flags. */
export type ScheduleServiceFlags = Parameters<typeof serviceOptionsFrom>[0] & {
  monthly?: boolean;
  tz?: string;
};

/**
 * What `add` asks of the service the workers read from (`--base-url`, else the embedded demo),
 * with the key of `--api-key-file` or VREPORT_API_KEY, used for these requests and never stored:
 * the workspace's timezone, for `--monthly` without `--tz` (docs/jobs.md), and whether a
 * `--project` is one the key reads, so a typo fails now rather than at the first firing. Asked
 * only when the timezone is needed or a service is named: the embedded demo is not seeded just
 * to check a name. A timezone that cannot be read says how to do without it.
 */
export async function askService(
  flags: ScheduleServiceFlags,
  target: { project: string } | { allProjects: true },
): Promise<{ timezone?: string }> {
  const needTimezone = flags.monthly === true && flags.tz === undefined;
  const options = serviceOptionsFrom(flags);
  if (!needTimezone && !("project" in target && options.baseUrl !== undefined)) return {};
  const timezoneError = (err: unknown): CliError => {
    const cli = toCliError(err);
    const reason = cli instanceof Error ? cli.message : String(cli);
    return new CliError(
      `--monthly without --tz: could not read the workspace's timezone (${reason}); give --tz <zone>, e.g. --tz Europe/Paris`,
      cli instanceof CliError ? cli.exitCode : EXIT.failure,
      { cause: err },
    );
  };
  // Says so when it is the local database, and before the demo is seeded into it (tens of seconds).
  const connection = await connectOrDemo(options, processIo).catch((err: unknown) => {
    throw needTimezone ? timezoneError(err) : toCliError(err);
  });
  try {
    if ("project" in target) await projectsOf(connection, { project: target.project, allProjects: false });
    if (!needTimezone) return {};
    return {
      timezone: (
        await connection.client.getWorkspace().catch((err: unknown) => {
          throw timezoneError(err);
        })
      ).timezone,
    };
  } finally {
    await connection.close();
  }
}
