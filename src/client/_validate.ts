import type { z } from "zod";
import { ResponseShapeError, type ShapeIssue } from "./errors/response-shape.js";

/** Parses a response body as JSON; bad JSON (truncated, HTML error page) is a shape error. */
export function parseJson(text: string, endpoint: string, status: number): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const snippet = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    const issue = {
      path: "(body)",
      message: `invalid JSON (${text.length} bytes: ${JSON.stringify(snippet)})`,
    };
    throw new ResponseShapeError([issue], { endpoint, status, cause: err });
  }
}

/** Dotted path with array indexes in brackets: `data.rows[3].url`. */
function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : `${out}${out ? "." : ""}${String(key)}`),
    "",
  );
}

/** Follows a path into a JSON value (to say what was there instead). */
function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const key of path)
    v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** One readable issue per zod issue, paths from the envelope root. */
function toIssues(error: z.ZodError, root: unknown, prefix: readonly PropertyKey[]): ShapeIssue[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code !== "invalid_type") return { path: formatPath(path), message: issue.message };
    const found = at(root, path);
    const got = found === undefined ? "missing" : `got ${kind(found)}`;
    return { path: formatPath(path), message: `expected ${issue.expected}, ${got}` };
  });
}

/**
 * Checks a success envelope: an object whose `code` is the endpoint's success code and whose
 * `data` parses with the endpoint's schema. Returns the parsed `data`.
 */
export function validateEnvelope<S extends z.ZodType>(
  body: unknown,
  schema: S,
  expected: { endpoint: string; code: number; status: number },
): z.output<S> {
  const { endpoint, code, status } = expected;
  const fail = (issues: ShapeIssue[]) => new ResponseShapeError(issues, { endpoint, status, code: null });
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw fail([{ path: "(body)", message: `expected an envelope object, got ${kind(body)}` }]);
  }
  const env = body as Record<string, unknown>;
  if (env.code !== code) {
    throw fail([{ path: "code", message: `expected ${code}, got ${JSON.stringify(env.code) ?? "nothing"}` }]);
  }
  const parsed = schema.safeParse(env.data);
  if (!parsed.success) throw fail(toIssues(parsed.error, body, ["data"]));
  return parsed.data;
}
