/**
 * The "Examples:" section a command's `--help` ends with (`addHelpText("after", examples(…))`):
 * one `$ vreport …` command line each, whole (no continuation lines), so a reader can paste it
 * and the test suite can parse every one against the command's flags.
 */
export function examples(...lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join("\n")}`;
}
