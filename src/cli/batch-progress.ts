import { humanMs } from "../format/human.js";
import { countOf } from "../format/plural.js";
import type { BatchEvent } from "../jobs/batch.js";
import { type Io, inline, terminalSafe } from "./io.js";

const BAR_WIDTH = 24;
const CLEAR_LINE = "\r\x1b[2K";

/** A batch progress display: `onProgress` for `runBatch`, `finish` to clear the bar. */
export interface BatchProgress {
  onProgress(event: BatchEvent): void;
  finish(): void;
}

/** The bar line: `[██████░░░░░░] 3/10  rendering Acme, Beta`. */
export function progressBar(done: number, total: number, running: readonly string[]): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  const bar = "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled);
  const now = running.length > 0 ? `  rendering ${running.map(inline).join(", ")}` : "";
  return `[${bar}] ${done}/${total}${now}`;
}

/**
 * On a terminal a bar redrawn in place on stderr naming the projects being rendered (failures
 * printed above it as they happen); otherwise one plain line per start and finish, for logs.
 * A plain line's `[k/N]` is the project's place in the batch, the same on its start and finish:
 * with reports in parallel the finishes come in any order, and a counter of finished reports
 * would print `[2/2] B: rendering…` and then `[1/2] B: done` for one project.
 */
export function createBatchProgress(
  io: Io,
  write: (s: string) => void = (s) => process.stderr.write(s),
): BatchProgress {
  let drawn = false;
  return {
    onProgress(event) {
      const names = event.running.map((p) => p.name);
      if (!io.tty) {
        if (event.type === "start")
          io.err(`[${event.index + 1}/${event.total}] ${inline(event.project.name)}: rendering…`);
        else {
          const r = event.result;
          const files = countOf(r.files.length, "file");
          const mailed =
            r.emailed.length === 0
              ? ""
              : `, ${r.alreadyEmailed ? "emailed already (not sent again)" : "emailed"} to ${r.emailed.join(", ")}`;
          const how = r.error ? `failed: ${r.error.message}` : `done in ${humanMs(r.ms)} (${files}${mailed})`;
          io.err(`[${event.index + 1}/${event.total}] ${inline(r.project.name)}: ${how}`);
        }
        return;
      }
      if (event.type === "done" && event.result.error) {
        write(
          `${CLEAR_LINE}✗ ${inline(event.result.project.name)}: ${terminalSafe(event.result.error.message)}\n`,
        );
      }
      write(`${CLEAR_LINE}${progressBar(event.done, event.total, names)}`);
      drawn = true;
    },
    finish() {
      if (drawn) write(CLEAR_LINE);
      drawn = false;
    },
  };
}
