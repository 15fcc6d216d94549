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
});
