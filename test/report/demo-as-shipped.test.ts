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
  let pdfAlone: string;
  let removeCopy = () => {};

  /** `generate` of the demo's 90 days in `formats` into `dir`: the PDF's path. */
  const generate = async (database: string, formats: string, dir: string): Promise<string> => {
    const out = join(cli.dir, dir);
    const args = ["generate", "--database", database, "--range", "90d", "--as-of", DEMO_AS_OF];
    const run = spawnCli(cli, [...args, "--format", formats, "--config", CONFIG, "--out", out], {});
    expect(await run.exited, run.lines.join("\n")).toBe(0);
    return join(out, readdirSync(out).find((f) => f.endsWith(".pdf")) ?? "");
  };

  beforeAll(async () => {
    const copy = await copyDemoSeed();
    removeCopy = copy.remove;
    // As `npm run demo` makes it (every format), and a PDF sent alone.
    pdf = await generate(copy.database, "all", "output");
    pdfAlone = await generate(copy.database, "pdf", "alone");
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

  it("points to no workbook when the run makes none: a PDF sent alone says how much it shows, not where the rest is", () => {
    const text = pdfPages(pdfAlone).join("\n");
    // Not a word of a workbook: no pointer to its sheets, to its prompts' figures or intervals.
    expect(text).not.toMatch(/workbook/i);
    expect(text).toContain("The first 6 of 9 topics.");
    // A cut that would leave out one row prints it instead: the categories' seventh, the prompts
    // without a category, is nowhere else when no workbook is made.
    expect(text).not.toContain("of 7 categories");
    // A paragraph's lines as one line of text.
    const flat = (pages: string[]) => pages.join(" ").replace(/\s+/g, " ");
    expect(flat(pdfPages(pdfAlone))).toMatch(
      /One action per theme\. (One more theme leads|Two more themes lead) the table, drawn from across the others: [^.]*\. (?!The workbook)/,
    );
    const withWorkbook = flat(pdfPages(pdf));
    // With the workbook too: one row left out is printed rather than hidden behind its note.
    expect(withWorkbook).not.toContain("of 7 categories");
    expect(withWorkbook).toContain("The workbook lists every prompt with its own figures.");
  });
});
