/**
 * A consistent CLI: one flag name for one thing (`--format` everywhere,
 * `--formats` a hidden alias), `--version`, values case-insensitive where case means nothing,
 * a description for every subcommand.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseGenerateFlags } from "../../src/cli/commands/generate-options.js";
import { parseFormats } from "../../src/cli/flags.js";
import { type BuiltCli, buildCli, spawnCli } from "../jobs/_cli-process.js";

const VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

it("formats and page sizes are case-insensitive", () => {
  expect(parseFormats("PDF,Xlsx,md", "--format")).toEqual(["pdf", "xlsx", "md"]);
  expect(parseFormats("ALL", "--format")).toEqual(["pdf", "xlsx", "md", "html"]);
  expect(parseFormats("Html", "--format")).toEqual(["html"]);
  expect(() => parseFormats("docx", "--format")).toThrow('invalid --format "docx"');
  expect(parseGenerateFlags({ pageSize: "a4" }, {}).pageSize).toBe("A4");
  expect(parseGenerateFlags({ pageSize: "LETTER" }, {}).pageSize).toBe("Letter");
  expect(() => parseGenerateFlags({ pageSize: "a5" }, {})).toThrow('invalid --page-size "a5"');
});

describe("the vreport binary", () => {
  let cli: BuiltCli;
  beforeAll(() => {
    cli = buildCli();
  });
  afterAll(() => cli?.dispose());

  const run = async (args: string[]) => {
    const child = spawnCli(cli, args, {});
    const code = await child.exited;
    return { code, text: child.lines.join("\n") };
  };

  it("--version prints package.json's version", async () => {
    expect(await run(["--version"])).toEqual({ code: 0, text: VERSION });
    expect(await run(["-V"])).toEqual({ code: 0, text: VERSION });
  }, 60_000);

  it("enqueue and schedule add show --format; --formats is hidden but accepted", async () => {
    for (const args of [["enqueue"], ["schedule", "add"]]) {
      const help = await run([...args, "--help"]);
      expect(help.code).toBe(0);
      expect(help.text).toContain("--format <formats>");
      expect(help.text).not.toContain("--formats");
    }
    // The alias is parsed (a bad value is rejected by name) rather than refused as unknown.
    const alias = await run(["enqueue", "--all-projects", "--formats", "docx"]);
    expect(alias).toMatchObject({ code: 2 });
    expect(alias.text).toContain('invalid --format "docx"');
  }, 60_000);

  it("exits quietly when its reader stops reading (`vreport … | head`)", async () => {
    const child = spawn(process.execPath, cli.argv(["webhooks", "test", "--help"]), {
      cwd: cli.dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The reader is gone before the first line is written: every write meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const code = await new Promise((r) => child.on("close", r));
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  }, 60_000);

  it("every webhooks subcommand has a description", async () => {
    const help = await run(["webhooks", "--help"]);
    for (const sub of ["add", "list", "remove", "test", "deliveries"])
      expect(help.text).toMatch(new RegExp(`^\\s+${sub}\\b.*\\S\\s{2,}\\S`, "m"));
  }, 60_000);
});
