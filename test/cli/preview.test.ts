/**
 * `vreport preview`'s flags are checked before anything starts, as generate's are: a bad value is
 * one line naming the flag (exit 2), and no service is contacted.
 */
import { describe, expect, it } from "vitest";
import { previewCommand } from "../../src/cli/commands/preview.js";
import type { Io } from "../../src/cli/io.js";

const silent: Io = { out: () => {}, err: () => {}, tty: false };

describe("vreport preview flags", () => {
  it.each([
    [{ port: "http" }, 'invalid --port "http": allowed values are an integer from 0 to 65535'],
    [{ port: "70000" }, 'invalid --port "70000": allowed values are an integer from 0 to 65535'],
    [{ profile: "short" }, 'invalid --profile "short": allowed values are client, full'],
    [{ range: "3d" }, expect.stringContaining('invalid --range "3d"')],
    [
      { baseUrl: "http://127.0.0.1:1", apiKey: "k", asOf: "2026-11-01" },
      "--as-of applies to the embedded demo service only, not with --base-url",
    ],
  ])("refuses %o with exit 2", async (flags, message) => {
    await expect(previewCommand(flags, silent)).rejects.toMatchObject({ exitCode: 2, message });
  });
});
