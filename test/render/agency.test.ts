/**
 * The agency's page (docs/agency.md) on test/fixtures/change-log.ts: wins and risks are claims
 * (here the targets: 3 of 8 answers mention the brand, 37.5 % against 20 %, its whole interval
 * above it; 1 of 8 cite it, 12.5 % against 50 %), the next steps and the review from the agency note, the change log as work
 * delivered, the account manager on the cover; without any agency input there is no such page.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { langOf } from "../../src/format/i18n/index.js";
import { type ReportPlan, viewOf } from "../../src/pipeline/plan.js";
import { backend as md } from "../../src/render/backends/markdown/backend.js";
import type { Block, ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { monthReportData, sampleChangeLog } from "../fixtures/change-log.js";
import { SAMPLE_BRANDING } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";

const AGENCY_NOTE = [
  "We focus on citations next.",
  "",
  "### next_steps",
  "- Citation-ready CRM pages; owner: Dana Weiss; due: 2026-11-20",
  "- Grok comparison page; owner: Jonas Berg; due: 2026-10-30",
  "",
  "### next_review",
  "2026-12-01",
  "",
  "### account_manager",
  "name: Dana Weiss",
  "email: dana@northwind.example",
].join("\n");

function plan(locale?: string, notes = true, mentionTarget = 0.2): Promise<ReportPlan> {
  return viewOf(monthReportData(), {
    formats: ["md"],
    branding: { ...SAMPLE_BRANDING, ...(locale ? { locale } : {}) },
    changes: sampleChangeLog(),
    targets: { mention_rate: mentionTarget, citation_rate: 0.5 },
    ...(notes ? { notes: { agency: AGENCY_NOTE } } : {}),
  });
}

function agencyBlocks(view: ReportView): Block[] {
  return view.sections.find((s) => s.key === "agency")?.blocks ?? [];
}

function rowsOf(view: ReportView, id: string) {
  const table = agencyBlocks(view).find((b) => b.kind === "table" && b.id === id);
  if (table?.kind !== "table") throw new Error(`no table ${id}`);
  return table.rows;
}

describe("the agency's page", () => {
  let en: ReportPlan;
  const dir = tempDir("agency");
  beforeAll(async () => {
    en = await plan();
  });

  it("comes before the methodology, the note's commentary first, its keyed parts as tables", () => {
    const keys = en.view.sections.map((s) => s.key);
    expect(keys.slice(-2)).toEqual(["agency", "methodology"]);
    expect(agencyBlocks(en.view)[0]).toEqual({ kind: "note", markdown: "We focus on citations next." });
    expect(rowsOf(en.view, "agency-next-steps")).toEqual([
      { step: "Citation-ready CRM pages", owner: "Dana Weiss", due: "2026-11-20" },
      { step: "Grok comparison page", owner: "Jonas Berg", due: "2026-10-30" },
    ]);
    expect(agencyBlocks(en.view)).toContainEqual({ kind: "paragraph", text: "Next review: 2026-12-01." });
  });

  it("promises next steps in its title only when the notes set a plan", async () => {
    expect(en.view.sections.find((s) => s.key === "agency")?.title).toBe("Our work and next steps");
    // The change log and the targets without a note: wins, risks and work delivered, no plan.
    const planless = await plan(undefined, false);
    expect(planless.view.sections.find((s) => s.key === "agency")?.title).toBe("Our work");
    expect(agencyBlocks(planless.view).some((b) => b.kind === "table" && b.id === "agency-next-steps")).toBe(
      false,
    );
    const de = await plan("de-DE", false);
    expect(de.view.sections.find((s) => s.key === "agency")?.title).toBe("Unsere Arbeit");
  });

  it("lists targets met as wins and targets missed as risks, in the claims' words", () => {
    const news = rowsOf(en.view, "agency-news");
    expect(news).toContainEqual({
      kind: "Win",
      finding: "Mention rate on track (37.5% against a target of 20.0%).",
    });
    expect(news).toContainEqual({
      kind: "Risk",
      finding: "Citation rate off track (12.5% against a target of 50.0%).",
    });
  });

  it("lists a target met within the rate's interval as neither a win nor a risk", async () => {
    // 37.5 % against 30 %: met, but the 95 % interval (25.0 % to 50.0 %) holds the target.
    const within = await plan(undefined, true, 0.3);
    const news = rowsOf(within.view, "agency-news");
    expect(news.filter((r) => String(r.finding).startsWith("Mention rate on track"))).toEqual([]);
  });

  it("lists the period's changes as work delivered with their scope's before and after", () => {
    expect(
      rowsOf(en.view, "agency-delivered").map((r) => [r.date, r.where, r.before, r.after, r.change]),
    ).toEqual([
      ["2026-10-05", "Category: CRM", 14 / 56, 28 / 56, 28 / 56 - 14 / 56],
      ["2026-10-15", "All prompts and platforms", 27 / 140, 56 / 140, 56 / 140 - 27 / 140],
      ["2026-10-20", "ChatGPT", 14 / 70, 36 / 60, null],
      ["2026-10-25", "All prompts and platforms", 48 / 140, 28 / 70, null],
    ]);
  });

  it("names the changes whose rates rest on fewer days than the columns' 14, with their days", () => {
    const table = agencyBlocks(en.view).find((b) => b.kind === "table" && b.id === "agency-delivered");
    expect(table?.kind === "table" && table.note).toBe(
      "Our changes with the mention rate in their scope over the 14 days before and after them (not tested for significance; a change only where both windows are whole), and the content published in the period. " +
        "Partial windows: ChatGPT plugin listing (after: 12 of 14 days) and FAQ schema (after: 7 of 14 days).",
    );
  });

  it("asks the agency to update a next step due before the report's day", () => {
    expect(en.checks).toContainEqual({
      rule: "stale-next-step",
      message:
        "the next step “Grok comparison page” was due on 2026-10-30, before the report's day 2026-11-01: update the agency note",
    });
  });

  it("puts the account manager on the cover of every format", async () => {
    expect(en.view.cover.accountManager).toBe("Dana Weiss · dana@northwind.example");
    const [file] = await writeWith(md, en.view, join(dir, "md"));
    expect(await readFile(file!, "utf8")).toContain(
      "- **Account manager:** Dana Weiss · dana@northwind.example",
    );
  });

  it("speaks the report's language", async () => {
    const de = await plan("de-DE");
    const pct = (v: number) => langOf("de-DE").f.percent(v);
    // At most 31 characters: a section's title is its sheet's name (test/format/i18n.test.ts).
    expect(de.view.sections.find((s) => s.key === "agency")?.title).toBe("Unsere Arbeit, nächste Schritte");
    expect(rowsOf(de.view, "agency-news")).toContainEqual({
      kind: "Erfolg",
      // German writes a no-break space before % (Intl): the figures come from the locale's formatter.
      finding: `Erwähnungsrate im Plan (${pct(0.375)} gegenüber dem Ziel von ${pct(0.2)}).`,
    });
  });

  it("is left out when the agency gave no input (no agency note, no change log)", async () => {
    const { view } = await viewOf(monthReportData(), { formats: ["md"], branding: { ...SAMPLE_BRANDING } });
    expect(view.sections.map((s) => s.key)).not.toContain("agency");
  });
});
