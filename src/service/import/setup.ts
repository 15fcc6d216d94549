/**
 * What an import creates or updates besides the rows: the workspace, the project, its brand and
 * competitors (docs/import.md, "Project"). Given by flags, by a project file, or both (flags win).
 */
import { z } from "zod";
import { isTimeZone } from "../../contract/calendar.js";
import { urlDomain } from "../../contract/index.js";
import type { ColumnMapping } from "./columns.js";
import { ImportError } from "./errors.js";

/** A tracked competitor: its name (as the `mentions` column spells it), domain and other spellings. */
export interface CompetitorSpec {
  name: string;
  domain: string;
  variants: string[];
}

/** The validated setup of one import. */
export interface ImportSetup {
  /** Workspace name (default: the project name). */
  workspace: string;
  /** IANA time zone of the workspace; undefined keeps the stored one (UTC for a new workspace). */
  timezone: string | undefined;
  project: string;
  brand: string;
  domain: string;
  brandVariants: string[];
  competitors: CompetitorSpec[];
  mapping: ColumnMapping;
}

/** The setup as flags or a project file give it: every field optional until merged. */
export interface SetupInput {
  workspace?: string | undefined;
  timezone?: string | undefined;
  project?: string | undefined;
  brand?: string | undefined;
  /** One domain (the store keeps one brand domain per project). */
  domains?: string[] | undefined;
  variants?: string[] | undefined;
  competitors?: CompetitorSpec[] | undefined;
  mapping?: ColumnMapping | undefined;
}

const Name = z.string().trim().min(1, "must not be empty");
const Domain = Name.refine((d) => urlDomain(d).includes("."), "is not a domain (e.g. acme.com)");

const SetupSchema = z.object({
  workspace: Name,
  timezone: Name.refine(isTimeZone, "is not an IANA time zone (e.g. Europe/Berlin)").optional(),
  project: Name,
  brand: Name,
  domains: z
    .array(Domain)
    .length(1, "takes exactly one domain: the store keeps one brand domain per project"),
  variants: z.array(Name).default([]),
  competitors: z
    .array(z.object({ name: Name, domain: Domain, variants: z.array(Name).default([]) }))
    .default([]),
});

/** Merges flags over the project file and validates; throws BAD_SETUP naming the field. */
export function resolveSetup(flags: SetupInput, file: SetupInput = {}): ImportSetup {
  const pick = <K extends keyof SetupInput>(key: K): SetupInput[K] => flags[key] ?? file[key];
  const project = pick("project");
  const parsed = SetupSchema.safeParse({
    workspace: pick("workspace") ?? project,
    timezone: pick("timezone"),
    project,
    brand: pick("brand"),
    domains: pick("domains"),
    variants: pick("variants"),
    competitors: pick("competitors"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "setup";
    const message =
      issue?.code === "invalid_type" && issue.input === undefined ? "is required" : issue?.message;
    throw new ImportError("BAD_SETUP", `${flagName(field)} ${message}`);
  }
  const d = parsed.data;
  const names = new Set<string>();
  for (const c of d.competitors) {
    const key = c.name.toLowerCase();
    if (key === d.brand.toLowerCase() || names.has(key))
      throw new ImportError("BAD_SETUP", `competitor "${c.name}" is listed twice (or is the brand itself)`);
    names.add(key);
  }
  return {
    workspace: d.workspace,
    timezone: d.timezone,
    project: d.project,
    brand: d.brand,
    domain: urlDomain(d.domains[0] as string),
    brandVariants: d.variants,
    competitors: d.competitors.map((c) => ({ ...c, domain: urlDomain(c.domain) })),
    mapping: { ...file.mapping, ...flags.mapping },
  };
}

/** The flag (and project-file key) behind a setup field, for messages: `competitors.1.domain` → `--competitors`. */
function flagName(field: string): string {
  const top = field.split(".")[0] ?? field;
  return `--${top}${field.includes(".") ? ` (${field})` : ""}`;
}

/**
 * Parses `--competitors "Globex=globex.com,Initech=initech.io"`: `name=domain` pairs. Throws
 * BAD_SETUP naming the pair without a domain.
 */
export function parseCompetitors(spec: string): CompetitorSpec[] {
  return spec
    .split(",")
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "")
    .map((pair) => {
      const eq = pair.lastIndexOf("=");
      const name = eq === -1 ? "" : pair.slice(0, eq).trim();
      const domain = eq === -1 ? "" : pair.slice(eq + 1).trim();
      if (name === "" || domain === "")
        throw new ImportError(
          "BAD_SETUP",
          `--competitors "${pair}": write name=domain, e.g. Globex=globex.com`,
        );
      return { name, domain, variants: [] };
    });
}

/** A comma-separated flag value as a list (`--domains`, `--variants`). */
export function parseList(value: string): string[] {
  return value
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
}
