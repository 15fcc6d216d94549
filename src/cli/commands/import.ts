import { access } from "node:fs/promises";
import { resolve } from "node:path";
import type { Command } from "commander";
import {
  ImportError,
  type ImportErrorCode,
  type ImportOptions,
  type ImportResult,
  type ImportSetup,
  importCsv,
  parseCompetitors,
  parseList,
  parseMapping,
  readProjectFile,
  resolveSetup,
  type SetupInput,
} from "../../service/import/index.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { type Io, processIo } from "../io.js";
import { runOnStore, type StoreOperation } from "../on-store.js";

/** Options of `vreport import` (flags as given; the project file fills what they leave out). */
export interface ImportCommandOptions {
  project?: string;
  brand?: string;
  domains?: string;
  variants?: string;
  competitors?: string;
  workspace?: string;
  timezone?: string;
  projectFile?: string;
  map?: string;
  skipInvalid?: boolean;
  batchSize?: number;
  delimiter?: string;
  database?: string;
}

/** Bad rows printed before "…and N more" (the summary counts them all). */
const MAX_PRINTED_ERRORS = 200;

/** `--delimiter` names and the character each stands for. */
const DELIMITERS: Record<string, string> = { ",": ",", ";": ";", tab: "\t", "|": "|" };

/** Failures of the setup or the command line (exit 2); the others are the data's (exit 1). */
const USAGE_CODES: ReadonlySet<ImportErrorCode> = new Set(["BAD_SETUP", "BAD_MAPPING", "INPUT_UNREADABLE"]);

/**
 * `vreport import FILE.csv`: creates or updates the workspace, project, competitors, prompts and
 * answers of a tracker's CSV export (docs/import.md); prints bad rows on stderr and a summary.
 * Throws CliError (exit 1) when a bad row stopped a strict import, after printing.
 */
export async function importCommand(
  file: string,
  opts: ImportCommandOptions,
  io: Pick<Io, "out" | "err"> = processIo,
): Promise<ImportResult> {
  const delimiter = opts.delimiter === undefined ? "," : DELIMITERS[opts.delimiter.toLowerCase()];
  if (delimiter === undefined)
    throw CliError.badFlag("--delimiter", opts.delimiter ?? "", Object.keys(DELIMITERS).join(" "));
  if (file === "-")
    throw new CliError(
      "import reads a file twice (validate, then write): save standard input to a file first",
      EXIT.usage,
    );
  try {
    await access(file);
  } catch {
    throw new CliError(`cannot read ${file}: no such file`, EXIT.usage);
  }
  const setup = await asCliError(async () =>
    resolveSetup(flagSetup(opts), opts.projectFile ? await readProjectFile(opts.projectFile) : {}),
  );
  const input: ImportInput = {
    file: resolve(file),
    name: file,
    setup,
    options: {
      skipInvalid: opts.skipInvalid === true,
      ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
      read: { delimiter },
    },
  };
  return runOnStore(opts.database, "import", importOp, input, io);
}

/** What `import` runs on the store, here or in a running service: an absolute path, the checked setup. */
interface ImportInput {
  file: string;
  /** The file as the user named it, for the summary line. */
  name: string;
  setup: ImportSetup;
  options: ImportOptions;
}

/** Imports the file into the store (run here, or by `serve` over its admin channel). */
export const importOp: StoreOperation<ImportInput, ImportResult> = async (store, input, io) => {
  const result = await asCliError(() => importCsv(store, input.file, input.setup, input.options));
  for (const e of result.errors.slice(0, MAX_PRINTED_ERRORS))
    io.err(`row ${e.row}${e.column === null ? "" : `, column ${e.column}`}: ${e.reason}`);
  if (result.skipped > MAX_PRINTED_ERRORS) io.err(`…and ${result.skipped - MAX_PRINTED_ERRORS} more`);
  const nothing = result.written
    ? ""
    : " (nothing written: fix these rows, or pass --skip-invalid to skip them)";
  io.out(
    `${input.name}: ${result.rows} rows: ${result.created} created, ${result.updated} updated, ` +
      `${result.unchanged} unchanged, ${result.skipped} skipped${nothing}`,
  );
  if (!result.written)
    throw new CliError(`${result.skipped} of ${result.rows} rows are invalid`, EXIT.failure);
  return result;
};

/** The setup the flags give; list flags are comma-separated. */
function flagSetup(opts: ImportCommandOptions): SetupInput {
  return {
    project: opts.project,
    brand: opts.brand,
    workspace: opts.workspace,
    timezone: opts.timezone,
    domains: opts.domains === undefined ? undefined : parseList(opts.domains),
    variants: opts.variants === undefined ? undefined : parseList(opts.variants),
    competitors: opts.competitors === undefined ? undefined : parseCompetitors(opts.competitors),
    mapping: opts.map === undefined ? undefined : parseMapping(opts.map),
  };
}

/** Runs `work`, turning an ImportError into its CLI exit. */
async function asCliError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImportError)
      throw new CliError(error.message, USAGE_CODES.has(error.code) ? EXIT.usage : EXIT.failure, {
        cause: error,
      });
    throw error;
  }
}

/** `--batch-size`: a positive integer. */
function parseBatchSize(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw CliError.badFlag("--batch-size", value, "a positive integer");
  return Number(value);
}

/** Wires `vreport import`. */
export function register(program: Command): void {
  program
    .command("import")
    .description("Import a tracker's CSV export (one row per answer) into a project; see docs/import.md")
    .argument("<file>", "a .csv file: prompt, platform, answered_at, answer, mentions, citations[, category]")
    .option("--project <name>", "project name (created or updated)")
    .option("--brand <name>", "the brand, as the mentions column names it")
    .option("--domains <domain>", "the brand's domain, for cited URLs")
    .option("--variants <names>", "other spellings of the brand, comma-separated")
    .option(
      "--competitors <list>",
      'competitors as name=domain, comma-separated: "Globex=globex.com,Initech=initech.io"',
    )
    .option("--workspace <name>", "workspace name (default: the project name)")
    .option("--timezone <iana>", "workspace time zone for dates without one (default: stored, else UTC)")
    .option("--project-file <path>", "YAML or JSON with the same settings; flags override it")
    .option("--map <pairs>", "column names of the file: prompt=Question,platform=Engine")
    .option(
      "--skip-invalid",
      "skip bad rows (reported) and import the others; default: any bad row imports nothing",
    )
    .option("--delimiter <char>", "field separator: , ; tab |", ",")
    .option("--batch-size <n>", "rows per transaction", "1000")
    .option("--database <location>", "PGlite directory or postgres:// URL (env VREPORT_DATABASE)")
    .addHelpText(
      "after",
      examples(
        'vreport import answers.csv --project Acme --brand Acme --domains acme.com --competitors "Globex=globex.com,Initech=initech.io"',
        "vreport import export.csv --project-file acme.yaml --map prompt=Question,platform=Engine,answered_at=Date",
        "vreport import export.csv --project-file acme.yaml --skip-invalid",
      ),
    )
    .action(async (file: string, flags: Omit<ImportCommandOptions, "batchSize"> & { batchSize: string }) => {
      const { batchSize, ...rest } = flags;
      await importCommand(file, { ...rest, batchSize: parseBatchSize(batchSize) });
    });
}
