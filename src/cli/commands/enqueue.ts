import { resolve } from "node:path";
import type { Command } from "commander";
import { dayIn } from "../../contract/calendar.js";
import { withoutPassword } from "../../contract/url.js";
import { type Enqueued, enqueueReport, openQueue } from "../../jobs/queue.js";
import { redisUrlFrom } from "../../jobs/redis.js";
import { connectService, serviceOptionsFrom } from "../connect-service.js";
import { parseRecipients } from "../email-flags.js";
import { CliError } from "../errors.js";
import { examples } from "../examples.js";
import {
  FORMATS_HELP,
  hiddenFormatsAlias,
  parseDay,
  parseFormats,
  parseRetry,
  parseTarget,
  type ReportJobFlags,
} from "../flags.js";
import { inline, processIo } from "../io.js";
import {
  attemptsOption,
  backoffOption,
  queuePrefixOption,
  redisUrlOption,
  withServiceOptions,
} from "../options.js";
import { type PeriodFlags, parsePeriodFlags, withPeriodFlags } from "../period-flags.js";
import { toCliError } from "../to-cli-error.js";

/** Raw flags of `vreport enqueue`. */
export interface EnqueueFlags extends ReportJobFlags, PeriodFlags {
  asOf?: string;
  apiKey?: string;
  apiKeyFile?: string;
  database?: string;
  force?: boolean;
}

/**
 * `vreport enqueue`: lists the projects through the client, then adds one report job per selected
 * project under its deterministic id (a second enqueue of the same report adds nothing).
 */
export async function enqueueCommand(
  flags: EnqueueFlags,
  out: (line: string) => void = processIo.out,
): Promise<Enqueued[]> {
  const target = parseTarget(flags);
  const choice = parsePeriodFlags(flags);
  const formats = parseFormats(flags.format ?? flags.formats, "--format");
  const retry = parseRetry(flags);
  const email = flags.email !== undefined ? parseRecipients(flags.email) : undefined;
  const asOfFlag = parseDay("--as-of", flags.asOf);
  const serviceOptions = serviceOptionsFrom(flags);
  // Workers may run elsewhere: an absolute output directory means the same thing to all of them.
  const outDir = resolve(flags.out ?? "output");
  const redisUrl = redisUrlFrom(flags.redisUrl);
  try {
    const service = await connectService({
      ...serviceOptions,
      onSeed: ({ database, asOf }) =>
        processIo.err(`vreport: seeding the demo workspace as of ${asOf} into ${database}…`),
    });
    let jobs: { project: string; name: string }[];
    let asOf: string;
    try {
      const { projects } = await service.client.listProjects();
      const wanted =
        "project" in target
          ? projects.filter((p) => p.id === target.project || p.name === target.project)
          : projects;
      if (wanted.length === 0) {
        const names =
          projects.map((p) => `${inline(p.name)} (${p.id})`).join(", ") || "none: the key reads no project";
        throw CliError.badFlag("--project", "project" in target ? target.project : "", names);
      }
      jobs = wanted.map((p) => ({ project: p.id, name: p.name }));
      // The as-of day the service will report on: the demo's, else today in the workspace's zone.
      asOf =
        asOfFlag ??
        service.asOf ??
        dayIn(
          await service.client.getWorkspace().then(
            (w) => w.timezone,
            () => "UTC",
          ),
        );
    } finally {
      await service.close();
    }
    const { queue, close } = await openQueue({
      redisUrl,
      ...(flags.prefix !== undefined ? { prefix: flags.prefix } : {}),
    });
    try {
      const results: Enqueued[] = [];
      for (const job of jobs) {
        const r = await enqueueReport(
          queue,
          {
            project: job.project,
            period: choice,
            formats,
            out: outDir,
            asOf,
            ...(email !== undefined ? { email } : {}),
            // The embedded demo's URL dies with this process; a real service's is worth keeping.
            ...(service.embeddedDatabase === undefined ? { baseUrl: service.baseUrl } : {}),
          },
          { ...retry, ...(flags.force ? { force: true } : {}) },
        );
        out(
          r.created
            ? `queued ${r.id} (${job.name})`
            : `already ${r.state ?? "queued"}: ${r.id} (${job.name})`,
        );
        results.push(r);
      }
      out(
        `${results.filter((r) => r.created).length} job(s) added to vreport-reports on ${withoutPassword(redisUrl)}`,
      );
      return results;
    } finally {
      await close();
    }
  } catch (err) {
    throw toCliError(err);
  }
}

/** Wires `vreport enqueue`. */
export function register(program: Command): void {
  withServiceOptions(withPeriodFlags(program.command("enqueue")), { demoAsOf: false })
    .description("Add report jobs to the BullMQ queue (Redis) for `vreport worker` processes")
    .option("--project <id|name>", "the project to report on")
    .option("--all-projects", "one job per project the key can read")

    .option("--format <formats>", `${FORMATS_HELP} (default: all)`)
    .addOption(hiddenFormatsAlias())
    .option("--out <dir>", "output directory, as the workers see it (made absolute)", "output")
    .option(
      "--email <addresses>",
      "email the files to these comma-separated addresses (the worker needs --smtp-url)",
    )
    .option(
      "--as-of <date>",
      "the report's as-of day YYYY-MM-DD, part of the job id (default: the service's today)",
    )
    .addOption(attemptsOption())
    .addOption(backoffOption())
    .option("--force", "re-run a report whose job already completed or failed")
    .addOption(redisUrlOption())
    .addOption(queuePrefixOption())
    .addHelpText(
      "after",
      examples(
        "vreport enqueue --all-projects --range 30d --format pdf,xlsx",
        "vreport enqueue --project Acme --format md --email cmo@client.example --base-url http://127.0.0.1:8787 --api-key-file key.txt",
        "vreport enqueue --all-projects --as-of 2026-11-01 --force",
      ),
    )
    .action(async (flags: EnqueueFlags) => {
      await enqueueCommand(flags);
    });
}
