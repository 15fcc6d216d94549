import { resolve } from "node:path";
import type { Command } from "commander";
import { isTimeZone } from "../../contract/calendar.js";
import { InvariantError } from "../../contract/index.js";
import { openQueue } from "../../jobs/queue.js";
import { redisUrlFrom } from "../../jobs/redis.js";
import {
  addSchedule,
  listSchedules,
  monthlyCron,
  removeSchedule,
  runScheduleNow,
  type ScheduleInfo,
} from "../../jobs/schedules.js";
import type { ApiKeyFlags } from "../api-key.js";
import { connectOrDemo, serviceOptionsFrom } from "../connect-service.js";
import { parseRecipients } from "../email-flags.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import {
  FORMATS_HELP,
  hiddenFormatsAlias,
  parseFormats,
  parsePositiveInt,
  parseRange,
  parseRetry,
  parseTarget,
  type QueueFlags,
  type ReportJobFlags,
} from "../flags.js";
import { type Out, processIo, stdout } from "../io.js";
import {
  API_KEY_FILE_FLAG,
  attemptsOption,
  backoffOption,
  queuePrefixOption,
  redisUrlOption,
} from "../options.js";
import { projectsOf } from "../report-service.js";
import { askService } from "../schedule-service.js";
import { toCliError } from "../to-cli-error.js";

/** Raw flags of `vreport schedule add`. */
export interface ScheduleAddFlags extends Omit<ReportJobFlags, "email">, ApiKeyFlags {
  /** Addresses; `true` (a bare `--email`) means each client's own, as does none on a monthly all-projects schedule. */
  email?: string | boolean;
  cron?: string;
  every?: string;
  tz?: string;
  id?: string;
  monthly?: boolean;
}

async function withQueue<T>(
  flags: QueueFlags,
  fn: (q: Awaited<ReturnType<typeof openQueue>>["queue"]) => Promise<T>,
): Promise<T> {
  try {
    const open = await openQueue({
      redisUrl: redisUrlFrom(flags.redisUrl),
      ...(flags.prefix !== undefined ? { prefix: flags.prefix } : {}),
    });
    try {
      return await fn(open.queue);
    } finally {
      await open.close();
    }
  } catch (err) {
    throw toCliError(err);
  }
}

/** `vreport schedule add`: registers (or updates) a recurring report; returns its id. */
export async function scheduleAdd(flags: ScheduleAddFlags, out: Out = stdout): Promise<string> {
  if (flags.monthly && flags.cron !== undefined)
    throw new CliError("--monthly and --cron cannot be used together: pick one", EXIT.usage);
  if (flags.monthly && flags.every !== undefined)
    throw new CliError("--monthly and --every cannot be used together: pick one", EXIT.usage);
  if (flags.monthly && flags.range !== undefined)
    throw new CliError(
      "--monthly and --range cannot be used together: --monthly reports the last calendar month",
      EXIT.usage,
    );
  if (!flags.monthly && (flags.cron === undefined) === (flags.every === undefined)) {
    throw new CliError('give --cron "<pattern>" (e.g. "0 6 2 * *"), --every <ms> or --monthly', EXIT.usage);
  }
  const target = parseTarget(flags);
  // A monthly all-projects schedule sends each client to its own recipients at its own slot
  // unless --email names addresses (docs/jobs.md, "Per-client delivery").
  const perClient = flags.monthly === true && "allProjects" in target && typeof flags.email !== "string";
  if (flags.email === true && !perClient)
    throw new CliError(
      "--email without addresses means each client's own recipients, for --monthly --all-projects only: give --email <addresses>",
      EXIT.usage,
    );
  if (flags.tz !== undefined && !isTimeZone(flags.tz))
    throw CliError.badFlag("--tz", flags.tz, "an IANA time zone such as Europe/Paris or America/New_York");
  // Every flag is checked before the service is asked anything (the embedded demo may seed first).
  const checked = {
    period: flags.monthly ? { named: "last-month" as const } : { range: parseRange(flags.range) },
    formats: parseFormats(flags.format ?? flags.formats, "--format"),
    out: resolve(flags.out ?? "output"),
    retry: parseRetry(flags),
    ...(flags.cron !== undefined ? { cron: flags.cron } : {}),
    ...(flags.every !== undefined ? { everyMs: parsePositiveInt("--every", flags.every, 0) } : {}),
    ...(typeof flags.email === "string" ? { email: parseRecipients(flags.email) } : {}),
  };
  const asked = await askService(flags, target);
  const zone = flags.tz ?? asked.timezone;
  if (flags.monthly && zone === undefined) throw new InvariantError("--monthly without a timezone");
  const monthly = flags.monthly && zone !== undefined ? monthlyCron(zone) : undefined;
  const spec = {
    target,
    ...checked,
    ...(monthly ?? {}),
    ...(flags.tz !== undefined && !monthly ? { tz: flags.tz } : {}),
    ...(perClient ? { perClient: true } : {}),
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.id !== undefined ? { id: flags.id } : {}),
  };
  const { id, next } = await withQueue(flags, (q) => addSchedule(q, spec));
  const each = perClient ? ", each client at its config schedule to its config recipients" : "";
  const when = monthly
    ? `monthly, last calendar month, cron "${monthly.cron}" (${monthly.tz})${each}`
    : flags.cron !== undefined
      ? `cron "${flags.cron}"${flags.tz ? ` (${flags.tz})` : ""}`
      : `every ${flags.every} ms`;
  out(`schedule ${id}: ${when}${next !== undefined ? `, next run ${nextRun(next)}` : ""}`);
  return id;
}

/**
 * A next run as `add` and `list` both print it: to the whole second. Schedules fire on whole
 * seconds; the delay `add` reads back is measured from a slightly different instant
 * (04:59:59.987 for 05:00:00), so the milliseconds are noise.
 */
function nextRun(ms: number): string {
  return new Date(Math.round(ms / 1000) * 1000).toISOString();
}

/** `vreport schedule list`: one line per schedule (or a JSON array with `--json`). */
export async function scheduleList(
  flags: QueueFlags & { json?: boolean },
  out: Out = stdout,
): Promise<ScheduleInfo[]> {
  const all = await withQueue(flags, listSchedules);
  if (flags.json) out(JSON.stringify(all, null, 2));
  else if (all.length === 0) out("no schedules");
  else {
    for (const s of all) {
      const when =
        s.cron !== undefined ? `cron "${s.cron}"${s.tz ? ` ${s.tz}` : ""}` : `every ${s.everyMs} ms`;
      const next = s.next !== undefined ? `  next ${nextRun(s.next)}` : "";
      out(`${s.id}  ${when}  ${s.what}${s.email.length ? `  email ${s.email.join(",")}` : ""}${next}`);
    }
  }
  return all;
}

/** `vreport schedule remove ID`: exit 1 when there is no such schedule. */
export async function scheduleRemove(id: string, flags: QueueFlags, out: Out = stdout): Promise<void> {
  const removed = await withQueue(flags, (q) => removeSchedule(q, id));
  if (!removed)
    throw new CliError(`no schedule with id "${id}" (see \`vreport schedule list\`)`, EXIT.failure);
  out(`removed schedule ${id}`);
}

/** `vreport schedule run ID`: fires the schedule once now, as its next firing would. */
export async function scheduleRun(id: string, flags: QueueFlags, out: Out = stdout): Promise<string> {
  const job = await withQueue(flags, (q) => runScheduleNow(q, id));
  if (job === undefined)
    throw new CliError(`no schedule with id "${id}" (see \`vreport schedule list\`)`, EXIT.failure);
  out(`schedule ${id}: fired now as job ${job}; the running workers take it`);
  return job;
}

const queueOptions = (c: Command): Command => c.addOption(redisUrlOption()).addOption(queuePrefixOption());

/** Wires `vreport schedule add|list|remove|run`. */
export function register(program: Command): void {
  const schedule = program
    .command("schedule")
    .description("Recurring reports (BullMQ job schedulers), run by `vreport worker`")
    .addHelpText(
      "after",
      examples(
        'vreport schedule add --cron "0 6 2 * *" --tz Europe/Paris --all-projects --range 30d --format pdf',
        "vreport schedule list",
        "vreport schedule remove all-projects-30d-pdf",
      ),
    );
  queueOptions(
    schedule
      .command("add")
      .description("Register or update a recurring report")
      .option("--cron <pattern>", 'cron pattern, e.g. "0 6 2 * *" (06:00 on the 2nd of each month)')
      .option("--every <ms>", "a fixed interval in ms instead of --cron")
      .option(
        "--monthly",
        "on the 1st of each month at 06:00, report the last calendar month (in --tz, else in the workspace's timezone, read from the service)",
      )
      .option(
        "--tz <zone>",
        "time zone of the cron pattern, e.g. Europe/Paris (default UTC; for --monthly the workspace's)",
      )
      .option(
        API_KEY_FILE_FLAG,
        "--monthly without --tz: file holding an API key to read the workspace's timezone (else env VREPORT_API_KEY); never stored",
      )
      .option("--project <id>", "the project to report on")
      .option("--all-projects", "every project the key can read at each run")
      .option("--range <range>", "reporting period: 7d, 30d or 90d (default 30d)")
      .option("--format <formats>", `${FORMATS_HELP} (default: all)`)
      .addOption(hiddenFormatsAlias())
      .option("--out <dir>", "output directory, as the workers see it (made absolute)", "output")
      .option(
        "--email [addresses]",
        "email the files to these comma-separated addresses (--monthly --all-projects without addresses: each client to its config email.to, at its config schedule)",
      )
      .option("--base-url <url>", "the service the workers read from (default: theirs)")
      .option("--id <id>", "schedule id (default: <project|all-projects>-<range>-<formats>)")
      .addOption(attemptsOption())
      .addOption(backoffOption())
      .addHelpText(
        "after",
        examples(
          "vreport schedule add --monthly --tz Europe/Paris --all-projects --format pdf,xlsx",
          "vreport schedule add --monthly --all-projects --email --format pdf,xlsx",
          'vreport schedule add --cron "0 6 * * 1" --project Acme --range 7d --email cmo@client.example',
          "vreport schedule add --every 3600000 --project Acme --format md --id acme-hourly",
        ),
      ),
  ).action(async (flags: ScheduleAddFlags) => {
    await scheduleAdd(flags);
  });
  queueOptions(
    schedule
      .command("list")
      .description("List the recurring reports")
      .option("--json", "JSON output")
      .addHelpText(
        "after",
        examples(
          "vreport schedule list",
          "vreport schedule list --json --redis-url redis://redis.internal:6379",
        ),
      ),
  ).action(async (flags: QueueFlags & { json?: boolean }) => {
    await scheduleList(flags);
  });
  queueOptions(
    schedule
      .command("remove <id>")
      .description("Remove a recurring report")
      .addHelpText(
        "after",
        examples(
          "vreport schedule remove all-projects-30d-pdf",
          "vreport schedule remove acme-hourly --prefix reports",
        ),
      ),
  ).action(async (id: string, flags: QueueFlags) => {
    await scheduleRemove(id, flags);
  });
  queueOptions(
    schedule
      .command("run <id>")
      .description("Fire a recurring report once now, as its next firing would (try a cycle without waiting)")
      .addHelpText("after", examples("vreport schedule run all-projects-last-month-pdf")),
  ).action(async (id: string, flags: QueueFlags) => {
    await scheduleRun(id, flags);
  });
}
