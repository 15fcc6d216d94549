import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { REPORT_SECTION_KEYS } from "../../src/contract/index.js";
import { planReport } from "../../src/pipeline/plan.js";
import type { ReportView } from "../../src/render/types.js";
import { resolvePeriod } from "../../src/report/period.js";
import { type EmbeddedService, startEmbedded } from "../../src/service/embedded.js";
import { copyDemoSeed, DEMO_SEED_HOOK_TIMEOUT } from "../_snapshots.js";
import { DEMO_AS_OF, DEMO_BRANDING } from "../report/_demo-view.js";

/** A section's title is one string, in the API's JSON and in every format. */
describe("one title per section", () => {
  let service: EmbeddedService;
  let json: { key: string; title: string }[];
  let view: ReportView;
  let removeCopy = () => {};

  beforeAll(async () => {
    // A copy of the full demo the run seeds once (test/global-setup.ts), served as `generate` serves it.
    const copy = await copyDemoSeed();
    removeCopy = copy.remove;
    service = await startEmbedded({ database: copy.database, asOf: DEMO_AS_OF });
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const [project] = (await client.listProjects()).projects;
    json = (await client.getReport({ project_id: project!.id, range: "30d" })).sections;
    view = (
      await planReport(client, {
        project: project!,
        period: await resolvePeriod(client, { range: "30d" }, { asOf: DEMO_AS_OF }),
        formats: ["md"],
        branding: DEMO_BRANDING,
      })
    ).view;
  }, DEMO_SEED_HOOK_TIMEOUT);

  afterAll(async () => {
    await service?.close();
    removeCopy();
  });

  it("renders every API section under the title the API gives it", () => {
    for (const key of REPORT_SECTION_KEYS) {
      const api = json.find((s) => s.key === key)?.title;
      expect(api, key).toBeTruthy();
      expect(view.sections.find((s) => s.key === key)?.title, key).toBe(api);
    }
  });
});
