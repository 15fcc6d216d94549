import { createClient } from "../../src/client/index.js";
import { planReport } from "../../src/pipeline/plan.js";
import { OUTPUT_FORMATS } from "../../src/render/backends/registry.js";
import type { ReportView } from "../../src/render/types.js";
import { resolvePeriod } from "../../src/report/period.js";
import { startEmbedded } from "../../src/service/embedded.js";

/** The fixed day the demo tests report on; their golden output depends on it. */
export const DEMO_AS_OF = "2026-11-01";
export const DEMO_BRANDING = { agencyName: "Northwind Digital", accentColor: "#2f6fed", locale: "en-US" };

/**
 * Builds the demo report's view (90 days as of DEMO_AS_OF): a fresh demo (in memory, or in the
 * PGlite directory `database`, which may hold it seeded already: test/_seed-cache.ts) served over
 * real HTTP and planned as `generate` plans it (charts drawn for every format), then the service
 * is closed again.
 * Run once per test run by test/global-setup.ts; tests read it through `demoView()`.
 */
export async function buildDemoView(database = "memory://"): Promise<ReportView> {
  const service = await startEmbedded({ database, asOf: DEMO_AS_OF });
  try {
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const { projects } = await client.listProjects();
    const request = {
      project: projects[0]!,
      period: await resolvePeriod(client, { range: "90d" }, { asOf: DEMO_AS_OF }),
      formats: OUTPUT_FORMATS,
      branding: DEMO_BRANDING,
    };
    return (await planReport(client, request, () => new Date(`${DEMO_AS_OF}T12:00:00Z`))).view;
  } finally {
    await service.close();
  }
}
