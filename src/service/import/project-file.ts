/**
 * Reads a project file (docs/import.md, "Project file"): YAML or JSON (YAML's superset) with the
 * same fields as the flags, e.g.
 *
 *   project: Acme
 *   brand: Acme
 *   domains: [acme.com]
 *   competitors: ["Globex=globex.com", { name: Initech, domain: initech.io, variants: [Initech Inc] }]
 *   map: { prompt: Question, platform: Engine }
 */
import { readFile } from "node:fs/promises";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { type ColumnMapping, isColumn, parseMapping } from "./columns.js";
import { ImportError } from "./errors.js";
import { type CompetitorSpec, parseCompetitors, type SetupInput } from "./setup.js";

const Strings = z.union([z.string().transform((s) => [s]), z.array(z.string())]);
const Competitor = z.union([
  z.string(),
  z.object({ name: z.string(), domain: z.string(), variants: z.array(z.string()).default([]) }),
]);

const ProjectFile = z
  .object({
    workspace: z.string().optional(),
    timezone: z.string().optional(),
    project: z.string().optional(),
    brand: z.string().optional(),
    domains: Strings.optional(),
    domain: z.string().optional(),
    variants: z.array(z.string()).optional(),
    competitors: z.array(Competitor).optional(),
    map: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  })
  .strict();

/** The setup a project file gives; throws BAD_SETUP naming the file and the field at fault. */
export async function readProjectFile(path: string): Promise<SetupInput> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw new ImportError(
      "INPUT_UNREADABLE",
      `cannot read the project file ${path}: ${(cause as Error).message}`,
      {
        cause,
      },
    );
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (cause) {
    throw new ImportError("BAD_SETUP", `${path}: not YAML or JSON: ${(cause as Error).message}`, { cause });
  }
  const parsed = ProjectFile.safeParse(data ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const keys = issue && "keys" in issue ? ` ${(issue.keys as string[]).join(", ")}` : "";
    throw new ImportError(
      "BAD_SETUP",
      `${path}: ${issue?.path.join(".") || "file"}: ${issue?.message}${keys}`,
    );
  }
  const f = parsed.data;
  const competitors: CompetitorSpec[] | undefined = f.competitors?.flatMap((c) =>
    typeof c === "string" ? parseCompetitors(c) : [c],
  );
  return {
    workspace: f.workspace,
    timezone: f.timezone,
    project: f.project,
    brand: f.brand,
    domains: f.domains ?? (f.domain !== undefined ? [f.domain] : undefined),
    variants: f.variants,
    competitors,
    mapping: f.map === undefined ? undefined : mappingOf(path, f.map),
  };
}

function mappingOf(path: string, map: string | Record<string, string>): ColumnMapping {
  if (typeof map === "string") return parseMapping(map);
  const mapping: ColumnMapping = {};
  for (const [key, value] of Object.entries(map)) {
    const column = key.toLowerCase();
    if (!isColumn(column)) throw new ImportError("BAD_MAPPING", `${path}: map: unknown column "${key}"`);
    mapping[column] = value;
  }
  return mapping;
}
