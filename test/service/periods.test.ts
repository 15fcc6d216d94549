import { describe, expect, it } from "vitest";
import { CODES } from "../../src/contract/index.js";
import { bearer, describeService, TRANSPORTS } from "./_fixture.js";
import { demoIds } from "./_paths.js";

// The demo's as-of day is 2025-06-30 (test/_snapshots.ts).
describeService("custom periods over HTTP (docs/api.md, Extensions to v1)", (svc) => {
  const q = () => `project_id=${svc.demo.mainProjectId}`;
  for (const t of TRANSPORTS) {
    describe(t, () => {
      it("bad period parameters → 422 naming the parameter, with the exact message", async () => {
        const key = bearer(svc.keys.all);
        const cases: [string, Record<string, string[]>][] = [
          [
            "/visibility/overview?start=2025-06-01&end=2025-06-30&range=30d",
            { range: ["must not be given with start and end (docs/api.md, Extensions to v1)"] },
          ],
          ["/visibility/overview?start=2025-06-31&end=2025-06-30", { start: ["must be a date YYYY-MM-DD"] }],
          ["/visibility/prompts?start=2025-06-01&end=30/06/2025", { end: ["must be a date YYYY-MM-DD"] }],
          ["/visibility/overview?start=2025-06-02&end=2025-06-01", { start: ["must not be after end"] }],
          [
            "/visibility/report?start=2025-06-01&end=2025-07-01",
            { end: ["must not be after the as-of day 2025-06-30"] },
          ],
          [
            "/visibility/categories?start=2024-06-29&end=2025-06-30",
            { end: ["must be at most 366 days after start, counting both"] },
          ],
          ["/visibility/cited-sources?start=2025-06-01", { end: ["is required with start"] }],
          [
            "/visibility/competitors?compare=month",
            { compare: ['Invalid option: expected one of "previous"|"year"'] },
          ],
        ];
        for (const [path, data] of cases) {
          const r = await svc.get(t, `${path}&${q()}`, key);
          expect(r.status, path).toBe(422);
          expect(r.body, path).toEqual({ code: CODES.validation, messages: "invalid parameters", data });
        }
      });

      it("days outside 2000-01-01..9999-12-30 → 422 naming the parameter and the bounds, never a 500", async () => {
        const key = bearer(svc.keys.all);
        const { competitor, prompt } = await demoIds(svc);
        // PostgreSQL has no year 0: these periods (and their comparison periods) used to reach it.
        const paths = [
          "/visibility/report",
          "/visibility/overview",
          "/visibility/competitors",
          `/visibility/competitors/${competitor}`,
          `/visibility/competitors/${competitor}/pages`,
          "/visibility/pages",
        ];
        const bounds = "must be a date from 2000-01-01 to 9999-12-30";
        for (const path of paths) {
          const r = await svc.get(t, `${path}?${q()}&start=0001-01-01&end=0001-01-31`, key);
          expect(r.status, path).toBe(422);
          expect(r.body, path).toEqual({
            code: CODES.validation,
            messages: "invalid parameters",
            data: { start: [bounds], end: [bounds] },
          });
        }
        const cases: [string, Record<string, string[]>][] = [
          [`/visibility/overview?start=1999-12-31&end=2000-01-30&${q()}`, { start: [bounds] }],
          [`/visibility/overview?start=2025-06-01&end=9999-12-31&${q()}`, { end: [bounds] }],
          [`/visibility/prompts/${prompt}/answers?date=0000-12-31&${q()}`, { date: [bounds] }],
          [`/content?from=0001-01-01&to=0001-12-31&${q()}`, { from: [bounds], to: [bounds] }],
        ];
        for (const [path, data] of cases) {
          const r = await svc.get(t, path, key);
          expect(r.status, path).toBe(422);
          expect(r.body, path).toEqual({ code: CODES.validation, messages: "invalid parameters", data });
        }
        // The first accepted day, compared with a year earlier (1999), is answered.
        const first = await svc.get(
          t,
          `/visibility/overview?${q()}&start=2000-01-01&end=2000-01-31&compare=year`,
          key,
        );
        expect(first.status, first.text).toBe(200);
      });

      it("a whole month and its previous month; range alone is unchanged", async () => {
        const key = bearer(svc.keys.all);
        const june = await svc.get(t, `/visibility/report?${q()}&start=2025-06-01&end=2025-06-30`, key);
        expect(june.status, june.text).toBe(200);
        const data = june.body.data as { range: string; period: Record<string, unknown> };
        expect(data.range).toBe("custom");
        expect(data.period).toMatchObject({
          start: "2025-06-01",
          end: "2025-06-30",
          previous_start: "2025-05-01",
          previous_end: "2025-05-31",
          compare: "previous",
          label: "June 2025",
          previous_label: "May 2025",
          previous_days: 31,
        });
        const plain = await svc.get(t, `/visibility/overview?${q()}&range=30d`, key);
        expect((plain.body.data as { range: string }).range).toBe("30d");
      });
    });
  }
});
