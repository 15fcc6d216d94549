import type { Command } from "commander";
import { z } from "zod";
import {
  COLUMNS,
  type ColumnMapping,
  ENCODINGS,
  encodingOf,
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
import { checkInputFile, InputFile, inputFile } from "../input-file.js";
import { type Io, inline, processIo } from "../io.js";
import { runOnStore, type StoreOperation } from "../on-store.js";
import { databaseOption } from "../options.js";

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
  /** The file's encoding: utf-8 (default), windows-1252, latin1, utf-16, utf-16le, utf-16be. */
  encoding?: string;
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
  const encoding = encodingOf(opts.encoding ?? "utf-8");
  if (encoding === undefined) throw CliError.badFlag("--encoding", opts.encoding ?? "", ENCODINGS.join(", "));
  if (file === "-")
    throw new CliError(
      "import reads a file twice (validate, then write): save standard input to a file first",
      EXIT.usage,
    );
  const named = await inputFile(file);
  const setup = await asCliError(async () =>
    resolveSetup(flagSetup(opts), opts.projectFile ? await readProjectFile(opts.projectFile) : {}),
  );
  const input: ImportInput = {
    ...named,
    name: file,
    setup: setupInputOf(setup),
    options: {
      skipInvalid: opts.skipInvalid === true,
      ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
      read: { delimiter, encoding },
    },
  };
  return runOnStore(opts.database, "import", importOp, input, io);
}

/**
 * What `import` runs on the store, here or in a running service: the file (absolute path and
 * identity), the setup as flags give it (validated again where it runs, by the same schema), the
 * options. The admin channel checks a request's body against it.
 */
export const ImportInput = InputFile.extend({
  /** The file as the user named it, for the summary line. */
  name: z.string(),
  setup: z
    .object({
      workspace: z.string(),
      timezone: z.string().optional(),
      project: z.string(),
      brand: z.string(),
      domains: z.array(z.string()),
      variants: z.array(z.string()),
      competitors: z.array(z.object({ name: z.string(), domain: z.string(), variants: z.array(z.string()) })),
      mapping: z.record(z.string(), z.string()),
    })
    .strict(),
  options: z
    .object({
      skipInvalid: z.boolean(),
      batchSize: z.number().int().positive().optional(),
      read: z
        .object({
          delimiter: z.enum(Object.values(DELIMITERS) as [string, ...string[]]),
          encoding: z.enum(ENCODINGS).optional(),
        })
        .strict(),
    })
    .strict(),
}).strict();
type ImportInput = z.infer<typeof ImportInput>;

/** A resolved setup as setup input again: what travels, to be resolved (validated) where it runs. */
function setupInputOf(setup: ImportSetup): ImportInput["setup"] {
  return {
    workspace: setup.workspace,
    ...(setup.timezone !== undefined ? { timezone: setup.timezone } : {}),
    project: setup.project,
    brand: setup.brand,
    domains: [setup.domain],
    variants: setup.brandVariants,
    competitors: setup.competitors,
    mapping: setup.mapping as Record<string, string>,
  };
}

/** A mapping as it travels, checked: every key a canonical column. */
function mappingOf(mapping: Record<string, string>): ColumnMapping {
  for (const key of Object.keys(mapping))
    if (!(COLUMNS as readonly string[]).includes(key))
      throw new CliError(`mapping: unknown column "${key}"`, EXIT.usage);
  return mapping as ColumnMapping;
}

/** Imports the file into the store (run here, or by `serve` over its admin channel). */
export const importOp: StoreOperation<ImportInput, ImportResult> = async (store, input, io) => {
  await checkInputFile(input);
  const { mapping, ...fields } = input.setup;
  const setup = await asCliError(async () => resolveSetup({ ...fields, mapping: mappingOf(mapping) }));
  const options: ImportOptions = {
    skipInvalid: input.options.skipInvalid,
    ...(input.options.batchSize !== undefined ? { batchSize: input.options.batchSize } : {}),
    read: {
      delimiter: input.options.read.delimiter,
      ...(input.options.read.encoding !== undefined ? { encoding: input.options.read.encoding } : {}),
    },
  };
  const others = await store.db.selectFrom("workspaces").select("name").orderBy("created_at").execute();
  const result = await asCliError(() => importCsv(store, input.file, setup, options));
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
  // A new workspace beside others is said: a misspelt --workspace would otherwise split an
  // agency's clients without a word (docs/import.md, "Workspace and project").
  const names = others.map((w) => w.name);
  if (names.length > 0 && !names.includes(setup.workspace))
    io.out(
      `new workspace "${inline(setup.workspace)}", beside ${names.map((n) => `"${inline(n)}"`).join(", ")}: to import into one of those, give its name to --workspace`,
    );
  return result;
};

/** The setup the flags give; list flags are comma-separated. */
function flagSetup(opts: ImportCommandOptions): SetupInput {
  const { project, brand, workspace, timezone } = opts;
  const parsed = <T>(flag: string | undefined, parse: (text: string) => T) =>
    flag === undefined ? undefined : parse(flag);
  return {
    project,
    brand,
    workspace,
    timezone,
    domains: parsed(opts.domains, parseList),
    variants: parsed(opts.variants, parseList),
    competitors: parsed(opts.competitors, parseCompetitors),
    mapping: parsed(opts.map, parseMapping),
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
    .option(
      "--encoding <name>",
      "the file's encoding: utf-8, windows-1252, latin1, utf-16 (with its byte order mark, else little-endian), utf-16le, utf-16be",
      "utf-8",
    )
    .option("--batch-size <n>", "rows per transaction", "1000")
    .addOption(databaseOption())
    .addHelpText(
      "after",
      examples(
        'vreport import answers.csv --project Acme --brand Acme --domains acme.com --competitors "Globex=globex.com,Initech=initech.io"',
        "vreport import export.csv --project-file acme.yaml --map prompt=Question,platform=Engine,answered_at=Date",
        "vreport import export.csv --project-file acme.yaml --skip-invalid",
        "vreport import old-export.csv --project-file acme.yaml --encoding windows-1252",
      ),
    )
    .action(async (file: string, flags: Omit<ImportCommandOptions, "batchSize"> & { batchSize: string }) => {
      const { batchSize, ...rest } = flags;
      await importCommand(file, { ...rest, batchSize: parseBatchSize(batchSize) });
    });
}
