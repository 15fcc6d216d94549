import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { backend as markdown } from "../../src/render/backends/markdown.js";
import { draftView, drawView } from "../../src/render/build-view.js";
import { drawChart } from "../../src/render/charts/index.js";
import type { ReportView } from "../../src/render/types.js";
import { buildModel } from "../../src/report/build-model.js";
import { fetchReportData } from "../../src/report/fetch.js";
import { type EmbeddedService, startEmbedded } from "../../src/service/embedded.js";
import { expectedNumbersBySection, extractNumbers, missingInOrder } from "../render/_extract.js";

const GOLDEN = join(import.meta.dirname, "../golden/demo-90d-2026-11-01.md");
const BRANDING = { agencyName: "Northwind Digital", accentColor: "#2f6fed", locale: "en-US" };

/**
 * The demo at a fixed as-of day renders to the committed Markdown, byte for byte: any change to
 * the seed, a metric, a section or the Markdown writer shows up here as a reviewable diff.
 * Regenerate deliberately with UPDATE_GOLDEN=1.
 */
describe("golden demo report (Markdown)", () => {
  let service: EmbeddedService;
  let out: string;
  let view: ReportView;
  let files: string[];

  beforeAll(async () => {
    service = await startEmbedded({ database: "memory://", asOf: "2026-11-01" });
    out = await mkdtemp(join(tmpdir(), "vreport-golden-"));
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const { projects } = await client.listProjects();
    const data = await fetchReportData(client, projects[0]!, "90d", () => new Date("2026-11-01T12:00:00Z"));
    view = await drawView(draftView(buildModel(data), BRANDING), drawChart);
    files = await markdown.render(view, out, {});
  });

  afterAll(async () => {
    await service?.close();
    if (out) await rm(out, { recursive: true, force: true });
  });

  it("equals the committed golden file", async () => {
    const text = await readFile(files[0]!, "utf8");
    if (process.env.UPDATE_GOLDEN === "1") await writeFile(GOLDEN, text);
    expect(existsSync(GOLDEN), "golden file missing: run with UPDATE_GOLDEN=1 once and review it").toBe(true);
    expect(text).toBe(await readFile(GOLDEN, "utf8"));
  });

  it("shows every figure of every section, in order", async () => {
    const text = await readFile(files[0]!, "utf8");
    const parts = text.split(/^## /m);
    for (const section of expectedNumbersBySection(view)) {
      const body = parts.find((p) => p.startsWith(`${section.title}\n`)) ?? "";
      expect(missingInOrder(section.numbers, extractNumbers(body)), section.title).toBeNull();
    }
  });

  it("writes every chart as a non-blank PNG at twice its display size", async () => {
    const assets = files.slice(1).filter((f) => f.endsWith(".png"));
    const charts = view.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === "chart" ? [b.chart] : [])),
    );
    expect(assets).toHaveLength(charts.length);
    expect(charts.length).toBeGreaterThanOrEqual(6);
    for (const chart of charts) {
      const file = assets.find((a) => a.endsWith(`/${chart.id}.png`));
      expect(file, chart.id).toBeDefined();
      const img = await loadImage(await readFile(file!));
      expect([img.width, img.height]).toEqual([chart.width * 2, chart.height * 2]);
      expect((await readFile(file!)).byteLength).toBeGreaterThan(5_000);
    }
    expect((await readdir(join(out, `${view.name}-assets`))).length).toBe(charts.length);
  });
});
