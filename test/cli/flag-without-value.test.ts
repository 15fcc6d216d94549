import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/errors.js";

const CLI = join(import.meta.dirname, "../../dist/cli/index.js");

/** The built CLI's exit code and standard error for `args` (`npm test` builds first). */
function run(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CLI, ...args], (_err, _stdout, stderr) =>
      resolve({ code: child.exitCode, stderr }),
    );
  });
}

describe("a flag given no value before another flag names itself, in subcommands too", () => {
  it.each([
    // Commander takes --period as the project, then says --period is not specified.
    [
      ["review", "approve", "--project", "--period", "2026-10", "--database", "memory://"],
      "error: option '--project <name>' argument missing (--period follows it)",
    ],
    // A boolean flag taken as the value: nothing else would notice before the command runs.
    [
      ["schedule", "add", "--project", "--monthly", "--tz", "UTC"],
      "error: option '--project <id>' argument missing (--monthly follows it)",
    ],
  ])("%j prints one line and exits 2", async (args, line) => {
    expect(await run(args)).toEqual({ code: EXIT.usage, stderr: `${line}\n` });
  });
});
