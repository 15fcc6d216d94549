import { z } from "zod";
import { type EndpointDef, issuesByParam, PARAM_SCHEMAS } from "../../contract/index.js";
import { ApiError } from "./api-error.js";

const PATH_ID = z.guid("must be a UUID");

export interface ValidatedParams {
  query: Record<string, unknown>;
  pathParams: Record<string, string>;
}

/** Whether the endpoint's parameter set takes project_id (so the project step applies). */
export function takesProject(def: EndpointDef): boolean {
  return "project_id" in PARAM_SCHEMAS[def.params].shape;
}

/**
 * Step 3: the query against the contract's schema, all problems in one 422 keyed by parameter
 * name; then every path parameter as a UUID (anything else matches nothing: 404 "<name> not found"). A pinned key's project_id is dropped before
 * validation: the spec says it is ignored, so even a malformed one must not fail the request.
 */
export function validateParams(
  def: EndpointDef,
  rawQuery: Record<string, unknown>,
  rawPath: Record<string, string>,
  pinned: boolean,
): ValidatedParams {
  // Null prototype: a parameter named __proto__ must be a plain key here, not the prototype.
  const errors: Record<string, string[]> = Object.create(null);
  const add = (name: string, message: string) => {
    errors[name] = [...(errors[name] ?? []), message];
  };
  const input: Record<string, unknown> = { ...rawQuery };
  if (pinned) delete input.project_id;
  const schema = PARAM_SCHEMAS[def.params];
  // A single-valued parameter sent twice would otherwise fail as "must be an integer" or similar.
  const repeated = new Set<string>();
  for (const [name, value] of Object.entries(input)) {
    if (Array.isArray(value) && !name.endsWith("[]") && Object.hasOwn(schema.shape, name)) {
      add(name, "must be given once");
      repeated.add(name);
    }
  }
  for (const [name, value] of Object.entries(input)) {
    // PostgreSQL text cannot hold NUL; refusing it here keeps it from ever reaching a query.
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === "string" && v.includes("\u0000")))
      add(name, "must not contain NUL characters");
  }
  const pathParams: Record<string, string> = {};
  // A path id that is no id at all matches nothing: 404, once the parameters are otherwise fine.
  let unmatched: string | undefined;
  for (const [name, value] of Object.entries(rawPath)) {
    if (PATH_ID.safeParse(value).success) pathParams[name] = value.toLowerCase();
    else unmatched ??= name;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const [name, messages] of Object.entries(issuesByParam(parsed.error)))
      if (!repeated.has(name)) for (const m of messages) add(name, m);
  }
  // `range` defaults to 30d after parsing, so the conflict is read from the raw query.
  if (
    "start" in schema.shape &&
    input.range !== undefined &&
    (input.start !== undefined || input.end !== undefined)
  )
    add("range", "must not be given with start and end (docs/api.md, Extensions to v1)");
  if (!pinned && takesProject(def) && (input.project_id === undefined || input.project_id === "")) {
    errors.project_id = ["is required for a key not pinned to a project (ids come from GET /projects)"];
  }
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  if (unmatched !== undefined) throw ApiError.notFound(unmatched.replace(/_id$/, ""));
  return { query: (parsed.data ?? {}) as Record<string, unknown>, pathParams };
}
