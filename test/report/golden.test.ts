import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadImage } from "@napi-rs/canvas";
import { beforeAll, describe, expect, it } from "vitest";
import { backend as markdown } from "../../src/render/backends/markdown/backend.js";
import { NO_SIGNIFICANT_CHANGE } from "../../src/render/kpi-change.js";
import type { ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { writeWith } from "../pipeline/_write-with.js";
import { expectedNumbersBySection, extractNumbers, missingInOrder, mutedKpis } from "../render/_extract.js";
import { DEMO_VIEW_HOOK_TIMEOUT, demoView } from "./_demo-view.js";

const GOLDEN = join(import.meta.dirname, "../golden/demo-90d-2026-11-01.md");

/**
 * The demo at a fixed as-of day renders to the committed Markdown, byte for byte: any change to
 * the seed, a metric, a section or the Markdown writer shows up here as a reviewable diff.
 * Regenerate deliberately with UPDATE_GOLDEN=1.
 */
describe("golden demo report (Markdown)", () => {
  const out = tempDir("golden");
  let view: ReportView;
  let files: string[];

  beforeAll(async () => {
    view = await demoView();
    files = await writeWith(markdown, view, out, {});
  }, DEMO_VIEW_HOOK_TIMEOUT);

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

  it("says which KPI changes are not significant, and only those", async () => {
    const text = await readFile(files[0]!, "utf8");
    const summary = text.split(/^## /m).find((p) => p.startsWith("Key figures\n")) ?? "";
    expect(summary.split(NO_SIGNIFICANT_CHANGE).length - 1).toBe(mutedKpis(view));
    // Not vacuous: every KPI with a change prints its interval.
    expect(summary.split("95% interval").length - 1).toBe(3);
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
