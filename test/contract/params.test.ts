import { describe, expect, it } from "vitest";
import { issuesByParam, PARAM_SCHEMAS } from "../../src/contract/params.js";

const P = PARAM_SCHEMAS;
const ok = (s: keyof typeof P, q: Record<string, unknown>) => P[s].safeParse(q).success;

describe("query parameter defaults (docs/decisions.md)", () => {
  it("prompts: range 30d, sort created_at, direction desc, page 1, per_page 25", () => {
    expect(P.prompts.parse({})).toMatchObject({
      range: "30d",
      sort: "created_at",
      direction: "desc",
      page: 1,
      per_page: 25,
    });
  });
  it("pages: sort citations, direction desc, per_page 25", () => {
    expect(P.pages.parse({})).toMatchObject({
      range: "30d",
      sort: "citations",
      direction: "desc",
      per_page: 25,
    });
  });
  it("cited sources: type domain, limit 10", () => {
    expect(P.citedSources.parse({})).toMatchObject({ range: "30d", type: "domain", limit: 10 });
  });
  it("content: view IDEAS, page 1; content-map pages: per_page 25", () => {
    expect(P.content.parse({})).toMatchObject({ view: "IDEAS", page: 1 });
    expect(P.contentMapPages.parse({})).toMatchObject({ page: 1, per_page: 25 });
  });
  it("answers: full off unless 1", () => {
    expect(P.answers.parse({}).full).toBe(false);
    expect(P.answers.parse({ full: "1" }).full).toBe(true);
    expect(ok("answers", { full: "yes" })).toBe(false);
  });
  it("coerces query strings to numbers", () => {
    expect(P.prompts.parse({ page: "3", per_page: "100" })).toMatchObject({ page: 3, per_page: 100 });
  });
});

describe("query parameter bounds (spec Limits)", () => {
  it("prompts and pages: per_page 1 to 100", () => {
    for (const s of ["prompts", "pages"] as const) {
      expect(ok(s, { per_page: "0" }), s).toBe(false);
      expect(ok(s, { per_page: "101" }), s).toBe(false);
      expect(ok(s, { per_page: "1" }), s).toBe(true);
      expect(ok(s, { per_page: "100" }), s).toBe(true);
      expect(ok(s, { per_page: "2.5" }), s).toBe(false);
    }
  });
  it("content-map pages: per_page 1 to 200", () => {
    expect(ok("contentMapPages", { per_page: "200" })).toBe(true);
    expect(ok("contentMapPages", { per_page: "201" })).toBe(false);
  });
  it("cited sources: limit 1 to 50", () => {
    expect(ok("citedSources", { limit: "50" })).toBe(true);
    expect(ok("citedSources", { limit: "51" })).toBe(false);
    expect(ok("citedSources", { limit: "0" })).toBe(false);
  });
  it("page numbers start at 1", () => {
    for (const s of ["prompts", "pages", "contentMapPages", "content"] as const) {
      expect(ok(s, { page: "0" }), s).toBe(false);
      expect(ok(s, { page: "abc" }), s).toBe(false);
    }
  });
  it("text search and url: at most 255 characters", () => {
    const cases = [
      ["prompts", "search"],
      ["pages", "url"],
      ["competitorPages", "url"],
      ["competitorPages", "search"],
      ["contentMapPages", "search"],
      ["content", "search"],
    ] as const;
    for (const [s, name] of cases) {
      expect(ok(s, { [name]: "x".repeat(255) }), `${s}.${name}`).toBe(true);
      expect(ok(s, { [name]: "x".repeat(256) }), `${s}.${name}`).toBe(false);
    }
  });
  it("range: 7d, 30d, 90d only", () => {
    for (const r of ["7d", "30d", "90d"]) expect(ok("ranged", { range: r })).toBe(true);
    expect(ok("ranged", { range: "1y" })).toBe(false);
  });
  it("project_id and ids are UUIDs", () => {
    expect(ok("ranged", { project_id: "11111111-1111-4111-8111-111111111111" })).toBe(true);
    expect(ok("ranged", { project_id: "42" })).toBe(false);
    expect(ok("prompts", { category: "__uncategorized__" })).toBe(true);
    expect(ok("prompts", { category: "crm" })).toBe(false);
  });
});

describe("buyer stages and content filters", () => {
  it("stages[] accepts BALANCED, one value or many", () => {
    expect(P.content.parse({ "stages[]": "BALANCED" })["stages[]"]).toEqual(["BALANCED"]);
    expect(P.content.parse({ "stages[]": ["AWARENESS", "BALANCED"] })["stages[]"]).toEqual([
      "AWARENESS",
      "BALANCED",
    ]);
    expect(ok("content", { "stages[]": ["NA"] })).toBe(false);
  });
  it("content-map buyer_stage rejects BALANCED", () => {
    expect(ok("contentMapPages", { buyer_stage: "NA" })).toBe(true);
    expect(ok("contentMapPages", { buyer_stage: "BALANCED" })).toBe(false);
  });
  it("content status: PRODUCED statuses only; dates YYYY-MM-DD", () => {
    expect(ok("content", { status: "PUBLISHED" })).toBe(true);
    expect(ok("content", { status: "NEW" })).toBe(false);
    expect(ok("content", { from: "2026-01-01", to: "2026-01-31" })).toBe(true);
    expect(ok("content", { from: "01/01/2026" })).toBe(false);
    expect(P.content.parse({ "sources[]": "manual" })["sources[]"]).toEqual(["manual"]);
  });
});

describe("issuesByParam", () => {
  it("keys the 422 messages by parameter name", () => {
    const r = P.content.safeParse({ page: "0", "stages[]": ["NOPE"], view: "ALL" });
    expect(r.success).toBe(false);
    const data = issuesByParam(r.error!);
    expect(Object.keys(data).sort()).toEqual(["page", "stages[]", "view"]);
    for (const messages of Object.values(data)) {
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(typeof m).toBe("string");
    }
    expect(data.page).toEqual(["must be at least 1"]);
  });
  it("says what each value of a repeatable parameter must be", () => {
    const stages = P.content.safeParse({ "stages[]": ["DECISION", "NA"] });
    expect(issuesByParam(stages.error!)).toEqual({
      "stages[]": ["each value must be one of AWARENESS, CONSIDERATION, DECISION, BALANCED"],
    });
    const sources = P.content.safeParse({ "sources[]": ["manual", "x".repeat(256)] });
    expect(issuesByParam(sources.error!)).toEqual({ "sources[]": ["must be at most 255 characters"] });
  });
  it("reports every invalid parameter at once", () => {
    const r = P.prompts.safeParse({ per_page: "0", search: "x".repeat(300), range: "1y" });
    expect(Object.keys(issuesByParam(r.error!)).sort()).toEqual(["per_page", "range", "search"]);
  });
});
