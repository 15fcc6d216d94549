import { describe, expect, it } from "vitest";
import { issuesByParam, PARAM_SCHEMAS } from "../../src/contract/params.js";

/** Numeric parameters take decimal digits only. */
describe("integer parameters", () => {
  it("read decimal digits", () => {
    expect(PARAM_SCHEMAS.prompts.parse({ page: "16", per_page: "10" })).toMatchObject({
      page: 16,
      per_page: 10,
    });
    expect(PARAM_SCHEMAS.citedSources.parse({ limit: "7" })).toMatchObject({ limit: 7 });
  });

  it.each(["0x10", "1e1", "1.0", " 5", "+5", "-1", "", "Infinity", "0b11"])(
    "refuse %j with the parameter named",
    (value) => {
      const r = PARAM_SCHEMAS.prompts.safeParse({ per_page: value });
      expect(r.success).toBe(false);
      if (!r.success)
        expect(issuesByParam(r.error).per_page?.[0]).toMatch(/^must be (an integer|at least 1)$/);
    },
  );

  it("say one thing of a number out of bounds, however many digits it has", () => {
    const issues = (query: Record<string, string>) => {
      const r = PARAM_SCHEMAS.prompts.safeParse(query);
      return r.success ? {} : issuesByParam(r.error);
    };
    expect(issues({ per_page: "99999999999999999999999" })).toEqual({ per_page: ["must be at most 100"] });
    expect(issues({ page: "9007199254740993" })).toEqual({ page: ["must be at most 9007199254740991"] });
    expect(issues({ page: "0" })).toEqual({ page: ["must be at least 1"] });
  });
});

describe("date parameters", () => {
  it("say one thing of a value that is no date", () => {
    const issues = (date: string) => {
      const r = PARAM_SCHEMAS.answers.safeParse({ date });
      return r.success ? {} : issuesByParam(r.error);
    };
    for (const value of ["", "2026-13-01", "10000-01-01", "yesterday"])
      expect(issues(value), value).toEqual({ date: ["must be a date YYYY-MM-DD"] });
    expect(issues("1999-12-31")).toEqual({ date: ["must be a date from 2000-01-01 to 9999-12-30"] });
  });
});

describe("text filters", () => {
  it("take an empty value as no filter, as search always did", () => {
    expect(PARAM_SCHEMAS.pages.parse({ url: "" }).url).toBeUndefined();
    expect(PARAM_SCHEMAS.competitorPages.parse({ url: "", search: "" })).toMatchObject({
      url: undefined,
      search: undefined,
    });
    expect(PARAM_SCHEMAS.pages.parse({ url: "acme.com/x" }).url).toBe("acme.com/x");
  });
});
