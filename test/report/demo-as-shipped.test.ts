import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyDemoSeed, DEMO_SEED_HOOK_TIMEOUT } from "../_snapshots.js";
import { buildCli, spawnCli } from "../jobs/_cli-process.js";
import { pdfInfo, pdfPages } from "../render/_pdf-tools.js";
import { DEMO_AS_OF } from "./_demo-view.js";

const CONFIG = new URL("../../examples/vreport.config.json", import.meta.url).pathname;

/**
 * The PDF `npm run demo` writes, made as it makes it: the built CLI's `generate` over the full
 * demo with the example agency layer (targets, notes, change log; examples/), whose key figures
 * and targets take the room the plain demo view leaves free.
 */
describe("the demo PDF as `npm run demo` makes it", () => {
  const cli = buildCli();
  let pdf: string;
  let removeCopy = () => {};

  beforeAll(async () => {
    const copy = await copyDemoSeed();
    removeCopy = copy.remove;
    const out = join(cli.dir, "output");
    const run = spawnCli(
      cli,
      [
        "generate",
        "--database",
        copy.database,
        "--range",
        "90d",
        "--as-of",
        DEMO_AS_OF,
        "--format",
        "pdf",
      ].concat(["--config", CONFIG, "--out", out]),
      {},
    );
    expect(await run.exited, run.lines.join("\n")).toBe(0);
    pdf = join(out, readdirSync(out).find((f) => f.endsWith(".pdf")) ?? "");
  }, DEMO_SEED_HOOK_TIMEOUT);

  afterAll(() => {
    removeCopy();
    cli.dispose();
  });

  it("fits 12 A4 pages", () => {
    expect(Number(pdfInfo(pdf).Pages)).toBeLessThanOrEqual(12);
  });

  it("prints the trend's pointer to the workbook on the chart's page (docs/decisions.md, Notes stay with their figure)", () => {
    const pages = pdfPages(pdf);
    const chart = pages.findIndex((p) => p.includes("Rates by week, the previous period dashed"));
    const pointer = pages.findIndex((p) => p.includes("The table of all 90 days is in the workbook"));
    expect(chart).toBeGreaterThan(0);
    expect(pointer).toBe(chart);
  });
});
