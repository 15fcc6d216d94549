import { resolve } from "node:path";
import type { Command } from "commander";
import { createClient, type VreportClient } from "../../client/index.js";
import { type LoadedConfig, loadConfig } from "../../config/load-config.js";
import { withReportSession } from "../../jobs/report-session.js";
import { serveStdio } from "../../mcp/server.js";
import { clientReports, oneClientsFile } from "../../pipeline/client-reports.js";
import type { ApiKeyFlags } from "../api-key.js";
import { serviceOptionsFrom } from "../connect-service.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import type { Io } from "../io.js";
import { withServiceOptions } from "../options.js";
import { connectReporting } from "../report-service.js";
import { toCliError } from "../to-cli-error.js";

/** Flags of `vreport mcp`. */
export interface McpFlags extends ApiKeyFlags {
  baseUrl?: string;
  database?: string;
  asOf?: string;
  config?: string;
  changes?: string;
  out?: string;
}

/**
 * The longest a tool call waits on a 429 before trying again: a model is better told when to call
 * again (docs/mcp.md, "Errors") than kept waiting the minute a rate window may take.
 */
const RETRY_AFTER_MS = 1_000;

/**
 * Every line the command prints goes to stderr: on stdio, stdout carries the MCP protocol only
 * (docs/mcp.md), so even the demo's notices must not touch it.
 */
const stderrIo: Io = {
  out: (l) => process.stderr.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
  tty: false,
};

/**
 * `vreport mcp`: serves the MCP tools over stdio, reading through the typed client with the key
 * given (or the embedded demo's, without `--base-url`), until the client closes the stream.
 */
async function mcpCommand(flags: McpFlags, version: string, io: Io = stderrIo): Promise<void> {
  // A library's stray console line on stdout would break the host's connection: console goes to stderr.
  for (const level of ["log", "info", "debug"] as const) console[level] = console.error;
  const service = serviceOptionsFrom(flags);
  const config = await loadConfig(flags.config).catch((err: unknown) => {
    throw toCliError(err);
  });
  const clients = await clientReports(config, { changesPath: flags.changes }).catch((err: unknown) => {
    throw toCliError(err);
  });
  // The MCP server writes reports in any format (generate_report): their backends load on first use.
  await withReportSession(connectReporting(service, io), [], async (connection) => {
    await checkOneClientFiles(connection.client, config, flags.changes);
    return serveStdio(
      { name: "vreport", version },
      {
        client:
          service.baseUrl !== undefined
            ? createClient({
                baseUrl: service.baseUrl,
                apiKey: service.apiKey ?? "",
                maxRetryAfterMs: RETRY_AFTER_MS,
              })
            : connection.client,
        clientOf: clients,
        outDir: resolve(flags.out ?? "output"),
        ...(connection.asOf !== undefined ? { asOf: connection.asOf } : {}),
        log: (line) => io.err(line),
      },
    );
  });
}

/**
 * Notes and a change log are one client's (docs/notes.md, docs/changes.md): one file for every
 * project (`--changes`, the config's top-level `changes`, or top-level `notes` without
 * `{project}`) is refused when the key reads more than one, since generate_report and
 * explain_change would show one client's words or work on another's report, as `generate
 * --all-projects` refuses them. A key pinned to its project, or each client's own file, is the way.
 */
async function checkOneClientFiles(
  client: VreportClient,
  config: Pick<LoadedConfig, "notesPath" | "changesPath">,
  changesFlag: string | undefined,
): Promise<void> {
  const changes = changesFlag ?? config.changesPath;
  const notes = oneClientsFile(config) === "notes";
  if (changes === undefined && !notes) return;
  const { projects } = await client.listProjects().catch((err: unknown) => {
    throw toCliError(err);
  });
  if (projects.length <= 1) return;
  const reads = `the key reads ${projects.length} projects; pin the key to that project (vreport keys create --project …)`;
  if (changes !== undefined)
    throw new CliError(
      `${changesFlag !== undefined ? "--changes" : "the config file's changes"}: a change log is kept for one project's report, but ${reads}, or give each client its own changes in the config file's projects`,
      EXIT.usage,
    );
  throw new CliError(
    `the config file's notes: notes are written for one project's report, but ${reads}, or name each client's file with {project} (notes/{project}-{period}.md)`,
    EXIT.usage,
  );
}

/** Wires `vreport mcp`. */
export function register(program: Command): void {
  withServiceOptions(program.command("mcp"))
    .description("Serve the report's data to an AI assistant: an MCP server over stdio (docs/mcp.md)")
    .option(
      "--config <file>",
      "branding, targets and change log (default: ./vreport.config.json when present)",
    )
    .option(
      "--changes <file>",
      "one client's change log for explain_change, with a key pinned to its project (default: the config file's changes)",
    )
    .option("--out <dir>", "where generate_report writes", "output")
    .addHelpText(
      "after",
      examples(
        "vreport mcp",
        "vreport mcp --base-url https://reports.example.com --api-key-file key.txt --config vreport.config.json",
      ),
    )
    .action(async (flags: McpFlags) => {
      // The program carries the package version (src/cli/index.ts): the server introduces itself with it.
      await mcpCommand(flags, program.version() ?? "unknown");
    });
}
