/**
 * Examples in every command's `--help`: the test walks every command and
 * subcommand of the CLI, reads its help as `--help` prints it, and parses each example against
 * the real command table (the commands' actions replaced by no-ops), so an example with a flag the
 * command does not have, or without a required argument, fails here.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands/index.js";

/** The CLI's command tree as `vreport` builds it; errors throw instead of exiting, output is dropped. */
async function cli(noActions = false): Promise<Command> {
  const program = new Command("vreport")
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} });
  for (const load of Object.values(COMMANDS)) (await load()).register(program);
  if (noActions)
    for (const { command } of walk(program)) if (command.commands.length === 0) command.action(() => {});
  return program;
}

/** Every command below `parent`, depth first, with its path of names. */
function walk(parent: Command, path: string[] = []): { path: string[]; command: Command }[] {
  return parent.commands.flatMap((command) => {
    const here = [...path, command.name()];
    return [{ path: here, command }, ...walk(command, here)];
  });
}

/** The help a command prints for `--help`, the text added after it included. */
function helpOf(command: Command): string {
  let text = "";
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: () => {} });
  command.outputHelp();
  return text;
}

/** The `$ vreport …` lines of the help's Examples section. */
function examplesOf(help: string): string[] {
  const at = help.indexOf("\nExamples:\n");
  if (at < 0) return [];
  return help
    .slice(at)
    .split("\n")
    .filter((l) => l.startsWith("  $ "))
    .map((l) => l.slice(4));
}

/** A command line split into words as a POSIX shell does for plain words and double or single quotes. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? m[3] ?? ""));
  }
  return out;
}

/** Parses `argv` (without `vreport`) against the command table; the error commander throws, or null. */
async function parseError(argv: string[]): Promise<unknown> {
  try {
    await (await cli(true)).parseAsync(argv, { from: "user" });
    return null;
  } catch (err) {
    return err;
  }
}

const commands = walk(await cli());

describe("every command's --help ends with examples that parse", () => {
  it("walks every command and subcommand", () => {
    expect(commands.map((c) => c.path.join(" "))).toEqual([
      "generate",
      "notes",
      "notes init",
      "preview",
      "mcp",
      "serve",
      "seed",
      "keys",
      "keys create",
      "keys list",
      "keys revoke",
      "projects",
      "ingest",
      "import",
      "webhooks",
      "webhooks add",
      "webhooks list",
      "webhooks remove",
      "webhooks test",
      "webhooks deliveries",
      "deliver",
      "worker",
      "enqueue",
      "schedule",
      "schedule add",
      "schedule list",
      "schedule remove",
      "schedule run",
      "review",
      "review list",
      "review desk",
      "review approve",
      "review reject",
    ]);
  });

  for (const { path, command } of commands) {
    it(`vreport ${path.join(" ")} --help`, async () => {
      const examples = examplesOf(helpOf(command));
      expect(examples.length, "examples in the help").toBeGreaterThan(0);
      for (const example of examples) {
        const argv = words(example);
        // An example of a command runs that command (a group's, one of its subcommands).
        expect(argv.slice(0, path.length + 1), example).toEqual(["vreport", ...path]);
        expect(await parseError(argv.slice(1)), example).toBeNull();
      }
    });
  }

  it("the check is not vacuous: an unknown flag, a missing argument or a bare group fails to parse", async () => {
    expect(await parseError(["generate", "--formats-typo", "pdf"])).toMatchObject({
      code: "commander.unknownOption",
    });
    expect(await parseError(["ingest"])).toMatchObject({ code: "commander.missingArgument" });
    expect(await parseError(["keys", "create"])).toMatchObject({
      code: "commander.missingMandatoryOptionValue",
    });
    expect(await parseError(["keys"])).not.toBeNull();
  });
});
