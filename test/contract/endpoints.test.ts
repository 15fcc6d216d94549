import { describe, expect, it } from "vitest";
import { ENDPOINTS, type EndpointDef, endpointPath } from "../../src/contract/endpoints.js";
import { SCOPES } from "../../src/contract/enums.js";
import { envelope } from "../../src/contract/envelope.js";
import { PARAM_SCHEMAS, PARAMS, PERIOD_EXTENSION_PARAMS } from "../../src/contract/params.js";
import { readSpec, section, specEndpoints, tableRows } from "./_spec.js";

const md = readSpec();
const rows = specEndpoints(md);
const defs = ENDPOINTS as readonly EndpointDef[];
const extensions: readonly string[] = PERIOD_EXTENSION_PARAMS;
// The spec's names; the period extension (docs/api.md) adds start, end and compare wherever range is.
const paramNames = (def: EndpointDef) =>
  Object.keys(PARAMS[def.params]).filter((n) => !extensions.includes(n));

describe("the spec's endpoint table, row by row", () => {
  it("has the 16 rows the contract knows", () => {
    expect(rows.map((r) => r.row)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  for (const row of rows) {
    it(`row ${row.row}: GET ${row.path} (${row.scope})`, () => {
      const def = defs.find((d) => d.specRow === row.row);
      expect(def, `no endpoint with specRow ${row.row}`).toBeDefined();
      expect(def?.path).toBe(row.path);
      expect(def?.scope).toBe(row.scope);
      expect(def?.atOrigin).toBeFalsy();
      if (!def) return;
      // Named parameter lists are exact; "none" means none, "none shown" leaves only project_id (docs/decisions.md).
      if (row.query === "none") expect(paramNames(def)).toEqual([]);
      else if (row.query === "none shown") expect(paramNames(def)).toEqual(["project_id"]);
      else if (row.query !== "see below") expect(paramNames(def)).toEqual(row.query.split(/,\s*/));
    });
  }

  it("names, in the contract, every parameter the endpoint sections name", () => {
    for (const m of md.matchAll(/^### Endpoint (\d+): GET (\S+)$/gm)) {
      const def = defs.find((d) => d.specRow === Number(m[1]));
      expect(def?.path, m[0]).toBe(m[2]);
      // Single identifiers are names ("range", "sources[]"); descriptions ("page size") are not.
      const named = tableRows(section(md, m[0]))
        .map((cells) => cells[0] ?? "")
        .filter((name) => /^[a-z_]+(\[\])?$/.test(name));
      for (const name of named) expect(def && paramNames(def), `${m[0]}: ${name}`).toContain(name);
    }
  });
});

describe("endpoints outside the table", () => {
  it("the event catalog, at the origin, for any key, code 8010", () => {
    const text = section(md, "### Event catalog endpoint");
    const path = text.match(/GET (\/api\/\S+)/)?.[1];
    const def = defs.find((d) => d.path === path);
    expect(path).toBe("/api/workspace/{workspace_id}/webhooks/events");
    expect(def).toMatchObject({ atOrigin: true, scope: "any", params: "none", specRow: 0 });
    expect(def?.code).toBe(Number(text.match(/code (\d+)/)?.[1]));
    // "Response: code 8010, messages string, data …": the one success answer that names messages.
    expect(text).toMatch(/code \d+, messages string, data/);
    expect(def?.messages).toEqual(expect.any(String));
    const env = envelope(def!.data, def!.code, true);
    expect(env.safeParse({ code: def!.code, messages: "webhook events", data: [] }).success).toBe(true);
    expect(env.safeParse({ code: def!.code, data: [] }).success).toBe(false);
    expect(endpointPath(def!, { workspace_id: "w" })).toBe("/api/workspace/w/webhooks/events");
  });
  it("/content-map/sites, with the content map's scope", () => {
    expect(defs.find((d) => d.path === "/content-map/sites")).toMatchObject({
      scope: "contentmap:read",
      specRow: 0,
    });
  });
  it("no other endpoint", () => {
    expect(defs.filter((d) => d.specRow === 0).map((d) => d.path)).toHaveLength(2);
    expect(defs.filter((d) => d.messages !== undefined).map((d) => d.id)).toEqual(["getEventCatalog"]);
    expect(defs).toHaveLength(18);
  });
});

describe("success codes", () => {
  // "Success code values: 2460 (visibility overview), 2462 (competitor leaderboard), 8010 (event catalog)."
  const line = section(md, "## Errors").match(/Success code values: (.*?)\. /)?.[1] ?? "";
  const named = [...line.matchAll(/(\d+) \(([^)]+)\)/g)].map((m) => ({
    code: Number(m[1]),
    name: m[2] ?? "",
  }));

  it("are the spec's where it gives them", () => {
    expect(named.map((n) => n.code)).toEqual([2460, 2462, 8010]);
    for (const { code, name } of named) {
      const row = rows.find((r) => r.data.toLowerCase() === name);
      const def = row ? defs.find((d) => d.specRow === row.row) : defs.find((d) => d.atOrigin);
      expect(def?.code, name).toBe(code);
    }
  });
  it("are distinct", () => {
    expect(new Set(defs.map((d) => d.code)).size).toBe(defs.length);
  });
});

describe("the endpoint list", () => {
  it("has unique ids and unique paths", () => {
    expect(new Set(defs.map((d) => d.id)).size).toBe(defs.length);
    expect(new Set(defs.map((d) => endpointPath(d))).size).toBe(defs.length);
  });
  it("uses only known scopes", () => {
    for (const d of defs) expect(["any", ...SCOPES], d.id).toContain(d.scope);
  });
  it("prefixes v1 paths and fills path parameters, URL-encoded", () => {
    const def = defs.find((d) => d.specRow === 11)!;
    expect(endpointPath(def, { prompt: "a/b" })).toBe(
      "/core/api/external/v1/visibility/prompts/a%2Fb/answers",
    );
  });
});

it("the period extension's parameters are on exactly the endpoints that take range", () => {
  for (const def of defs) {
    const shape = Object.keys(PARAM_SCHEMAS[def.params].shape);
    const expected = shape.includes("range") ? [...extensions] : [];
    expect(
      shape.filter((n) => extensions.includes(n)),
      def.id,
    ).toEqual(expected);
  }
});
