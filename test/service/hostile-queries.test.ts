import fc from "fast-check";
import { expect, it } from "vitest";
import { bearer, describeService, fullPath } from "./_fixture.js";
import { ALL_ENDPOINTS, demoIds, pathFor } from "./_paths.js";

/** Names the endpoints read, plus junk and prototype-polluting names. */
const NAMES = [
  "project_id",
  "range",
  "page",
  "per_page",
  "search",
  "sort",
  "direction",
  "view",
  "status",
  "sources[]",
  "stages[]",
  "from",
  "to",
  "site",
  "buyer_stage",
  "url",
  "type",
  "limit",
  "full",
  "platform",
  "date",
  "category",
  "__proto__",
  "constructor",
  "toString",
  "",
  "a[b]",
  "page[]",
];
const HOSTILE_VALUES = [
  "",
  "0",
  "-1",
  "1e308",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  "0x10",
  " 5",
  "1.5",
  "%00",
  "%",
  "%25",
  "_",
  "\\",
  "'; DROP TABLE projects; --",
  "<script>",
  "💥",
  "\u202e",
  "null",
  "[]",
  "{}",
  "IDEAS",
  "PRODUCED",
  "DECISION",
  "BALANCED",
  "2025-02-30",
  "2025-06-01",
  "00000000-0000-0000-0000-000000000000",
  "x".repeat(300),
];

const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, "?"));
const value = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES).map((v) => (v.startsWith("%") ? v : encode(v))),
  fc.string({ maxLength: 40 }).map(encode),
  fc.string({ unit: "binary", maxLength: 20 }).map(encode),
  fc.integer().map(String),
  fc.double().map((d) => encode(String(d))),
  // Raw, not encoded: broken percent sequences and separators.
  fc.constantFrom("%zz", "%E0%A4%A", "a=b=c", "%%", "&&", "==", "%C0%AF", "%FF%FE"),
);
const pair = fc.tuple(
  fc.oneof(fc.constantFrom(...NAMES).map(encode), fc.string({ maxLength: 10 }).map(encode)),
  value,
);
const queryString = fc
  .array(pair, { maxLength: 8 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

describeService("hostile query strings", (svc) => {
  it("never a 5xx, always an envelope with a numeric code (every endpoint, several keys)", async () => {
    const ids = await demoIds(svc);
    const keys = [svc.keys.all, svc.keys.pinned, svc.keys["content:read"]];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ALL_ENDPOINTS.map((d) => d.id)),
        fc.constantFrom(...keys.keys()),
        fc.boolean(),
        queryString,
        async (id, key, withProject, qs) => {
          const def = ALL_ENDPOINTS.find((d) => d.id === id)!;
          const base = fullPath(pathFor(def, ids, false));
          const project = withProject ? `project_id=${ids.project}&` : "";
          const r = await svc.app.inject({
            method: "GET",
            url: `${base}?${project}${qs}`,
            headers: bearer(keys[key]!),
          });
          sent++;
          expect(r.statusCode < 500, `${r.statusCode} ${base}?${qs} ${r.body}`).toBe(true);
          const body = r.json() as { code: unknown; data: unknown };
          expect(typeof body.code).toBe("number");
          expect("data" in body).toBe(true);
        },
      ),
      { numRuns: 2000, seed: 20250630 },
    );
    expect(sent).toBe(2000);
  });
});
