import type { Command } from "commander";
import { dayIn } from "../../contract/index.js";
import { loadDemo } from "../../service/demo.js";
import { openStore, printableLocation, resolveDatabaseLocation, type Store } from "../../service/store/db.js";
import { StoreError } from "../../service/store/errors.js";
import { DEMO_TIMEZONE, DEMO_WORKSPACE_ID, type SeedSummary } from "../../service/store/seed/index.js";
import { seedNotice } from "../connect-service.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { parseDay } from "../flags.js";
import { processIo } from "../io.js";
import { databaseOption } from "../options.js";

/** Options of `vreport seed`. */
export interface SeedCommandOptions {
  scale?: number;
  /** Last collection day; default today in the demo workspace's timezone. */
  asOf?: string;
  database?: string;
  /** Replace an existing demo workspace (its API keys go with it). */
  reset?: boolean;
}

/**
 * `vreport seed`: loads the deterministic demo workspace and prints one summary line. An already
 * seeded database is reused as it is (exit 0, undefined returned) without `--reset`: reseeding
 * replaces the workspace and so deletes every API key minted for it, which must not happen by
 * accident.
 */
export async function seedCommand(
  opts: SeedCommandOptions,
  out: (line: string) => void = processIo.out,
  err: (line: string) => void = processIo.err,
): Promise<SeedSummary | undefined> {
  const database = resolveDatabaseLocation(opts.database);
  const asOf = opts.asOf ?? dayIn(DEMO_TIMEZONE, new Date());
  const started = Date.now();
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(database);
  } catch (error) {
    if (error instanceof StoreError) throw new CliError(error.message, EXIT.failure, { cause: error });
    throw error;
  }
  try {
    const existing = await store.db
      .selectFrom("workspaces")
      .select("id")
      .where("id", "=", DEMO_WORKSPACE_ID)
      .executeTakeFirst();
    // Seeding is idempotent: the demo there is reused (its keys kept); --reset replaces it.
    if (existing && !opts.reset) {
      const reused = await demoSummary(store);
      out(
        `vreport: reused the demo workspace already seeded in ${printableLocation(database)} (${reused}); pass --reset to reseed it (its API keys are deleted too)`,
      );
      return undefined;
    }
    seedNotice({ err })({ database, asOf });
    const summary = await loadDemo(store, {
      asOf,
      ...(opts.scale !== undefined ? { scale: opts.scale } : {}),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    out(
      `vreport: seeded ${summary.workspaceName} (workspace ${summary.workspaceId}): ${summary.projects.length} projects, ` +
        `${summary.totals.prompts} prompts, ${summary.totals.answers} answers, ${summary.totals.citations} citations ` +
        `as of ${summary.asOf} (scale ${summary.scale}) in ${seconds} s`,
    );
    return summary;
  } catch (error) {
    if (error instanceof StoreError) throw new CliError(error.message, EXIT.failure, { cause: error });
    throw error;
  } finally {
    await store.close();
  }
}

/** What the seeded demo holds, in a few words: its projects and answers. */
async function demoSummary(store: Store): Promise<string> {
  const projects = await store.db
    .selectFrom("projects")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", DEMO_WORKSPACE_ID)
    .executeTakeFirstOrThrow();
  const answers = await store.db
    .selectFrom("answers")
    .innerJoin("projects", "projects.id", "answers.project_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("projects.workspace_id", "=", DEMO_WORKSPACE_ID)
    .executeTakeFirstOrThrow();
  return `${Number(projects.n)} projects, ${Number(answers.n)} answers`;
}

/** `--as-of`: a real calendar day YYYY-MM-DD within the accepted days, as every day flag. */
export function parseAsOf(value: string): string {
  return parseDay("--as-of", value)!;
}

/** `--scale`: a positive number (fractions allowed, for quick runs). */
function parseScale(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n <= 0 || n > 1000) {
    throw CliError.badFlag("--scale", value, "a number greater than 0 (at most 1000)");
  }
  return n;
}

/** Wires `vreport seed`. */
export function register(program: Command): void {
  program
    .command("seed")
    .description("Load the deterministic demo workspace")
    .option("--scale <n>", "multiplies prompts and answers", "1")
    .option("--as-of <date>", "last collection day YYYY-MM-DD (default: today in Europe/Paris)")
    .addOption(databaseOption())
    .option("--reset", "replace an already seeded demo workspace (deletes its API keys)")
    .addHelpText(
      "after",
      examples(
        "vreport seed",
        "vreport seed --as-of 2026-11-01 --reset",
        "vreport seed --scale 10 --database postgres://vreport@localhost/vreport",
      ),
    )
    .action(async (flags: { scale: string; asOf?: string; database?: string; reset?: boolean }) => {
      await seedCommand({
        scale: parseScale(flags.scale),
        ...(flags.asOf !== undefined ? { asOf: parseAsOf(flags.asOf) } : {}),
        ...(flags.database !== undefined ? { database: flags.database } : {}),
        ...(flags.reset ? { reset: true } : {}),
      });
    });
}
