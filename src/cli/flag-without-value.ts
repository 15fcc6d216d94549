import type { Command } from "commander";

/**
 * The one line for a flag that takes a value but is followed by another flag
 * (`generate --project --out x`): commander takes `--out` as the project and then finds `x`
 * left over, and says only "too many arguments". Undefined when `argv` holds no such pair.
 */
export function flagWithoutValue(program: Command, argv: readonly string[]): string | undefined {
  const command = program.commands.find((c) => c.name() === argv[2]);
  if (!command) return undefined;
  const args = argv.slice(3);
  for (const [i, token] of args.entries()) {
    const next = args[i + 1];
    if (next === undefined || !next.startsWith("-")) continue;
    const option = command.options.find((o) => o.long === token && o.required);
    if (option) return `error: option '${option.flags}' argument missing (${next} follows it)`;
  }
  return undefined;
}
