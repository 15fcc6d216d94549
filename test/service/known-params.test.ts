import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/contract/index.js";
import { knownParams } from "../../src/service/http/_known-params.js";

const PROJECT = "795ac8fe-e369-565d-9b2a-c803a055c1c3";
const overview = endpoint("getOverview");
const url = (q: string) => `/core/api/external/v1/visibility/overview?${q}`;

describe("validated parameters kept by URL", () => {
  it("validates a URL once and gives every later request the same frozen answer", () => {
    const u = url(`project_id=${PROJECT}&range=7d`);
    const first = knownParams(overview, u, { project_id: PROJECT, range: "7d" }, {}, false);
    expect(first.query).toMatchObject({ project_id: PROJECT, range: "7d" });
    // The raw query is not read again for a URL seen before.
    expect(knownParams(overview, u, {}, {}, false)).toBe(first);
    expect(Object.isFrozen(first.query)).toBe(true);
    expect(() => {
      (first.query as Record<string, unknown>).range = "90d";
    }).toThrow(TypeError);
  });

  it("keeps a pinned key's answer apart (its project_id is ignored, not validated)", () => {
    const u = url("project_id=not-a-uuid&range=30d");
    const pinned = knownParams(overview, u, { project_id: "not-a-uuid", range: "30d" }, {}, true);
    expect(pinned.query.project_id).toBeUndefined();
    expect(() => knownParams(overview, u, { project_id: "not-a-uuid", range: "30d" }, {}, false)).toThrow();
  });

  it("never keeps a refusal: a bad URL is refused every time", () => {
    const u = url(`project_id=${PROJECT}&range=8d`);
    for (let i = 0; i < 2; i++)
      expect(() => knownParams(overview, u, { project_id: PROJECT, range: "8d" }, {}, false)).toThrow(
        expect.objectContaining({ status: 422 }),
      );
  });

  it("gives equal queries the same cache-key text whatever the URL's order and defaults", () => {
    const a = knownParams(
      overview,
      url(`range=30d&project_id=${PROJECT}`),
      { range: "30d", project_id: PROJECT },
      {},
      false,
    );
    const b = knownParams(overview, url(`project_id=${PROJECT}`), { project_id: PROJECT }, {}, false);
    expect(a.queryText).toBe(b.queryText);
    const c = knownParams(
      overview,
      url(`project_id=${PROJECT}&range=7d`),
      { project_id: PROJECT, range: "7d" },
      {},
      false,
    );
    expect(c.queryText).not.toBe(a.queryText);
  });
});
