import { relative } from "node:path";
import type { Command } from "commander";
import {
  createClient,
  InvalidKeyError,
  MissingKeyError,
  MissingScopeError,
  NetworkError,
  TimeoutError,
} from "../../client/index.js";
import { ConfigError, loadBranding } from "../../report/config.js";
import { generateReport, selectProjects, type WrittenFile } from "../../report/generate.js";
import { startEmbedded } from "../../service/embedded.js";
import { CliError, EXIT } from "../errors.js";
import { type GenerateFlags, parseGenerateFlags } from "./generate-options.js";

/** Where the command writes its lines; tests pass their own. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** True on a terminal: progress is redrawn in place instead of printed line by line. */
  tty: boolean;
}

const processIo: Io = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
  tty: Boolean(process.stderr.isTTY),
};

function human(bytes: number): string {
  return bytes >= 1_048_576
    ? `${(bytes / 1_048_576).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Maps client failures to the CLI's exit codes: auth 3, unreachable 4. */
function toCliError(err: unknown): unknown {
  if (err instanceof MissingKeyError || err instanceof InvalidKeyError || err instanceof MissingScopeError) {
    return new CliError(err.message, EXIT.auth, { cause: err });
  }
  if (err instanceof NetworkError || err instanceof TimeoutError) {
    return new CliError(`service unreachable: ${err.message}`, EXIT.unreachable, { cause: err });
  }
  if (err instanceof ConfigError) return new CliError(err.message, EXIT.usage, { cause: err });
  return err;
}

/** `vreport generate`: writes the report of each selected project in each format; returns the files. */
export async function generateCommand(flags: GenerateFlags, io: Io = processIo): Promise<WrittenFile[]> {
  const opts = parseGenerateFlags(flags);
  const progress = (line: string) => (io.tty ? process.stderr.write(`\r\x1b[2K${line}`) : io.err(line));
  const embedded =
    opts.baseUrl === undefined
      ? await startEmbedded({
          ...(opts.database ? { database: opts.database } : {}),
          ...(opts.asOf ? { asOf: opts.asOf } : {}),
        })
      : undefined;
  try {
    const { branding, timezone } = await loadBranding(opts.configPath);
    if (embedded)
      io.err(
        `vreport: no --base-url given: serving the demo workspace (${embedded.database}) at ${embedded.baseUrl}`,
      );
    const client = createClient({
      baseUrl: embedded?.baseUrl ?? opts.baseUrl ?? "",
      apiKey: embedded?.apiKey ?? opts.apiKey ?? "",
    });
    const { projects } = await client.listProjects();
    const selected = selectProjects(projects, opts);
    if (selected.length === 0) {
      throw CliError.badFlag(
        "--project",
        opts.project ?? "",
        projects.map((p) => `${p.name} (${p.id})`).join(", ") || "none: the key reads no project",
      );
    }
    const files: WrittenFile[] = [];
    for (const [i, project] of selected.entries()) {
      progress(
        `[${i + 1}/${selected.length}] ${project.name}: fetching and rendering ${opts.formats.join(", ")}…`,
      );
      const written = await generateReport(client, {
        project,
        range: opts.range,
        formats: opts.formats,
        outDir: opts.outDir,
        branding,
        render: { pageSize: opts.pageSize, landscape: opts.landscape },
        ...(timezone !== undefined ? { timezone } : {}),
      });
      files.push(...written);
    }
    if (io.tty) process.stderr.write("\r\x1b[2K");
    for (const f of files) io.out(`${relative(process.cwd(), f.path) || f.path}  ${human(f.bytes)}`);
    return files;
  } catch (err) {
    throw toCliError(err);
  } finally {
    if (opts.formats.includes("pdf")) {
      const { closeBrowser } = await import("../../render/backends/pdf.js");
      await closeBrowser();
    }
    await embedded?.close();
  }
}

/** Wires `vreport generate`. */
export function register(program: Command): void {
  program
    .command("generate")
    .description("Generate the AI-visibility report as PDF, XLSX and/or Markdown")
    .option("--range <range>", "reporting period: 7d, 30d or 90d", "30d")
    .option("--format <formats>", "pdf, xlsx, md (comma-separated) or all", "all")
    .option("--project <id|name>", "project to report on (default: the first the key can read)")
    .option("--all-projects", "one report per project the key can read")
    .option("--out <dir>", "output directory", "output")
    .option(
      "--base-url <url>",
      "service base URL (env VREPORT_BASE_URL); without it the embedded demo service is used",
    )
    .option("--api-key <key>", "API key (env VREPORT_API_KEY)")
    .option("--config <file>", "branding config (default: ./vreport.config.json when present)")
    .option("--page-size <size>", "PDF page size: A4 or Letter", "A4")
    .option("--landscape", "PDF in landscape orientation")
    .option("--as-of <date>", "embedded demo only: the as-of day YYYY-MM-DD (default: today)")
    .option("--database <location>", "embedded demo only: PGlite directory or postgres:// URL")
    .action(async (flags: GenerateFlags) => {
      await generateCommand(flags);
    });
}
