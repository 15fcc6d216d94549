import { readFileSync } from "node:fs";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { CODES } from "../../src/contract/codes.js";
import {
  ANALYTICS_ENDPOINTS,
  API_PREFIX,
  ENDPOINTS,
  type EndpointDef,
} from "../../src/contract/endpoints.js";
import { buildOpenApi, openApiJson } from "../../src/contract/openapi.js";
import { writeOpenApi } from "../../src/contract/openapi-cli.js";
import { PARAMS } from "../../src/contract/params.js";
import { testDir } from "../_tmp.js";

const COMMITTED = new URL("../../docs/openapi.json", import.meta.url);

// Loose views of the generated document: enough structure to walk it in assertions.
type Json = Record<string, unknown>;
interface Param {
  name: string;
  in: string;
  required: boolean;
  style?: string;
  explode?: boolean;
  schema: Json;
}
interface Operation {
  operationId: string;
  tags: string[];
  "x-required-scope": string;
  description: string;
  parameters: Param[];
  responses: Record<string, Json>;
}
interface Doc {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, { get: Operation }>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json>; securitySchemes: Json };
}

const doc = buildOpenApi() as Doc;
const schemaAt = (ref: unknown): Json =>
  doc.components.schemas[String(ref).replace("#/components/schemas/", "")] ?? {};
const propsOf = (s: Json) => s.properties as Record<string, Json>;
const opOf = (def: EndpointDef) => doc.paths[def.atOrigin ? def.path : API_PREFIX + def.path]?.get;

describe("docs/openapi.json", () => {
  it("is up to date with the contract", () => {
    const committed = readFileSync(COMMITTED, "utf8");
    expect(
      committed === openApiJson(),
      "docs/openapi.json is stale: run `npm run build && npm run openapi`",
    ).toBe(true);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const parsed = JSON.parse(readFileSync(COMMITTED, "utf8")) as Doc;
    // validate() dereferences in place; keep the parsed copy for nothing else.
    await expect(SwaggerParser.validate(parsed as never)).resolves.toBeDefined();
    expect(parsed.openapi).toBe("3.1.0");
  });

  it("is deterministic", () => {
    expect(openApiJson()).toBe(openApiJson());
  });

  it("is what the CLI writes", async () => {
    const file = join(testDir("openapi"), "openapi.json");
    await writeOpenApi(file);
    expect(readFileSync(file, "utf8")).toBe(openApiJson());
  });
});

describe("the document", () => {
  it("has the info, server and both security schemes", () => {
    expect(doc.info).toMatchObject({ title: "vreport External Read API", version: "1.0" });
    expect(doc.servers[0]?.url).toBe("http://127.0.0.1:8787");
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }),
      apiKeyHeader: expect.objectContaining({ type: "apiKey", in: "header", name: "X-API-KEY" }),
    });
  });

  it("lists exactly the contract's endpoints", () => {
    expect(Object.keys(doc.paths)).toHaveLength(ENDPOINTS.length);
  });

  for (const def of ENDPOINTS as readonly EndpointDef[]) {
    it(`${def.id}: GET ${def.path} with its parameters and responses`, () => {
      const op = opOf(def);
      expect(op, "missing path").toBeDefined();
      if (!op) return;
      expect(op.operationId).toBe(def.id);
      expect(op["x-required-scope"]).toBe(def.scope);
      expect(op.description).toContain(def.scope === "any" ? "any valid key" : def.scope);
      expect(op.tags).toHaveLength(1);

      const pathParams = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.parameters.map((p) => p.name)).toEqual([...pathParams, ...Object.keys(PARAMS[def.params])]);
      for (const p of op.parameters) {
        expect(p.required, p.name).toBe(p.in === "path");
        if (p.in === "path") expect(p.schema).toMatchObject({ type: "string", format: "uuid" });
      }

      const ok = op.responses["200"] as { content: { "application/json": { schema: Json } } };
      const body = schemaAt(ok.content["application/json"].schema.$ref);
      expect(propsOf(body).code).toMatchObject({ type: "integer", const: def.code });
      expect(body.required).toEqual("messages" in def ? ["code", "messages", "data"] : ["code", "data"]);
      expect(propsOf(body).data).toBeDefined();

      const statuses = Object.keys(op.responses);
      for (const s of ["200", "401", "429", "500"]) expect(statuses).toContain(s);
      expect(statuses.includes("403")).toBe(def.scope !== "any");
      if (pathParams.length > 0 || "project_id" in PARAMS[def.params]) expect(statuses).toContain("404");
      if (Object.keys(PARAMS[def.params]).length > 0) expect(statuses).toContain("422");
    });
  }

  it("describes parameters with their defaults, bounds and array style", () => {
    const params = (id: string) => opOf(ENDPOINTS.find((d) => d.id === id) as EndpointDef)?.parameters ?? [];
    const param = (id: string, name: string) => params(id).find((p) => p.name === name);
    expect(param("listPrompts", "per_page")?.schema).toEqual({
      default: 25,
      type: "integer",
      minimum: 1,
      maximum: 100,
    });
    expect(param("listPrompts", "page")?.schema).toEqual({ default: 1, type: "integer", minimum: 1 });
    expect(param("listPrompts", "range")?.schema).toMatchObject({
      default: "30d",
      enum: ["7d", "30d", "90d"],
    });
    expect(param("listContentMapPages", "per_page")?.schema).toMatchObject({ maximum: 200 });
    expect(param("getCitedSources", "limit")?.schema).toMatchObject({ default: 10, maximum: 50 });
    expect(param("listPrompts", "search")?.schema).toEqual({ type: "string", maxLength: 255 });
    expect(param("getPromptAnswers", "full")?.schema).toMatchObject({ enum: ["0", "1"] });
    for (const name of ["sources[]", "stages[]"]) {
      expect(param("listContent", name)).toMatchObject({
        style: "form",
        explode: true,
        schema: { type: "array" },
      });
    }
    expect(JSON.stringify(param("listContent", "stages[]")?.schema.items)).toContain("BALANCED");
    expect(param("listContentMapPages", "buyer_stage")?.schema.enum).not.toContain("BALANCED");
  });

  it("shares the error bodies as components, with their codes", () => {
    const codes: Record<string, number> = {
      KeyMissingError: CODES.keyMissing,
      KeyInvalidError: CODES.keyInvalid,
      ScopeError: CODES.scopeMissing,
      NotFoundError: CODES.notFound,
      ValidationError: CODES.validation,
      RateLimitError: CODES.rateLimited,
      OverloadedError: CODES.overloaded,
      InternalError: CODES.internal,
    };
    for (const [name, code] of Object.entries(codes))
      expect(propsOf(schemaAt(name)).code?.const, name).toBe(code);
    const unauthorized = JSON.stringify(doc.components.responses.Unauthorized);
    expect(unauthorized).toContain("#/components/schemas/KeyMissingError");
    expect(unauthorized).toContain("#/components/schemas/KeyInvalidError");
    expect(JSON.stringify(doc.components.responses.RateLimited)).toContain("Retry-After");
    expect(JSON.stringify(doc.components.responses.Overloaded)).toContain("Retry-After");
  });

  it("documents 503 on the analytics endpoints only, the ones the service may shed", () => {
    const with503 = Object.values(
      doc.paths as Record<string, { get: { operationId: string; responses: object } }>,
    )
      .filter((p) => "503" in p.get.responses)
      .map((p) => p.get.operationId)
      .sort();
    expect(with503).toEqual([...ANALYTICS_ENDPOINTS].sort());
    expect(with503).toContain("getReport");
    expect(with503).not.toContain("listProjects");
  });

  it("documents the four webhook events", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      "agent_task.status_updated",
      "content.status_updated",
      "iq.status_updated",
      "opportunity_run.status_updated",
    ]);
  });

  it("keeps nullability from the contract", () => {
    const row = propsOf(schemaAt("CategoryVisibilityRow"));
    expect(JSON.stringify(row.id)).toContain('"null"');
    expect(JSON.stringify(propsOf(schemaAt("Project")).id)).not.toContain("null");
  });
});
