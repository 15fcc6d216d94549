import { z } from "zod";
import {
  ANALYTICS_ENDPOINTS,
  API_PREFIX,
  ENDPOINTS,
  type EndpointDef,
  type EndpointId,
} from "./endpoints.js";
import { envelope } from "./envelope.js";
import { EVENT_PAYLOADS, EventDelivery } from "./events.js";
import * as contract from "./index.js";
import { InvariantError } from "./invariant-error.js";
import { PARAMS } from "./params.js";

/**
 * OpenAPI 3.1 document generated from the contract, so the docs cannot drift from what the
 * service validates and the client checks. Component names are the contract's export names.
 */

type Json = Record<string, unknown>;

const REF = "#/components/schemas/";
/** Kinds of exported schema worth a component; bare strings (Uuid, DateTime) stay inline. */
const COMPONENT_KINDS = new Set(["object", "enum", "union", "array", "record", "intersection"]);
/** Formats whose zod-generated regex only repeats the format and makes the document unreadable. */
const FORMATS_WITHOUT_PATTERN = new Set(["uuid", "date", "date-time"]);
const SAFE_INT = Number.MAX_SAFE_INTEGER;

const TAGS: Record<string, string> = {
  projects: "Projects the key can read",
  workspace: "Workspace details",
  visibility: "AI-visibility metrics of a project",
  "content-map": "Analysed pages of the caller's and competitors' sites",
  content: "Content ideas, planned and produced articles",
  webhooks: "Webhook events",
};

/** Short descriptions of query parameters (their names: docs/decisions.md#query-parameters). */
const PARAM_DOCS: Record<string, string> = {
  project_id: "Project id from GET /projects. Required unless the key is pinned to a project (then ignored).",
  range: "Reporting period; the previous period of the same length is returned for comparison.",
  search: "Case-insensitive text filter.",
  url: "A single page's detail instead of the list (the text filter is then ignored).",
  category: "A category id, or __uncategorized__ for prompts without category.",
  full: "1 adds answer text, citations, brand mention excerpts and detected competitors.",
  date: "A single day, YYYY-MM-DD, in the workspace timezone.",
  site: "A site id from GET /content-map/sites.",
  "sources[]": "IDEAS view only: opportunity agent slugs, or manual. Repeat the parameter for several.",
  "stages[]": "IDEAS view only: buyer stages, BALANCED included. Repeat the parameter for several.",
  status: "Status filter (content: PRODUCED view only).",
  from: "IDEAS view only: created on or after this date.",
  view: "IDEAS (new ideas), PLANNED (scheduled articles) or PRODUCED (generating, generated, published, failed).",
  platform: "Only answers from this platform.",
  sort: "Sort field.",
  direction: "Sort direction.",
  page: "Page number, from 1.",
  per_page: "Page size.",
  type: "Rank domains or full (normalized) URLs.",
  limit: "Number of sources returned.",
  to: "IDEAS view only: created on or before this date.",
};

/** Standard error responses: status → component name, description and error body schemas. */
const ERRORS = {
  "401": {
    name: "Unauthorized",
    text: "Key missing (4021) or invalid, revoked or expired (4022)",
    bodies: ["KeyMissingError", "KeyInvalidError"],
  },
  "403": { name: "Forbidden", text: "The key lacks a required scope (4023)", bodies: ["ScopeError"] },
  "404": {
    name: "NotFound",
    text: "The resource does not exist in the key's workspace",
    bodies: ["NotFoundError"],
  },
  "422": {
    name: "ValidationFailed",
    text: "Invalid parameters, keyed by parameter name",
    bodies: ["ValidationError"],
  },
  "429": {
    name: "RateLimited",
    text: "Too many requests; retry after Retry-After seconds",
    bodies: ["RateLimitError"],
  },
  "500": { name: "InternalError", text: "Internal error (never a stack trace)", bodies: ["InternalError"] },
  "503": {
    name: "Overloaded",
    text: "Extension: the service's analytics lane is full; retry after Retry-After seconds",
    bodies: ["OverloadedError"],
  },
} as const;
type ErrorStatus = keyof typeof ERRORS;

/** Builds the OpenAPI 3.1 document of the External Read API from the contract. */
export function buildOpenApi(): object {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of contractSchemas()) registry.add(schema, { id: name });
  const deliveries = webhookDeliveries();
  for (const [name, schema] of deliveries) registry.add(schema, { id: name });
  for (const def of ENDPOINTS)
    registry.add(envelope(def.data, def.code, "messages" in def), { id: responseName(def) });

  const { schemas } = z.toJSONSchema(registry, { io: "output", uri: (id) => REF + id });
  if ("__shared" in schemas) throw new InvariantError("openapi: a schema was extracted outside components");
  const components = Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .map((name) => [name, clean(schemas[name])]),
  );

  const paths: Json = {};
  const usedTags: string[] = [];
  for (const def of ENDPOINTS as readonly EndpointDef[]) {
    const tag = tagOf(def);
    if (!usedTags.includes(tag)) usedTags.push(tag);
    paths[def.atOrigin ? def.path : API_PREFIX + def.path] = { get: operation(def, tag) };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "vreport External Read API",
      version: "1.0",
      description:
        "Read-only API over a workspace's AI-visibility data. Where the spec says 'not shown' " +
        "(parameter names, most success codes, the 404/429/500 bodies, /content-map/sites, " +
        "single-page details), this document states vreport's own choices.",
    },
    servers: [{ url: "http://127.0.0.1:8787", description: "Local vreport service" }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags: usedTags.map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    webhooks: Object.fromEntries(deliveries.map(([name, , event]) => [event, webhook(name, event)])),
    components: {
      schemas: components,
      responses: Object.fromEntries(Object.values(ERRORS).map((e) => [e.name, errorResponse(e)])),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API_KEY>" },
        apiKeyHeader: { type: "apiKey", in: "header", name: "X-API-KEY" },
      },
    },
  };
}

/** The document as written to `docs/openapi.json`: pretty JSON with a trailing newline. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}

/** Every exported zod schema of the contract worth a component, by export name (sorted). */
function contractSchemas(): [string, z.ZodType][] {
  const out: [string, z.ZodType][] = [];
  const exports: [string, unknown][] = Object.entries(contract);
  for (const [name, value] of exports.sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (value instanceof z.ZodType && COMPONENT_KINDS.has(value._zod.def.type)) out.push([name, value]);
  }
  return out;
}

/** One delivery envelope per event type, named after its payload export (`…Delivery`). */
function webhookDeliveries(): [string, z.ZodType, string][] {
  const names = new Map<unknown, string>(contractSchemas().map(([name, schema]) => [schema, name]));
  return EventDelivery.options.map((option) => {
    const event = option.shape.event.value;
    return [`${names.get(EVENT_PAYLOADS[event]) ?? pascal(event)}Delivery`, option, event];
  });
}

function operation(def: EndpointDef, tag: string): Json {
  const pathParams = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
  const query = Object.entries(PARAMS[def.params] as Record<string, z.ZodType>);
  const scopeText = def.scope === "any" ? "any valid key of the workspace" : `scope \`${def.scope}\``;
  const responses: Json = {
    "200": {
      description: `Success (code ${def.code})`,
      content: { "application/json": { schema: { $ref: REF + responseName(def) } } },
    },
  };
  const errors: ErrorStatus[] = ["401"];
  if (def.scope !== "any") errors.push("403");
  if (pathParams.length > 0 || "project_id" in PARAMS[def.params]) errors.push("404");
  if (pathParams.length > 0 || query.length > 0) errors.push("422");
  errors.push("429", "500");
  if (ANALYTICS_ENDPOINTS.has(def.id as EndpointId)) errors.push("503");
  for (const status of errors) responses[status] = { $ref: `#/components/responses/${ERRORS[status].name}` };

  return {
    operationId: def.id,
    summary: def.summary,
    description: `Requires ${scopeText}. Success code ${def.code}.`,
    tags: [tag],
    "x-required-scope": def.scope,
    parameters: [
      ...pathParams.map((name) => ({
        name,
        in: "path",
        required: true,
        schema: { type: "string", format: "uuid" },
      })),
      ...query.map(([name, schema]) => queryParam(name, schema)),
    ],
    responses,
  };
}

function queryParam(name: string, schema: z.ZodType): Json {
  let json = clean(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })) as Json;
  // An integer is checked as digits before it is coerced (params.ts); the input side of that
  // step drops the default from the JSON Schema, so it is put back from the schema itself.
  if (schema instanceof z.ZodDefault && json.default === undefined)
    json = { default: schema.def.defaultValue, ...json };
  // A repeatable name accepts one value or many; in OpenAPI that is an exploded array parameter.
  const array = Array.isArray(json.anyOf)
    ? (json.anyOf as Json[]).find((s) => s.type === "array")
    : undefined;
  const param: Json = { name, in: "query", required: false };
  if (PARAM_DOCS[name]) param.description = PARAM_DOCS[name];
  if (array) {
    json = array;
    Object.assign(param, { style: "form", explode: true });
  }
  param.schema = json;
  return param;
}

function errorResponse(e: (typeof ERRORS)[ErrorStatus]): Json {
  const refs = e.bodies.map((b) => ({ $ref: REF + b }));
  const response: Json = {
    description: e.text,
    content: { "application/json": { schema: refs.length === 1 ? refs[0] : { oneOf: refs } } },
  };
  if (e.name === "RateLimited" || e.name === "Overloaded") {
    response.headers = {
      "Retry-After": {
        description: "Seconds to wait before retrying",
        schema: { type: "integer", minimum: 0 },
      },
    };
  }
  return response;
}

function webhook(schemaName: string, event: string): Json {
  return {
    post: {
      operationId: `on${pascal(event)}`,
      summary: `${event} delivery`,
      description: "At-least-once delivery. Signed: X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of 't.body'>.",
      tags: ["webhooks"],
      parameters: [{ name: "X-Signature", in: "header", required: true, schema: { type: "string" } }],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: REF + schemaName } } },
      },
      responses: { "2XX": { description: "Acknowledged; any other answer is retried with backoff" } },
    },
  };
}

function tagOf(def: EndpointDef): string {
  return def.atOrigin ? "webhooks" : (def.path.split("/")[1] ?? "");
}

function responseName(def: EndpointDef): string {
  return `${pascal(def.id)}Response`;
}

function pascal(s: string): string {
  return s
    .split(/[^a-zA-Z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
}

/** Strips what zod adds for standalone JSON Schema but a document-embedded schema must not repeat. */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (node === null || typeof node !== "object") return node;
  const src = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(src)) {
    if (key === "$schema" || key === "$id") continue;
    if (key === "pattern" && FORMATS_WITHOUT_PATTERN.has(String(src.format))) continue;
    // zod bounds every .int() by the safe-integer range; that is noise, not a rule of the API.
    if ((key === "minimum" && value === -SAFE_INT) || (key === "maximum" && value === SAFE_INT)) continue;
    out[key] = clean(value);
  }
  // Integer literals (the envelope's `code`) read better as integers.
  if (out.type === "number" && Number.isInteger(out.const)) out.type = "integer";
  return out;
}
