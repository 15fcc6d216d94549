/**
 * `vreport review list|approve|reject` (docs/review.md): the review state of each client's report
 * of a cycle, kept in the database. Runs on the database, or through a running `serve`'s admin
 * channel when it holds the PGlite directory (on-store.ts), as the other write commands do.
 */
import { userInfo } from "node:os";
import type { Command } from "commander";
import { z } from "zod";
import { NAMED_PERIODS, type NamedPeriod, namedPeriod } from "../../contract/calendar-periods.js";
import { REVIEW_STATES, type ReviewRecord } from "../../contract/review.js";
import { calendarTagEnd, periodFileTag } from "../../report/period-choice.js";
import { listReviews, ReviewError, setReview } from "../../service/review/index.js";
import { printableLocation, resolveDatabaseLocation, type Store } from "../../service/store/db.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { inline, type Out, processIo } from "../io.js";
import { mapped, runOnStore } from "../on-store.js";
import { databaseOption } from "../options.js";

const Text = z.string().trim().min(1, "must not be empty");
/**
 * A period's file-name label (report/period-choice.ts, periodFileTag; a rolling range's
 * `90d-2026-11-01`), any of them `-vs-year`: `2026-10`, `2026-Q3`, `2026-10-01_2026-10-12`.
 */
const Period = z
  .string()
  .regex(
    /^(\d{4}-(0[1-9]|1[0-2])|\d{4}-Q[1-4]|\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d|\d{1,3}d-\d{4}-\d\d-\d\d)(-vs-year)?$/,
    "must be a period label: a month 2026-10, a quarter 2026-Q3, days 2026-10-01_2026-10-12 or a range 90d-2026-11-01",
  );

/** What `review list` runs on the store (here, or in a running service). */
export const ReviewListInput = z.object({ period: Period.optional(), json: z.boolean() }).strict();
type ReviewListInput = z.infer<typeof ReviewListInput>;

/** What `review approve|reject` (and the desk, and the worker once it sent) run on the store. */
export const ReviewSetInput = z
  .object({
    project: Text,
    period: Period,
    state: z.enum(REVIEW_STATES),
    by: Text,
    reason: Text.optional(),
    quiet: z.boolean().optional(),
  })
  .strict();
type ReviewSetInput = z.infer<typeof ReviewSetInput>;

/** A refused change (a sent report, a hold without a reason) is a usage error. */
function reviewError(error: unknown): CliError | undefined {
  return error instanceof ReviewError ? new CliError(error.message, EXIT.usage, { cause: error }) : undefined;
}

/** One line of `review list`. */
function lineOf(r: ReviewRecord): string {
  const why = r.reason !== undefined ? `  reason: ${inline(r.reason)}` : "";
  return `${r.period}  ${r.state.padEnd(8)}  ${inline(r.projectName)} (${r.projectId})  by ${inline(r.by)} at ${r.at}${why}`;
}

/** Lists the reviews of a period (or of every period). */
export const reviewListOp = mapped<ReviewListInput, ReviewRecord[]>(async (store, input, io) => {
  const reviews = await listReviews(store, input.period);
  if (input.json) io.out(JSON.stringify(reviews, null, 2));
  else if (reviews.length === 0)
    io.out(`no reviews${input.period ? ` of ${input.period}` : ""}: every report is a draft until reviewed`);
  else for (const r of reviews) io.out(lineOf(r));
  return reviews;
}, reviewError);

/**
 * The project named by id or by name (any case); an unknown one is a usage error listing them, a
 * name two workspaces share one listing their ids: a review must never land on the wrong client.
 */
async function projectOf(store: Store, wanted: string): Promise<{ id: string; name: string }> {
  const rows = await store.db
    .selectFrom("projects")
    .innerJoin("workspaces", "workspaces.id", "projects.workspace_id")
    .select(["projects.id", "projects.name", "workspaces.name as workspace"])
    .orderBy("projects.name")
    .execute();
  const key = wanted.trim().toLowerCase();
  const byId = rows.find((p) => p.id === key);
  if (byId) return byId;
  const named = rows.filter((p) => p.name.toLowerCase() === key);
  if (named.length > 1)
    throw CliError.badFlag(
      "--project",
      wanted,
      `the id of one of ${named.map((p) => `${p.id} (in ${inline(p.workspace)})`).join(", ")}: the name is in ${named.length} workspaces`,
    );
  const [found] = named;
  if (!found)
    throw CliError.badFlag(
      "--project",
      wanted,
      [...new Set(rows.map((p) => inline(p.name)))].join(", ") || "none",
    );
  return found;
}

/** Sets one report's state (approve, reject → held, sent, reopen → draft). */
export const reviewSetOp = mapped<ReviewSetInput, ReviewRecord>(async (store, input, io) => {
  const project = await projectOf(store, input.project);
  const review = await setReview(store, {
    projectId: project.id,
    period: input.period,
    state: input.state,
    by: input.by,
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
  });
  if (!input.quiet) io.out(`vreport: ${lineOf(review)}`);
  return review;
}, reviewError);

/** Who changes a state from this shell: `--by`, else the login name. */
function whoAmI(by: string | undefined): string {
  return by ?? userInfo().username;
}

/**
 * `--period` as the label reviews are kept under: a named period (`last-month`, `last-quarter`,
 * `month-to-date`) becomes its days' label on the machine's UTC date (`2026-10` on 29 November),
 * as `approve`'s check reads it; any other value is checked before the database is opened, since
 * a label no report carries finds nothing.
 */
function labelOf(period: string, today: string = new Date().toISOString().slice(0, 10)): string {
  if ((NAMED_PERIODS as readonly string[]).includes(period))
    return periodFileTag(namedPeriod(period as NamedPeriod, today));
  if (!Period.safeParse(period).success)
    throw CliError.badFlag(
      "--period",
      period,
      "last-month, last-quarter, month-to-date, a month 2026-10, a quarter 2026-Q3, days 2026-10-01_2026-10-12 or a range 90d-2026-11-01, each optionally -vs-year",
    );
  return period;
}

interface ReviewFlags {
  database?: string;
  project: string;
  period: string;
  by?: string;
}

/** `vreport review list`. */
export async function reviewList(
  flags: { database?: string; period?: string; json?: boolean },
  out: Out = processIo.out,
): Promise<ReviewRecord[]> {
  const input = {
    json: flags.json === true,
    ...(flags.period !== undefined ? { period: labelOf(flags.period) } : {}),
  };
  return runOnStore(flags.database, "review.list", reviewListOp, input, { out, err: processIo.err });
}

/**
 * `vreport review approve`: the report may be emailed. A calendar month or quarter that has not
 * ended has no final report to approve (`generate --month` refuses it too).
 */
export async function reviewApprove(
  flags: ReviewFlags,
  out: Out = processIo.out,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<ReviewRecord> {
  const period = labelOf(flags.period, today);
  const end = calendarTagEnd(period);
  if (end !== undefined && end >= today)
    throw new CliError(
      `--period ${inline(flags.period)} is not over (it ends ${end}; today is ${today}): its report is not final, approve it once the period has ended`,
      EXIT.usage,
    );
  const input = {
    project: flags.project,
    period,
    state: "approved" as const,
    by: whoAmI(flags.by),
  };
  return runOnStore(flags.database, "review.set", reviewSetOp, input, { out, err: processIo.err });
}

/** `vreport review reject`: the report is held with a reason and never emailed as it is. */
async function reviewReject(
  flags: ReviewFlags & { reason: string },
  out: Out = processIo.out,
): Promise<ReviewRecord> {
  const input = {
    project: flags.project,
    period: labelOf(flags.period),
    state: "held" as const,
    by: whoAmI(flags.by),
    reason: flags.reason,
  };
  return runOnStore(flags.database, "review.set", reviewSetOp, input, { out, err: processIo.err });
}

/**
 * Run without a service: only a running `serve --desk` knows its desk (serve-desk.ts answers
 * there, ignoring the input). The database looked at is named, as the desk may serve another.
 */
const deskLinkHere = mapped<{ location: string }, { url: string }>(async (_store, { location }) => {
  throw new CliError(
    `no running vreport serve --desk holds ${location}: start one (it prints the desk's sign-in link), or name the database it serves (--database)`,
    EXIT.failure,
  );
}, reviewError);

/** `vreport review desk`: a fresh one-time sign-in link of the desk a running `serve --desk` runs. */
export async function reviewDesk(flags: { database?: string }, out: Out = processIo.out): Promise<string> {
  const { url } = await runOnStore(
    flags.database,
    "desk.link",
    deskLinkHere,
    { location: printableLocation(resolveDatabaseLocation(flags.database)) },
    { out, err: processIo.err },
  );
  return url;
}

/** Wires `vreport review list|approve|reject|desk`. */
export function register(program: Command): void {
  const review = program
    .command("review")
    .description("Review each client's report of a cycle before it is emailed: list, approve, reject")
    .addHelpText(
      "after",
      examples(
        "vreport review list --period 2026-10",
        'vreport review approve --project "Acme" --period 2026-10',
        'vreport review reject --project "Acme" --period 2026-10 --reason "numbers look low"',
      ),
    );
  review
    .command("list")
    .description("List the review state of each report (who and when)")
    .option("--period <label>", "one period, e.g. 2026-10")
    .option("--json", "JSON output")
    .addOption(databaseOption())
    .addHelpText("after", examples("vreport review list", "vreport review list --period 2026-10 --json"))
    .action(async (flags: { database?: string; period?: string; json?: boolean }) => {
      await reviewList(flags);
    });
  const change = (name: string, description: string) =>
    review
      .command(name)
      .description(description)
      .requiredOption("--project <name>", "the project's name or id")
      .requiredOption("--period <label>", "the period's label, e.g. 2026-10")
      .option("--by <name>", "who decides (default: your login name)")
      .addOption(databaseOption());
  review
    .command("desk")
    .description("Print a fresh one-time sign-in link of the desk a running `vreport serve --desk` runs")
    .addOption(databaseOption())
    .addHelpText("after", examples("vreport review desk", "vreport review desk --database ./mydata"))
    .action(async (flags: { database?: string }) => {
      await reviewDesk(flags);
    });
  change("approve", "Approve a report: it may be emailed")
    .addHelpText("after", examples('vreport review approve --project "Acme" --period 2026-10 --by dana'))
    .action(async (flags: ReviewFlags) => {
      await reviewApprove(flags);
    });
  change("reject", "Hold a report with a reason: it is not emailed")
    .requiredOption("--reason <text>", "why it is held")
    .addHelpText(
      "after",
      examples('vreport review reject --project "Acme" --period 2026-10 --reason "wait for the new pages"'),
    )
    .action(async (flags: ReviewFlags & { reason: string }) => {
      await reviewReject(flags);
    });
}
