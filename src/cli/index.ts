#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Command, CommanderError } from "commander";
import { packageDir } from "../format/package-dir.js";
import { commandsFor } from "./commands/index.js";
import { CliError, EXIT } from "./errors.js";
import { flagTakenAsValue, flagWithoutValue } from "./flag-without-value.js";
import { interrupted, watchInterrupts } from "./interrupt.js";
import { processIo } from "./io.js";
import { toCliError } from "./to-cli-error.js";

/** Wires flags to the command functions; all behaviour lives in ./commands (callable from tests). */
async function main(argv: string[]): Promise<void> {
  const program = new Command("vreport")
    .description("AI-visibility reporting: the External Read API v1 service and report generator")
    .version(packageVersion(), "-V, --version", "print the version")
    .exitOverride()
    // Set before the commands are registered: each inherits it. "Too many arguments", or a
    // required flag "not specified", is what commander says of a flag given no value before
    // another flag (it took that flag as the value); the line names the flag.
    .configureOutput({
      outputError: (line, write) =>
        write(
          line.includes("too many arguments") || line.includes("not specified")
            ? `${flagWithoutValue(program, argv) ?? line.trimEnd()}\n`
            : line,
        ),
    });
  for (const command of await commandsFor(argv)) command.register(program);
  program.hook("preAction", (_program, action) => {
    const line = flagTakenAsValue(action);
    if (line !== undefined) {
      processIo.err(line);
      throw new CommanderError(EXIT.usage, "vreport.flagWithoutValue", line);
    }
  });
  watchInterrupts();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    const stopped = interrupted();
    if (stopped) {
      // Whatever the failure looks like from inside (an aborted fetch, a closed browser), it is the stop.
      processIo.err(`vreport: ${stopped.message}`);
      process.exit(stopped.exitCode);
    }
    if (err instanceof CommanderError) {
      // Commander already printed its one-line message (unknown option, missing argument…); no
      // help page after it, so a bad flag stays one line (`--help` prints the flags).
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    // Every error of vreport's family exits with its category's code (docs/architecture.md, "Error family").
    const failure = toCliError(err);
    if (failure instanceof CliError) {
      processIo.err(`vreport: ${failure.message}`);
      process.exitCode = failure.exitCode;
      return;
    }
    processIo.err(`vreport: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = EXIT.failure;
  }
}

/** The version of vreport's package.json. */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageDir(import.meta.url), "package.json"), "utf8")) as {
    version?: string;
  };
  return pkg.version ?? "unknown";
}

// A reader that stops reading (`vreport … | head`) closes the pipe: the rest of the output has
// no one to go to, which is no failure of the command (as for other Unix tools).
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? EXIT.ok);
    throw err;
  });
await main(process.argv);
// Stopped, but the command finished its last step anyway: the stop still decides the exit.
const stopped = interrupted();
if (stopped) process.exit(stopped.exitCode);
