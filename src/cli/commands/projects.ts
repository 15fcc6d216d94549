import type { Command } from "commander";
import { createClient } from "../../client/index.js";
import type { Project } from "../../contract/index.js";
import type { ServiceConnection } from "../../jobs/service-connection.js";
import { connectOrDemo } from "../connect-service.js";
import { examples } from "../examples.js";
import { type Io, inline, processIo } from "../io.js";
import { serviceFlags, withServiceOptions } from "../options.js";
import { toCliError } from "../to-cli-error.js";

/** Options of `vreport projects` (flags win over `VREPORT_BASE_URL` / `VREPORT_API_KEY`). */
export interface ProjectsOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  apiKeyFile?: string | undefined;
  json?: boolean | undefined;
  /** Embedded demo only (no base URL): PGlite directory or postgres:// URL. */
  database?: string | undefined;
  /** Client tuning for scripts and tests (not flags): failing fast on an unreachable service. */
  retries?: number;
  timeoutMs?: number;
}

/** Where the command writes: the table or JSON on `out`, the demo notices on `err`; tests pass their own. */
export type ProjectsIo = Pick<Io, "out" | "err">;

/** Left-aligned columns, two spaces apart, header underlined by nothing (greppable, paste-able). */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/**
 * `vreport projects`: prints the projects the key can read, as a table or JSON; returns them.
 * Without a base URL it lists the embedded demo's projects, as `generate` reports on them.
 */
export async function projectsCommand(
  opts: ProjectsOptions,
  io: ProjectsIo = processIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Project[]> {
  const { baseUrl, apiKey } = serviceFlags(opts, env);
  const service = baseUrl === undefined ? await demo(opts, io) : remote(baseUrl, apiKey ?? "", opts);
  try {
    const { pinned, projects } = await service.client.listProjects();
    if (opts.json) {
      io.out(JSON.stringify({ pinned, projects }, null, 2));
      return projects;
    }
    if (projects.length === 0) {
      io.out("no projects: the key can read none");
      return projects;
    }
    const rows = projects.map((p) => [p.id, p.name, p.brand_name, p.brand_domain, p.status].map(inline));
    for (const line of table(["ID", "NAME", "BRAND", "DOMAIN", "STATUS"], rows)) io.out(line);
    if (pinned) io.out("(the key is pinned to this project)");
    return projects;
  } catch (err) {
    throw toCliError(err);
  } finally {
    await service.close();
  }
}

/** The service at `baseUrl` (checked, with its key, by `serviceFlags`). */
function remote(
  baseUrl: string,
  apiKey: string,
  opts: ProjectsOptions,
): Pick<ServiceConnection, "client" | "close"> {
  const client = createClient({
    baseUrl,
    apiKey,
    ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
  return { client, close: async () => {} };
}

/** The embedded demo service (seeded on first use), with its own temporary key. */
async function demo(opts: ProjectsOptions, io: ProjectsIo): Promise<ServiceConnection> {
  return connectOrDemo(opts.database !== undefined ? { database: opts.database } : {}, io).catch(
    (err: unknown) => {
      throw toCliError(err);
    },
  );
}

/** Adds `vreport projects` to the program. */
export function register(program: Command): void {
  withServiceOptions(program.command("projects"), { demoAsOf: false })
    .description("List the projects an API key can read")
    .option("--json", "print JSON instead of a table")
    .addHelpText(
      "after",
      examples(
        "vreport projects",
        "vreport projects --base-url https://reports.example.com --api-key-file key.txt",
        "vreport projects --json",
      ),
    )
    .action(async (flags: ProjectsOptions) => {
      await projectsCommand(flags);
    });
}
