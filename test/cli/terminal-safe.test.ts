import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { terminalSafe } from "../../src/cli/io.js";

const CLI = join(import.meta.dirname, "../../dist/cli/index.js");

/** Issue #24 item 6: text from data never reaches the terminal as escape sequences. */
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
});
