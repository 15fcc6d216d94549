import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { progressBar } from "../../src/cli/batch-progress.js";
import { printBatchSummary } from "../../src/cli/batch-summary.js";
import { CliError } from "../../src/cli/errors.js";
import { inline, terminalSafe } from "../../src/cli/io.js";
import type { Project } from "../../src/contract/index.js";
import type { BatchResult } from "../../src/jobs/batch.js";

const CLI = join(import.meta.dirname, "../../dist/cli/index.js");

/** Text from data never reaches the terminal as escape sequences. */
describe("terminal-safe output", () => {
  it("prints control characters as escapes, keeping tabs, newlines and every other character", () => {
    expect(terminalSafe("\u001b[31mred\u001b[0m")).toBe("\\x1b[31mred\\x1b[0m");
    expect(terminalSafe("a\rb\u0007c\u007fd\u009be")).toBe("a\\x0db\\x07c\\x7fd\\x9be");
    expect(terminalSafe("tab\there\nnext Acmé 🚀")).toBe("tab\there\nnext Acmé 🚀");
  });

  it("escapes a hostile value the CLI prints back (the error line of a bad flag)", () => {
    const run = spawnSync(
      process.execPath,
      [CLI, "generate", "--range", "\u001b]0;pwned\u0007\u001b[2J30d"],
      {
        encoding: "utf8",
      },
    );
    expect(run.status).toBe(2);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters.
    expect(run.stderr).not.toMatch(/[\u0007\u001b]/);
    expect(run.stderr).toContain('invalid --range "\\x1b]0;pwned\\x07\\x1b[2J30d"');
  });

  it("prints a name from data on its own line's terms: a newline or tab in it is shown, not obeyed", () => {
    expect(inline("Acme\nvreport: all 3 projects emailed\tok\u001b[2J")).toBe(
      "Acme\\nvreport: all 3 projects emailed\\tok\\x1b[2J",
    );
    expect(CliError.badFlag("--project", "Acme\nGlobex", "Brightwave (p1)").message).toBe(
      'invalid --project "Acme\\nGlobex": allowed values are Brightwave (p1)',
    );
    expect(progressBar(0, 1, ["Acme\nGlobex"])).toBe(`[${"░".repeat(24)}] 0/1  rendering Acme\\nGlobex`);
    const name = "Acme\nfailed: Globex";
    const result: BatchResult = {
      project: { id: "p1", name } as Project,
      files: [],
      bytes: 0,
      ms: 1000,
      emailed: ["cmo@acme.example"],
      error: new Error("service unreachable"),
    };
    const out: string[] = [];
    printBatchSummary([result], { out: (l) => out.push(l) }, 100);
    expect(out.filter((l) => l.includes("Acme"))).toEqual([
      "Acme\\nfailed: Globex  -        -      -      1.0 s  service unreachable",
      "emailed Acme\\nfailed: Globex to cmo@acme.example",
      "failed: Acme\\nfailed: Globex: service unreachable",
    ]);
  });
});
