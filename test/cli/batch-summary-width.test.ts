import { describe, expect, it } from "vitest";
import { printBatchSummary, shortenMiddle, shortenPath, summaryRows } from "../../src/cli/batch-summary.js";
import type { Project } from "../../src/contract/index.js";
import type { BatchResult } from "../../src/jobs/batch.js";

const cwd = process.cwd();
const result = (name: string, error?: string): BatchResult => {
  const stem = `${cwd}/output/${name.toLowerCase()}-ai-visibility-90d-2026-11-25`;
  return {
    project: { id: name, name } as Project,
    files: [
      { format: "pdf", path: `${stem}.pdf`, bytes: 353_000, assets: [] },
      { format: "xlsx", path: `${stem}.xlsx`, bytes: 345_000, assets: [] },
      { format: "md", path: `${stem}.md`, bytes: 16_000, assets: [] },
    ],
    bytes: 714_000,
    ms: 1300,
    emailed: [],
    ...(error ? { error: new Error(error) } : {}),
  };
};
const results = [
  result("Brightwave"),
  result("Northwind Analytics", "service unreachable: connect ECONNREFUSED 127.0.0.1:8787 after 3 attempts"),
];

function lines(width: number): string[] {
  const out: string[] = [];
  printBatchSummary(results, { out: (l) => out.push(l) }, width);
  return out;
}

/** The summary table fits an 80-column terminal and uses a wider one. */
describe("batch summary width", () => {
  it("names a run's files once, with their extensions", () => {
    expect(summaryRows(results)[0]?.[2]).toBe("output/brightwave-ai-visibility-90d-2026-11-25.{pdf,xlsx,md}");
  });

  it("at 80 columns: formats and sizes give way, the error is cut, every file name stays whole", () => {
    const printed = lines(80);
    expect(printed[0]).toMatch(/^project +files +time +error$/);
    // The folder gives way before a file name does: each name is there whole.
    expect(printed[2]).toMatch(
      /^Brightwave +\S*\/brightwave-ai-visibility-90d-2026-11-25\.\{pdf,xlsx,md\} +1\.3 s$/,
    );
    // The file names keep the table wider than 80 columns anyway: the project's name stays whole.
    expect(printed[3]).toMatch(
      /^Northwind Analytics +…\/northwind analytics-ai-visibility-90d-2026-11-25\.\{pdf,xlsx,md\} +1\.3 s +servic.*….*empts$/,
    );
    expect(printed.at(-1)).toBe(
      "failed: Northwind Analytics: service unreachable: connect ECONNREFUSED 127.0.0.1:8787 after 3 attempts",
    );
  });

  it("cuts a project's name where that makes the table fit, and only there", () => {
    const long = "Northwind Analytics for Enterprise Marketing Teams";
    const short: BatchResult = {
      ...result(long),
      files: [{ format: "md", path: `${cwd}/r.md`, bytes: 16_000, assets: [] }],
    };
    const out: string[] = [];
    printBatchSummary([short], { out: (l) => out.push(l) }, 60);
    expect(out[2]).toBe("Northwind Analytics…ise Marketing Teams  r.md   1.3 s");
    expect(Math.max(...out.slice(0, 3).map((l) => l.length))).toBeLessThanOrEqual(60);
  });

  it("never prints two projects' files as the same text: the folder is cut, not the file name", () => {
    const deep = (name: string): BatchResult => {
      const r = result(name);
      return {
        ...r,
        files: r.files.map((f) => ({
          ...f,
          path: f.path.replace("/output/", "/reports/clients/2026/november/"),
        })),
      };
    };
    const out: string[] = [];
    printBatchSummary([deep("Brightwave"), deep("Brightwave-Events")], { out: (l) => out.push(l) }, 80);
    const files = out.slice(2, 4).map((l) => l.split(/ {2,}/)[1]);
    expect(files).toEqual([
      "repo…ber/brightwave-ai-visibility-90d-2026-11-25.{pdf,xlsx,md}",
      "…/brightwave-events-ai-visibility-90d-2026-11-25.{pdf,xlsx,md}",
    ]);
    expect(shortenPath("reports/clients/2026/a-report.pdf", 20)).toBe("rep…026/a-report.pdf");
    expect(shortenPath("a/very-long-file-name.pdf", 10)).toBe("a/very-long-file-name.pdf");
  });

  it("uses the full width when there is one, cutting nothing", () => {
    const printed = lines(240);
    expect(printed.join("\n")).toContain("output/brightwave-ai-visibility-90d-2026-11-25.{pdf,xlsx,md}");
    expect(printed.join("\n")).toContain("after 3 attempts");
    expect(Math.max(...printed.map((l) => l.length))).toBeGreaterThan(80);
  });

  it("names the answers workbook of a project on its own line, with the count and size", () => {
    const stem = `${cwd}/output/brightwave-ai-visibility-90d-2026-11-25`;
    const out: string[] = [];
    const withAnswers = {
      ...result("Brightwave"),
      answers: { path: `${stem}-answers.xlsx`, bytes: 6_853_469, answers: 64_800 },
    };
    printBatchSummary([withAnswers], { out: (l) => out.push(l) }, 240);
    expect(out).toContain(
      "answers of Brightwave: output/brightwave-ai-visibility-90d-2026-11-25-answers.xlsx (64,800 answers, 6.5 MB)",
    );
  });

  it("shortens text in the middle to exactly the width", () => {
    expect(shortenMiddle("abcdefghij", 5)).toBe("ab…ij");
    expect(shortenMiddle("abcdefghij", 6)).toBe("abc…ij");
    expect(shortenMiddle("abc", 5)).toBe("abc");
  });
});
