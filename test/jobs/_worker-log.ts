/** Reading `vreport worker` child processes' log lines, and waiting for a condition to hold. */
import type { CliProcess } from "./_cli-process.js";

/** Job ids from a worker's log lines `vreport worker <pid>: <event> report <id> …`. */
export const logged = (c: CliProcess, event: string): string[] =>
  c.lines.flatMap((l) => new RegExp(`: ${event} report (\\S+)`).exec(l)?.[1] ?? []);
export const started = (c: CliProcess): string[] => logged(c, "started");
export const completed = (c: CliProcess): string[] => logged(c, "completed");

/** Polls `check` every 100 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
