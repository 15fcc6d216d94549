import type { Command } from "commander";
import { z } from "zod";
import { IngestError, type IngestResult, ingestFile } from "../../service/ingest/index.js";
import { resolveDatabaseLocation, type Store } from "../../service/store/db.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { checkInputFile, InputFile, inputFile } from "../input-file.js";
import { processIo } from "../io.js";
import { mapped, runOnStore } from "../on-store.js";
import { databaseOption } from "../options.js";
import { withStore } from "../with-store.js";

/** Options of `vreport ingest`. */
export interface IngestCommandOptions {
  strict?: boolean;
  database?: string;
  batchSize?: number;
  /** Longest line accepted, in bytes. */
  maxLineBytes?: number;
}

/** Where the command reads and writes; tests pass their own. */
export interface IngestIo {
  out: (line: string) => void;
  err: (line: string) => void;
  stdin: NodeJS.ReadableStream;
}

const ingestIo: IngestIo = { out: processIo.out, err: processIo.err, stdin: process.stdin };

/** Bad lines printed before "…and N more" (the count in the summary is always complete). */
const MAX_PRINTED_ERRORS = 200;

/**
 * `vreport ingest FILE|-`: loads NDJSON records, prints a summary and line-numbered errors; throws
 * CliError (exit 1) when any line failed, after printing them.
 */
export async function ingestCommand(
  file: string,
  opts: IngestCommandOptions = {},
  io: IngestIo = ingestIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<IngestResult> {
  const named = file === "-" ? { file: "-", identity: { dev: 0, ino: 0 } } : await inputFile(file);
  const input: IngestInput = {
    ...named,
    name: file === "-" ? "standard input" : file,
    ...(opts.strict !== undefined ? { strict: opts.strict } : {}),
    ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
    ...(opts.maxLineBytes !== undefined ? { maxLineBytes: opts.maxLineBytes } : {}),
  };
  const database = resolveDatabaseLocation(opts.database, env);
  // Standard input stays in this process: a running service could not read it.
  if (file === "-") return withStore(database, (store) => ingestRun(store, input, io, io.stdin), ingestError);
  return runOnStore(database, "ingest", ingestOp, input, io);
}

/**
 * What `ingest` runs on the store, here or in a running service: the file (absolute path and
 * identity: input-file.ts), checked flags. The admin channel checks a request's body against it.
 */
export const IngestInput = InputFile.extend({
  /** The file as the user named it, for the summary line. */
  name: z.string(),
  strict: z.boolean().optional(),
  batchSize: z.number().int().positive().optional(),
  maxLineBytes: z.number().int().positive().optional(),
}).strict();
type IngestInput = z.infer<typeof IngestInput>;

/** Ingests the file into the store (run here, or by `serve` over its admin channel). */
export const ingestOp = mapped<IngestInput, IngestResult>(async (store, input, io) => {
  await checkInputFile(input);
  return ingestRun(store, input, io, input.file);
}, ingestError);

async function ingestRun(
  store: Store,
  input: IngestInput,
  io: Pick<IngestIo, "out" | "err">,
  source: string | NodeJS.ReadableStream,
): Promise<IngestResult> {
  const result = await ingestFile(store, source, {
    ...(input.strict !== undefined ? { strict: input.strict } : {}),
    ...(input.batchSize !== undefined ? { batchSize: input.batchSize } : {}),
    ...(input.maxLineBytes !== undefined ? { maxLineBytes: input.maxLineBytes } : {}),
  });
  for (const d of result.duplicates.slice(0, MAX_PRINTED_ERRORS))
    io.err(`line ${d.line}: warning: ${d.reason}`);
  for (const e of result.errors.slice(0, MAX_PRINTED_ERRORS)) io.err(`line ${e.line}: ${e.reason}`);
  if (result.errors.length > MAX_PRINTED_ERRORS)
    io.err(`…and ${result.errors.length - MAX_PRINTED_ERRORS} more`);
  const nothing = input.strict && result.errors.length > 0 ? " (--strict: nothing written)" : "";
  io.out(
    `${input.name}: ${result.lines} records, ${result.written} written, ${result.unchanged} unchanged, ` +
      `${result.errors.length} failed, ${result.events} events queued` +
      (result.duplicates.length > 0 ? `, ${result.duplicates.length} duplicate ids` : "") +
      nothing,
  );
  if (result.errors.length > 0)
    throw new CliError(`${result.errors.length} of ${result.lines} records failed`, EXIT.failure);
  return result;
}

/** An ingest that could not run (unreadable input, a line too long) fails with exit 1. */
function ingestError(error: unknown): CliError | undefined {
  return error instanceof IngestError
    ? new CliError(error.message, EXIT.failure, { cause: error })
    : undefined;
}

/** `--batch-size`: a positive integer. */
function parseBatchSize(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw CliError.badFlag("--batch-size", value, "a positive integer");
  return n;
}

/** Wires `vreport ingest`. */
export function register(program: Command): void {
  program
    .command("ingest")
    .description("Load NDJSON records (docs/ingest.md) into the database; - reads standard input")
    .argument("<file>", "an .ndjson file, or - for standard input")
    .option("--strict", "validate the whole file first; write nothing if any line is bad")
    .option("--batch-size <n>", "records per transaction", "500")
    .option("--max-line-mb <mb>", "longest line accepted; a longer one is refused by its number", "1")
    .addOption(databaseOption())
    .addHelpText(
      "after",
      examples(
        "vreport ingest docs/examples/sample.ndjson --database ./mydata",
        "vreport ingest data.ndjson --strict --batch-size 1000",
        "vreport ingest - --database postgres://vreport@localhost/vreport",
      ),
    )
    .action(
      async (
        file: string,
        flags: { strict?: boolean; batchSize: string; maxLineMb: string; database?: string },
      ) => {
        await ingestCommand(file, {
          strict: flags.strict === true,
          batchSize: parseBatchSize(flags.batchSize),
          maxLineBytes: parseMaxLineMb(flags.maxLineMb),
          ...(flags.database !== undefined ? { database: flags.database } : {}),
        });
      },
    );
}

/** `--max-line-mb`: a positive number of megabytes (1 MB = 1,048,576 bytes). */
export function parseMaxLineMb(value: string): number {
  const mb = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(mb > 0))
    throw CliError.badFlag("--max-line-mb", value, "a positive number of MB");
  return Math.floor(mb * 1_048_576);
}
