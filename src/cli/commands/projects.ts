import type { Command } from "commander";
import { createClient } from "../../client/index.js";
import type { Project } from "../../contract/index.js";
import { API_KEY_FILE_OPTION, API_KEY_OPTION, apiKeyFrom } from "../api-key.js";
import { clientErrorToCli } from "../client-errors.js";
import { CliError, EXIT } from "../errors.js";
import { processIo } from "../io.js";

/** Options of `vreport projects` (flags win over `VREPORT_BASE_URL` / `VREPORT_API_KEY`). */
export interface ProjectsOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  apiKeyFile?: string | undefined;
  json?: boolean | undefined;
  /** Client tuning for scripts and tests (not flags): failing fast on an unreachable service. */
  retries?: number;
  timeoutMs?: number;
}

/** Where the command writes; tests pass their own. */
export interface ProjectsIo {
  out: (line: string) => void;
}

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

/** `vreport projects`: prints the projects the key can read, as a table or JSON; returns them. */
export async function projectsCommand(
  opts: ProjectsOptions,
  io: ProjectsIo = processIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Project[]> {
  const baseUrl = opts.baseUrl ?? env.VREPORT_BASE_URL;
  const apiKey = apiKeyFrom(opts, env);
  if (!baseUrl)
    throw new CliError("no service given: pass --base-url URL or set VREPORT_BASE_URL", EXIT.usage);
  if (!apiKey)
    throw new CliError("no API key given: pass --api-key-file FILE or set VREPORT_API_KEY", EXIT.usage);
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({
      baseUrl,
      apiKey,
      ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    });
  } catch {
    throw CliError.badFlag("--base-url", baseUrl, "an http:// or https:// URL");
  }
  try {
    const { pinned, projects } = await client.listProjects();
    if (opts.json) {
      io.out(JSON.stringify({ pinned, projects }, null, 2));
      return projects;
    }
    if (projects.length === 0) {
      io.out("no projects: the key can read none");
      return projects;
    }
    const rows = projects.map((p) => [p.id, p.name, p.brand_name, p.brand_domain, p.status]);
    for (const line of table(["ID", "NAME", "BRAND", "DOMAIN", "STATUS"], rows)) io.out(line);
    if (pinned) io.out("(the key is pinned to this project)");
    return projects;
  } catch (err) {
    throw clientErrorToCli(err);
  }
}

/** Adds `vreport projects` to the program. */
export function register(program: Command): void {
  program
    .command("projects")
    .description("List the projects an API key can read")
    .option("--base-url <url>", "service URL (origin or …/core/api/external/v1); env VREPORT_BASE_URL")
    .option(...API_KEY_FILE_OPTION)
    .option(...API_KEY_OPTION)
    .option("--json", "print JSON instead of a table")
    .action(async (flags: ProjectsOptions) => {
      await projectsCommand(flags);
    });
}
