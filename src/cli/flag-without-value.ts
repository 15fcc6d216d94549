import type { Command, Option } from "commander";

/** The line for `option` given no value, `next` (a flag) having been taken as it. */
const missingValue = (option: Option, next: string): string =>
  `error: option '${option.flags}' argument missing (${next} follows it)`;

/**
 * The one line for a flag that takes a value but is followed by another flag
 * (`generate --project --out x`, `review approve --project --period 2026-10`): commander takes
 * the next flag as the value, then says only "too many arguments", or that the flag it took is
 * missing ("required option '--period <label>' not specified"). Undefined when `argv` holds no
 * such pair. The command is the deepest one `argv` names (`review approve`).
 */
export function flagWithoutValue(program: Command, argv: readonly string[]): string | undefined {
  let command: Command = program;
  let at = 2;
  for (;;) {
    const name = argv[at];
    const sub = command.commands.find((c) => c.name() === name || c.aliases().includes(name ?? ""));
    if (!sub) break;
    command = sub;
    at++;
  }
  if (command === program) return undefined;
  const args = argv.slice(at);
  for (const [i, token] of args.entries()) {
    const next = args[i + 1];
    if (next === undefined || !next.startsWith("-")) continue;
    const option = command.options.find((o) => o.long === token && o.required);
    if (option) return missingValue(option, next);
  }
  return undefined;
}

/**
 * A flag whose value is another of the command's flags (`schedule add --project --monthly`):
 * commander takes `--monthly` as the project and the command would go on with it. The line
 * `flagWithoutValue` gives, for a pre-action hook to throw before the command runs.
 */
export function flagTakenAsValue(command: Command): string | undefined {
  const longs = new Set(command.options.map((o) => o.long));
  for (const option of command.options) {
    const value: unknown = command.getOptionValue(option.attributeName());
    if (option.required && typeof value === "string" && longs.has(value)) {
      if (command.getOptionValueSource(option.attributeName()) !== "cli") continue;
      return missingValue(option, value);
    }
  }
  return undefined;
}
