import { createClient } from "../../src/client/index.js";
import { draftView, drawView } from "../../src/render/build-view.js";
import { drawChart } from "../../src/render/charts/index.js";
import type { ReportView } from "../../src/render/types.js";
import { buildModel } from "../../src/report/build-model.js";
import { fetchReportData } from "../../src/report/fetch.js";
import { startEmbedded } from "../../src/service/embedded.js";

/** The fixed day the demo tests report on; their golden output depends on it. */
export const DEMO_AS_OF = "2026-11-01";
export const DEMO_BRANDING = { agencyName: "Northwind Digital", accentColor: "#2f6fed", locale: "en-US" };

/**
 * Builds the demo report's view (90 days as of DEMO_AS_OF): a fresh in-memory demo served over
 * real HTTP, fetched, modelled and drawn as `generate` does, then the service is closed again.
 * Run once per test run by test/global-setup.ts; tests read it through `demoView()`.
 */
export async function buildDemoView(): Promise<ReportView> {
  const service = await startEmbedded({ database: "memory://", asOf: DEMO_AS_OF });
  try {
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const { projects } = await client.listProjects();
    const data = await fetchReportData(
      client,
      projects[0]!,
      "90d",
      () => new Date(`${DEMO_AS_OF}T12:00:00Z`),
    );
    return await drawView(draftView(buildModel(data), DEMO_BRANDING), drawChart);
  } finally {
    await service.close();
  }
}
