import type { Command } from "commander";
import { register as deliver } from "./deliver.js";
import { register as enqueue } from "./enqueue.js";
import { register as generate } from "./generate.js";
import { register as ingest } from "./ingest.js";
import { register as keys } from "./keys.js";
import { register as projects } from "./projects.js";
import { register as schedule } from "./schedule.js";
import { register as seed } from "./seed.js";
import { register as serve } from "./serve.js";
import { register as webhooks } from "./webhooks.js";
import { register as worker } from "./worker.js";

/** Each CLI command file exports `register(program)`; this list is the CLI's command table, in help order. */
export const COMMANDS: ((program: Command) => void)[] = [
  generate,
  serve,
  seed,
  keys,
  projects,
  ingest,
  webhooks,
  deliver,
  worker,
  enqueue,
  schedule,
];
