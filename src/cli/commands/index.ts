import type { Command } from "commander";

/** Each CLI command file exports `register(program)`; this list is the CLI's command table. */
export const COMMANDS: ((program: Command) => void)[] = [];
