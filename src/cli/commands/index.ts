import type { Command } from "commander";

/** What each CLI command file exports. */
export interface CommandModule {
  register(program: Command): void;
}

/**
 * The CLI's command table, in help order. Each command is imported only when it runs (or for
 * the help), so `generate` does not pay for BullMQ, Redis or SMTP modules it never uses.
 */
export const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  generate: () => import("./generate.js"),
  notes: () => import("./notes.js"),
  preview: () => import("./preview.js"),
  mcp: () => import("./mcp.js"),
  serve: () => import("./serve.js"),
  seed: () => import("./seed.js"),
  keys: () => import("./keys.js"),
  projects: () => import("./projects.js"),
  ingest: () => import("./ingest.js"),
  import: () => import("./import.js"),
  webhooks: () => import("./webhooks.js"),
  deliver: () => import("./deliver.js"),
  worker: () => import("./worker.js"),
  enqueue: () => import("./enqueue.js"),
  schedule: () => import("./schedule.js"),
  review: () => import("./review.js"),
};

/** The command modules `argv` needs: the one it names, or all of them (help, unknown command). */
export async function commandsFor(argv: readonly string[]): Promise<CommandModule[]> {
  const named = argv[2];
  const loaders =
    named !== undefined && Object.hasOwn(COMMANDS, named) ? [COMMANDS[named]!] : Object.values(COMMANDS);
  return Promise.all(loaders.map((load) => load()));
}
