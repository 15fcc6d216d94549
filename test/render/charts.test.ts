import { createCanvas, loadImage, SvgExportFlag } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { InvariantError } from "../../src/contract/index.js";
import { langOf } from "../../src/format/i18n/index.js";
import { described } from "../../src/render/chart-alt.js";
import { chartConfig, fittedRange } from "../../src/render/charts/_config.js";
import { markerLayout } from "../../src/render/charts/_markers.js";
import { type DashMark, dashedSvg, teeContext } from "../../src/render/charts/_tee.js";
import { countTick, percentTick, shortLabel, wrapLabel } from "../../src/render/charts/_ticks.js";
import { ChartRenderError, drawChart, imageHeight } from "../../src/render/charts/index.js";
import type { ChartSpec } from "../../src/render/types.js";

const EN = langOf("en-US");

const labels = ["ChatGPT", "Perplexity", "Gemini", "Claude"];

/** One spec per chart type, with a gap (null) in the line chart. */
const SPECS: ChartSpec[] = (
  [
    {
      id: "trend",
      title: "Trend",
      type: "line",
      labels: ["2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"],
      datasets: [
        { label: "Mention rate", data: [0.4, 0.42, null, 0.45], color: "#2f6fed" },
        { label: "Citation rate", data: [0.1, 0.12, 0.11, null] },
      ],
      valueType: "percent",
      width: 640,
      height: 260,
    },
    {
      id: "platforms",
      title: "Platforms",
      type: "bar",
      labels,
      datasets: [
        { label: "Mention rate", data: [0.5, 0.25, 0.1, 0.33] },
        { label: "Citation rate", data: [0.2, 0.1, null, 0.05] },
      ],
      valueType: "percent",
      width: 600,
      height: 280,
    },
    {
      id: "sources",
      title: "Cited sources",
      type: "horizontal_bar",
      labels: [
        "acme-analytics.com",
        "a-very-long-domain-name-that-keeps-going-on-and-on.example.com",
        "g2.com",
      ],
      datasets: [{ label: "Citations", data: [12345, 2300, 45] }],
      valueType: "count",
      width: 600,
      height: 220,
    },
    {
      id: "content-map",
      title: "Content map",
      type: "stacked_bar",
      labels: ["Pricing", "Integrations", "Security"],
      datasets: [
        { label: "Awareness", data: [3, 0, 1] },
        { label: "Consideration", data: [2, 4, null] },
        { label: "Decision", data: [1, 1, 5] },
      ],
      valueType: "count",
      width: 680,
      height: 200,
    },
    {
      id: "sov",
      title: "Share of voice",
      type: "doughnut",
      labels: ["Acmé 🚀 Analytics", "Rival", "Other"],
      datasets: [{ label: "Share of voice", data: [0.3, 0.5, 0.2] }],
      valueType: "percent",
      width: 420,
      height: 260,
    },
  ] satisfies Omit<ChartSpec, "alt">[]
).map((spec) => described(spec, EN));

/** Decodes a PNG or SVG and counts distinct non-white colours and non-white pixels. */
async function inspect(image: Uint8Array) {
  const img = await loadImage(image);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  const colours = new Set<number>();
  let inked = 0;
  let transparent = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    if (a < 255) transparent++;
    if (r > 250 && g > 250 && b > 250) continue;
    inked++;
    colours.add((r << 16) | (g << 8) | b);
  }
  return { width: img.width, height: img.height, colours: colours.size, inked, transparent };
}

describe("drawChart", () => {
  for (const spec of SPECS) {
    it(`draws a ${spec.type} chart at 2× on a white background`, async () => {
      const drawn = await drawChart(spec, ["png"]);
      expect(drawn.id).toBe(spec.id);
      expect(drawn.title).toBe(spec.title);
      expect(drawn.images.svg).toBeUndefined(); // only the kinds asked for
      const info = await inspect(drawn.images.png!);
      expect(info.width).toBe(spec.width * 2);
      // The plot's height and the title drawn above it: the view carries the image's height.
      expect(info.height).toBe(imageHeight(spec) * 2);
      expect(drawn.height).toBe(imageHeight(spec));
      expect(imageHeight(spec)).toBeGreaterThan(spec.height);
      // Opaque white background: no transparent pixel anywhere.
      expect(info.transparent).toBe(0);
      // Series, text and grid lines (anti-aliased) give many colours; a blank chart gives none.
      expect(info.colours).toBeGreaterThan(50);
      expect(info.inked).toBeGreaterThan(2000);
    });
  }

  for (const spec of SPECS) {
    it(`draws a ${spec.type} chart as vector SVG at its display size, text as text`, async () => {
      const drawn = await drawChart(spec, ["svg"]);
      expect(drawn.images.png).toBeUndefined();
      const svg = new TextDecoder().decode(drawn.images.svg!);
      const height = imageHeight(spec);
      expect(svg).toMatch(new RegExp(`<svg [^>]*width="${spec.width}" height="${height}"`));
      // The title is drawn into the image, as text.
      expect(svg).toContain(`>${spec.title.split(" ")[0]}<`);
      expect(svg).not.toContain("<image"); // vectors, not an embedded bitmap
      // The legend as text (Skia writes a <text> element per word).
      for (const d of spec.datasets.length > 1 ? spec.datasets : [])
        expect(svg).toContain(`>${d.label.split(" ")[0]}<`);
      // Rasterised again (by Skia's SVG parser), it shows the same chart as the PNG would.
      const info = await inspect(drawn.images.svg!);
      expect([info.width, info.height]).toEqual([spec.width, height]);
      expect(info.colours).toBeGreaterThan(20);
      expect(info.inked).toBeGreaterThan(500);
    });
  }

  it("escapes hostile labels in the SVG, which stays well-formed", async () => {
    const label = "<script>alert(1)</script> & \"q\" 'a' ]]>";
    const spec: ChartSpec = { ...SPECS[1]!, labels: [label, "b"], datasets: [{ label, data: [0.5, 0.2] }] };
    const svg = new TextDecoder().decode((await drawChart(spec, ["svg"])).images.svg!);
    expect(svg).not.toContain("<script");
    // Skia writes each word as a <text> element of its own, its characters escaped.
    for (const word of [">&lt;script&gt;alert(1)&lt;/script&gt;<", ">&amp;<", ">&quot;q&quot;<", ">]]&gt;<"])
      expect(svg).toContain(word);
    expect((await inspect(new TextEncoder().encode(svg))).inked).toBeGreaterThan(500);
  });

  for (const spec of SPECS) {
    it(`draws a ${spec.type} chart's PNG and SVG in one pass, each as it is drawn alone`, async () => {
      const both = await drawChart(spec, ["png", "svg"]);
      const [png, svg] = [await drawChart(spec, ["png"]), await drawChart(spec, ["svg"])];
      expect(Buffer.from(both.images.png!).equals(Buffer.from(png.images.png!))).toBe(true);
      // Skia names clip paths from a counter of the process: the same drawing, other ids.
      const text = (b: Uint8Array) => new TextDecoder().decode(b).replace(/(["#])cl[_0-9a-z]*/g, "$1cl");
      expect(text(both.images.svg!)).toBe(text(svg.images.svg!));
    });
  }

  it("rejects an impossible size with a typed error", async () => {
    const bad = { ...SPECS[0]!, width: 0 };
    await expect(drawChart(bad)).rejects.toBeInstanceOf(ChartRenderError);
  });
});

describe("chart configuration", () => {
  it("formats percent ticks from fractions", () => {
    expect(percentTick(0.42)).toBe("42%");
    expect(percentTick(0.025)).toBe("2.5%");
    expect(percentTick(0)).toBe("0%");
    expect(percentTick(1)).toBe("100%");
    expect(percentTick(-0.1)).toBe("\u221210%");
  });

  it("formats count ticks with thousands separators", () => {
    expect(countTick(12345)).toBe("12,345");
    expect(countTick(0)).toBe("0");
  });

  it("uses the percent tick callback on the value axis", () => {
    const config = chartConfig(SPECS[1]!);
    const y = ((config.options?.scales ?? {}) as Record<string, { ticks?: { callback?: unknown } }>).y;
    const callback = y?.ticks?.callback as (v: number) => string;
    expect(callback(0.5)).toBe("50%");
  });

  it("puts categories on the y axis of horizontal and stacked bars", () => {
    for (const spec of [SPECS[2]!, SPECS[3]!]) {
      const config = chartConfig(spec);
      expect(config.type).toBe("bar");
      expect((config.options as { indexAxis?: string }).indexAxis).toBe("y");
    }
    const stacked = chartConfig(SPECS[3]!).options?.scales as Record<string, { stacked?: boolean }>;
    expect(stacked.x?.stacked && stacked.y?.stacked).toBe(true);
  });

  it("keeps null points as gaps and never animates", () => {
    const config = chartConfig(SPECS[0]!);
    expect(config.data.datasets[0]?.data).toEqual([0.4, 0.42, null, 0.45]);
    expect(config.options?.animation).toBe(false);
    expect(config.options?.responsive).toBe(false);
    // Laid out in CSS pixels once; each image is drawn at its own scale (teeContext).
    expect(config.options?.devicePixelRatio).toBe(1);
  });

  it("shows doughnut values in the legend, formatted like every other figure", () => {
    const config = chartConfig(SPECS[4]!);
    expect(config.data.labels).toEqual(["Acmé 🚀 Analytics 30.0%", "Rival 50.0%", "Other 20.0%"]);
  });

  it("colours series with the spec's colour first", () => {
    const config = chartConfig(SPECS[0]!);
    expect((config.data.datasets[0] as { borderColor?: string }).borderColor).toBe("#2f6fed");
  });

  it("draws a previous period's line in its current line's colour, faint and dashed, with one legend entry", () => {
    const spec: ChartSpec = {
      ...SPECS[0]!,
      datasets: [
        ...SPECS[0]!.datasets,
        { label: "Previous period", data: [0.3, 0.31, 0.33, 0.35], previousOf: 0 },
        { label: "Previous period", data: [0.2, 0.2, 0.2, 0.2], previousOf: 1 },
      ],
    };
    const config = chartConfig(spec);
    const ds = config.data.datasets as {
      borderColor?: string;
      borderDash?: number[];
      pointRadius?: number;
    }[];
    expect(ds.map((d) => d.borderColor)).toEqual(["#2f6fed", "#f28e2b", "#2f6fed66", "#f28e2b66"]);
    expect(ds.map((d) => d.borderDash)).toEqual([undefined, undefined, [5, 3], [5, 3]]);
    expect(ds.map((d) => d.pointRadius)).toEqual([2, 2, 0, 0]);
    const filter = config.options?.plugins?.legend?.labels?.filter as (item: {
      text: string;
      datasetIndex: number;
    }) => boolean;
    const shown = spec.datasets.filter((d, i) => filter({ text: d.label, datasetIndex: i }));
    expect(shown.map((d) => d.label)).toEqual(["Mention rate", "Citation rate", "Previous period"]);
  });

  it("wraps long category names under vertical bars onto lines instead of tilting the axis", () => {
    expect(wrapLabel("Google AI Overviews")).toEqual(["Google AI", "Overviews"]);
    expect(wrapLabel("ChatGPT")).toEqual(["ChatGPT"]);
    expect(wrapLabel("a-very-long-domain-name.example.com")).toEqual(["a-very-long-domain-name.example.com"]);
    const spec = { ...SPECS[1]!, labels: ["Google AI Overviews", "Claude"] };
    const config = chartConfig(spec);
    expect(config.data.labels).toEqual([["Google AI", "Overviews"], ["Claude"]]);
    const scales = config.options?.scales as Record<string, { ticks?: { maxRotation?: number } }> | undefined;
    expect(scales?.x?.ticks?.maxRotation).toBe(0);
    // Horizontal bars keep one-line labels: they have the width for them.
    expect(chartConfig({ ...SPECS[2]!, labels: ["Google AI Overviews"] }).data.labels).toEqual([
      "Google AI Overviews",
    ]);
  });

  it("shortens long category labels", () => {
    expect(shortLabel("x".repeat(60))).toHaveLength(40);
    expect(shortLabel("a\nb")).toBe("a b");
  });
});

describe("alternative text (render/chart-alt.ts)", () => {
  const alt = (id: string) => SPECS.find((s) => s.id === id)!.alt;

  it("names a line's first, last, lowest and highest points, skipping gaps, and claims no change", () => {
    expect(alt("trend")).toBe(
      "Line chart. From 2026-10-29 to 2026-11-01. " +
        "Mention rate: first 40.0% (2026-10-29), last 45.0% (2026-11-01), lowest 40.0% (2026-10-29), highest 45.0% (2026-11-01). " +
        "Citation rate: first 10.0% (2026-10-29), last 11.0% (2026-10-31), lowest 10.0% (2026-10-29), highest 12.0% (2026-10-30).",
    );
    expect(alt("trend")).not.toMatch(/rose|fell|increase|decrease/);
  });

  it("lists each series' bars with their labels, leaving out the missing ones", () => {
    expect(alt("platforms")).toBe(
      "Bar chart. Mention rate: ChatGPT 50.0%, Perplexity 25.0%, Gemini 10.0%, Claude 33.0%. " +
        "Citation rate: ChatGPT 20.0%, Perplexity 10.0%, Claude 5.0%.",
    );
    expect(alt("sources")).toBe(
      "Bar chart. Citations: acme-analytics.com 12,345, a-very-long-domain-name-that-keeps-going-on-and-on.example.com 2,300, g2.com 45.",
    );
    expect(alt("sov")).toBe(
      "Doughnut chart. Share of voice: Acmé 🚀 Analytics 30.0%, Rival 50.0%, Other 20.0%.",
    );
  });

  it("gives a stacked bar its total and non-zero parts, or its one series' name", () => {
    expect(alt("content-map")).toBe(
      "Stacked bar chart. Pricing 6 (Awareness 3, Consideration 2, Decision 1), " +
        "Integrations 5 (Consideration 4, Decision 1), Security 6 (Awareness 1, Decision 5).",
    );
    const owners = described(
      {
        id: "owners",
        title: "Owners",
        type: "stacked_bar",
        labels: ["acme.com", "g2.com"],
        datasets: [
          { label: "Acme (yours)", data: [0.25, null] },
          { label: "Other sites", data: [null, 0.125] },
        ],
        valueType: "percent",
        width: 680,
        height: 180,
      },
      EN,
    );
    expect(owners.alt).toBe("Stacked bar chart. acme.com 25.0% (Acme (yours)), g2.com 12.5% (Other sites).");
  });

  it("is written in the report's language, with its figures", () => {
    const spec = {
      id: "rates",
      title: "Raten",
      type: "line",
      labels: ["01.10.2026", "08.10.2026"],
      datasets: [{ label: "Erwähnungsrate", data: [0.397, 0.412] }],
      valueType: "percent",
      width: 680,
      height: 200,
    } satisfies Omit<ChartSpec, "alt">;
    expect(described(spec, langOf("de-DE")).alt).toBe(
      "Liniendiagramm. Von 01.10.2026 bis 08.10.2026. Erwähnungsrate: erster Wert 39,7\u00a0% (01.10.2026), " +
        "letzter 41,2\u00a0% (08.10.2026), niedrigster 39,7\u00a0% (01.10.2026), höchster 41,2\u00a0% (08.10.2026).",
    );
  });

  it("names the first twelve bars and counts the rest, and appends the drafter's findings", () => {
    const many = described(
      {
        id: "many",
        title: "Many",
        type: "bar",
        labels: Array.from({ length: 15 }, (_, i) => `c${i + 1}`),
        datasets: [{ label: "Answers", data: Array.from({ length: 15 }, (_, i) => i + 1) }],
        valueType: "count",
        width: 680,
        height: 200,
      },
      EN,
      ["A finding."],
    );
    expect(many.alt).toBe(
      "Bar chart. Answers: c1 1, c2 2, c3 3, c4 4, c5 5, c6 6, c7 7, c8 8, c9 9, c10 10, c11 11, c12 12 and 3 more. A finding.",
    );
  });
});

describe("what the charts show (docs/decisions.md, Layout of the page formats)", () => {
  const days = Array.from({ length: 90 }, (_, i) => `2026-08-${String(i).padStart(3, "0")}`);
  const trend: ChartSpec = {
    id: "trend",
    title: "Rates by week",
    alt: "",
    type: "line",
    labels: days,
    datasets: [
      { label: "Mention rate", data: days.map((_, i) => 0.285 + (0.019 * i) / 89) },
      { label: "Citation rate", data: days.map(() => 0.19) },
    ],
    valueType: "percent",
    markers: [
      { index: 42, label: "Attribution guide hub live" },
      { index: 43, label: "Comparison pages against Lumora" },
      { index: 60, label: "FAQ schema on product pages" },
    ],
    width: 680,
    height: 220,
  };

  it("fits the value axis of a line chart to its data, so a +1.9 pp change spans a visible part of it", () => {
    const range = fittedRange(trend)!;
    expect(range.min).toBeGreaterThan(0.1);
    expect(range.max).toBeLessThanOrEqual(0.35);
    expect(range.min).toBeLessThanOrEqual(0.19 - 0.005);
    expect(range.max).toBeGreaterThanOrEqual(0.304 + 0.005);
    // The change takes a share of the axis at least 1.5 times the one it took from 0 % to 35 %.
    expect(0.019 / (range.max - range.min)).toBeGreaterThan((1.5 * 0.019) / 0.35);
    const y = (chartConfig(trend).options!.scales as Record<string, { min?: number; max?: number }>).y;
    expect([y?.min, y?.max]).toEqual([range.min, range.max]);
    // Never below zero.
    expect(fittedRange({ ...trend, datasets: [{ label: "x", data: [0, 0.01] }] })!.min).toBe(0);
  });

  it("numbers the agency's changes in a band of their own, close ones on different rows, with a key below", async () => {
    const layout = markerLayout(trend);
    // Days 42 and 43 are a few pixels apart: their numbers take two rows; day 60's the first.
    expect(layout.rows).toEqual([0, 1, 0]);
    expect(layout.bandPx).toBeGreaterThan(0);
    expect(layout.keyLines.flat().map((k) => [k.number, k.text])).toEqual([
      [1, "Attribution guide hub live"],
      [2, "Comparison pages against Lumora"],
      [3, "FAQ schema on product pages"],
    ]);
    expect(imageHeight(trend) - imageHeight({ ...trend, markers: [] })).toBe(layout.bandPx + layout.keyPx);
    const svg = new TextDecoder().decode((await drawChart(trend, ["svg"])).images.svg!);
    for (const word of [">1<", ">2<", ">3<", ">Attribution<", ">Comparison<", ">FAQ<"])
      expect(svg).toContain(word);
  });

  it("marks the client's own bar: its colour, the others grey", () => {
    const spec: ChartSpec = {
      ...SPECS[2]!,
      labels: ["Rival", "Acme (yours)", "Other"],
      datasets: [{ label: "Share of voice", data: [0.3, 0.2, 0.1], color: "#2f6fed" }],
      highlight: { index: 1 },
    };
    const colours = chartConfig(spec).data.datasets[0]!.backgroundColor as string[];
    expect(colours[1]).toBe("#2f6fed");
    expect(colours[0]).toBe(colours[2]);
    expect(colours[0]).not.toBe("#2f6fed");
    expect(chartConfig(spec).data.labels).toContain("Acme (yours)");
  });
});

describe("teeContext", () => {
  it("draws every call on each canvas at its own scale", () => {
    const [one, two] = [createCanvas(20, 10), createCanvas(40, 20)];
    const tee = teeContext(
      [
        { ctx: one.getContext("2d"), scale: 1 },
        { ctx: two.getContext("2d"), scale: 2 },
      ],
      20,
      10,
    );
    // The stand-in canvas has the CSS size, and setting it resizes neither real canvas.
    expect([tee.canvas.width, tee.canvas.height]).toEqual([20, 10]);
    tee.canvas.width = 20;
    expect([two.width, two.height]).toEqual([40, 20]);
    tee.resetTransform();
    tee.fillStyle = "#ff0000";
    tee.setTransform(1, 0, 0, 1, 5, 2);
    tee.fillRect(0, 0, 3, 4); // CSS pixels 5–7 × 2–5
    const red = (c: typeof one, x: number, y: number) => c.getContext("2d").getImageData(x, y, 1, 1).data[0];
    expect([red(one, 5, 2), red(one, 7, 5), red(one, 8, 5), red(one, 4, 2)]).toEqual([255, 255, 0, 0]);
    expect([red(two, 10, 4), red(two, 15, 11), red(two, 16, 11), red(two, 9, 4)]).toEqual([255, 255, 0, 0]);
    // Reads answer from the first canvas; what belongs to one context is refused.
    expect(tee.fillStyle).toBe("#ff0000");
    expect(tee.measureText("Mention rate").width).toBe(
      one.getContext("2d").measureText("Mention rate").width,
    );
    expect(() => tee.createLinearGradient(0, 0, 1, 1)).toThrow(InvariantError);
  });

  it("writes a dashed stroke on an SVG as stroke-dasharray, where Skia wrote a polygon per dash", async () => {
    const [svg, png] = [createCanvas(100, 20, SvgExportFlag.NoPrettyXML), createCanvas(200, 40)];
    const dashes: DashMark[] = [];
    const tee = teeContext(
      [
        { ctx: svg.getContext("2d"), scale: 1, dashes },
        { ctx: png.getContext("2d"), scale: 2 },
      ],
      100,
      20,
    );
    tee.resetTransform();
    tee.strokeStyle = "#ff0000";
    tee.lineWidth = 2;
    tee.save();
    tee.setLineDash([10, 10]);
    tee.lineDashOffset = 5;
    expect([tee.getLineDash(), tee.lineDashOffset]).toEqual([[10, 10], 5]);
    tee.beginPath();
    tee.moveTo(0, 5);
    tee.lineTo(100, 5);
    tee.stroke();
    tee.restore();
    // Restored: the next stroke is solid on both.
    expect([tee.getLineDash(), tee.lineDashOffset]).toEqual([[], 0]);
    tee.beginPath();
    tee.moveTo(0, 15);
    tee.lineTo(100, 15);
    tee.stroke();
    expect(dashes).toEqual([{ width: 2, segments: [10, 10], offset: 5 }]);
    const written = dashedSvg(svg.getContent().toString("utf8"), dashes);
    expect(written.match(/<path [^>]*>/g)).toEqual([
      '<path fill="none" stroke="red" stroke-width="2" stroke-dasharray="10 10" stroke-dashoffset="5" stroke-miterlimit="10" d="M0 5L100 5"/>',
      '<path fill="none" stroke="red" stroke-width="2" stroke-miterlimit="10" d="M0 15L100 15"/>',
    ]);
    // Both images dash the first line alike (offset 5: dashes at 0–5, 15–25, …) and not the second.
    const red = (ctx: ReturnType<typeof png.getContext>, x: number, y: number) =>
      ctx.getImageData(x, y, 1, 1).data[0] === 255 && ctx.getImageData(x, y, 1, 1).data[1] === 0;
    const fromSvg = createCanvas(100, 20);
    fromSvg.getContext("2d").drawImage(await loadImage(Buffer.from(written)), 0, 0);
    const along = (ctx: ReturnType<typeof png.getContext>, scale: number, y: number) =>
      [2, 10, 20, 30, 40, 50].map((x) => red(ctx, x * scale, y * scale));
    expect(along(png.getContext("2d"), 2, 5)).toEqual([true, false, true, false, true, false]);
    expect(along(fromSvg.getContext("2d"), 1, 5)).toEqual([true, false, true, false, true, false]);
    expect(along(png.getContext("2d"), 2, 15)).toEqual([true, true, true, true, true, true]);
  });

  it("refuses an SVG whose dash marker no stroke set", () => {
    expect(() =>
      dashedSvg('<path stroke-width="100001" d="M0 0L1 1"/>', [{ width: 1, segments: [2], offset: 0 }]),
    ).toThrow(InvariantError);
  });
});
