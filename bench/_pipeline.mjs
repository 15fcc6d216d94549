/** The generator's pipeline, stage by stage, in this process (over a server from `_db.mjs serve`). */
import { DIST } from "./_paths.mjs";

const load = async () => ({
  client: await import(`${DIST}/client/index.js`),
  fetch: await import(`${DIST}/report/fetch.js`),
  model: await import(`${DIST}/report/build-model.js`),
  view: await import(`${DIST}/render/build-view.js`),
  charts: await import(`${DIST}/render/charts/index.js`),
  config: await import(`${DIST}/config/load-config.js`),
  generate: await import(`${DIST}/pipeline/generate-report.js`),
  apply: await import(`${DIST}/pipeline/apply.js`),
  backends: await import(`${DIST}/render/backends/registry.js`),
  presentation: await import(`${DIST}/config/presentation.js`),
  period: await import(`${DIST}/report/period.js`),
});

/**
 * A client and the report job the CLI would build for `server`'s main project, with the page
 * formats showing `profile` (the CLI's default is client). `choice` is a rolling range ("90d") or
 * any period choice ({ month: "2026-10" }), resolved once against the service as the CLI does.
 */
export async function pipelineFor(server, choice = "90d", profile = "client") {
  const m = await load();
  const client = m.client.createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const { branding, timezone } = await m.config.loadConfig();
  const presentation = m.presentation.presentationOf(profile);
  const period = await m.period.resolvePeriod(
    client,
    typeof choice === "string" ? { range: choice } : choice,
    server.asOf !== undefined ? { asOf: server.asOf } : {},
  );
  const job = (formats, outDir) => ({
    project: server.project,
    period,
    formats,
    outDir,
    branding,
    render: { pageSize: "A4", landscape: false, presentation },
    ...(timezone !== undefined ? { timezone } : {}),
  });
  return {
    client,
    job,
    /** generateReport as the CLI calls it: fetch, model, charts, render, write. */
    generate: (formats, outDir) => m.generate.generateReport(client, job(formats, outDir)),
    /** The view, with the time of each stage in ms. */
    async buildView() {
      const t0 = performance.now();
      const data = await m.fetch.fetchReportData(client, server.project, period);
      const t1 = performance.now();
      const model = m.model.buildModel(data);
      const draft = m.view.draftView(model, branding, timezone !== undefined ? { timezone } : {});
      const t2 = performance.now();
      const view = await m.view.drawView(draft, m.charts.drawChart);
      const t3 = performance.now();
      return { view, stages: { fetchMs: t1 - t0, modelMs: t2 - t1, chartsMs: t3 - t2 } };
    },
    backend: (format) => m.backends.loadBackend(format),
    /**
     * Writes a view through one backend as `generate` does (render, stage, move into place);
     * `options` adds render options (`{ accessible: true }`: the tagged PDF).
     */
    write: (view, backend, outDir, options = {}) =>
      m.apply.applyReport(view, [backend], outDir, { presentation, ...options }),
  };
}
