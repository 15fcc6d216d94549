import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type * as Charts from "../../src/render/charts/index.js";
import type * as Threads from "../../src/render/charts/threads.js";
import type { ChartSpec } from "../../src/render/types.js";

/**
 * Charts drawn on a thread (src/render/charts/threads.ts) by the built project, as the worker and
 * a batch draw them: a thread's script is JavaScript, so the sources' tests draw inline.
 */
const project = inject("builtProject");
const built = (file: string) => pathToFileURL(join(project, "dist/render/charts", file)).href;

const weekly: ChartSpec = {
  id: "weekly",
  title: "Mentions by week",
  type: "line",
  labels: ["W40", "W41", "W42", "W43", "W44"],
  datasets: [
    { label: "Brightwave", data: [0.31, 0.35, null, 0.38, 0.41], color: "#2f6fed" },
    { label: "Lumora", data: [0.44, 0.43, 0.4, 0.39, 0.37] },
  ],
  valueType: "percent",
  width: 560,
  height: 240,
  alt: "Brightwave's weekly mention rate rose from 31% to 41%.",
};

const shares: ChartSpec = {
  id: "shares",
  title: "Share of voice",
  type: "doughnut",
  labels: ["Brightwave", "Lumora", "Pulsegrid"],
  datasets: [{ label: "Share", data: [0.42, 0.33, 0.25] }],
  valueType: "percent",
  width: 420,
  height: 260,
  alt: "Brightwave has 42% of the voice.",
};

describe("charts drawn on a thread", () => {
  let threads: typeof Threads;
  let charts: typeof Charts;

  beforeAll(async () => {
    threads = (await import(built("threads.js"))) as typeof Threads;
    charts = (await import(built("index.js"))) as typeof Charts;
    expect(await threads.drawChartsOnThreads(1)).toBe(true);
  });
  afterAll(() => threads.closeChartThreads());

  // Skia numbers an SVG's clip paths per thread, so two draws differ in those ids alone.
  const svgText = (bytes: Uint8Array | undefined) =>
    Buffer.from(bytes!)
      .toString("utf8")
      .replace(/cl_[0-9a-f]+/g, "cl");

  it("are the images the main thread draws: the same SVG, the PNG byte for byte", async () => {
    for (const spec of [weekly, shares]) {
      const [onThread, inline] = await Promise.all([
        threads.drawChartAnywhere(spec, ["svg", "png"]),
        charts.drawChart(spec, ["svg", "png"]),
      ]);
      expect(onThread.height).toBe(inline.height);
      expect(svgText(onThread.images.svg)).toBe(svgText(inline.images.svg));
      expect(Buffer.from(onThread.images.png!).equals(Buffer.from(inline.images.png!))).toBe(true);
    }
  });

  it("draws only the kinds asked for", async () => {
    const chart = await threads.drawChartAnywhere(shares, ["svg"]);
    expect(Object.keys(chart.images)).toEqual(["svg"]);
  });

  it("fail as a chart drawn inline fails: a ChartRenderError naming the chart", async () => {
    // Drawn as no image at all: Chart.js has no canvas to lay the chart out on.
    const inline = await charts.drawChart(weekly, []).catch((e: unknown) => e);
    const onThread = await threads.drawChartAnywhere(weekly, []).catch((e: unknown) => e);
    expect(inline).toBeInstanceOf(charts.ChartRenderError);
    expect(onThread).toBeInstanceOf(charts.ChartRenderError);
    expect((onThread as Error).message).toBe('chart "weekly": a tee needs a context to draw on');
    expect((inline as Error).message).toBe((onThread as Error).message);
    // A bad size is refused before a thread is asked.
    await expect(threads.drawChartAnywhere({ ...shares, width: 0 }, ["svg"])).rejects.toThrow(
      'chart "shares": invalid size 0×260',
    );
  });

  it("let the process exit once closed, and the next chart is drawn inline", () => {
    // A thread left running would keep the process alive: execFileSync would time out.
    const script = `
      const t = await import(${JSON.stringify(built("threads.js"))});
      await t.drawChartsOnThreads(1);
      const spec = ${JSON.stringify(shares)};
      const a = await t.drawChartAnywhere(spec, ["svg"]);
      await t.closeChartThreads();
      const b = await t.drawChartAnywhere(spec, ["svg"]);
      console.log(Buffer.from(a.images.svg).equals(Buffer.from(b.images.svg)));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(out.trim()).toBe("true");
  });
});
