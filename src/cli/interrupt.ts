/**
 * SIGTERM and SIGINT (Ctrl-C) for the commands that run to an end (docs/decisions.md,
 * "Stopping"): a command that has work to undo (staged files, a browser) takes the run's
 * `interruptSignal()` and stops on its abort, removing what it staged; the CLI then exits 143
 * (SIGTERM) or 130 (SIGINT), as a shell reports a process the signal ended. A command that takes
 * no signal has nothing to undo and exits at once with the same code. Commands that run until
 * stopped (`serve`, `worker`, `preview`, `deliver`) install their own handlers and keep them.
 */
import { VreportError } from "../contract/index.js";

/** The signals a run stops on, with the exit code each gives (128 + the signal's number). */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof EXIT_CODES;

/** How long a stopping command may take to clean up before the process exits anyway. */
const GRACE_MS = 5000;

/** Why a run stopped: the signal that asked, and the exit code it gives. */
export class InterruptedError extends VreportError {
  readonly exitCode: number;
  constructor(readonly signal: StopSignal) {
    super(`stopped by ${signal}: nothing further written`);
    this.exitCode = EXIT_CODES[signal];
  }
}

const controller = new AbortController();
let observed = false;

/** The run's stop signal: the caller promises to stop on its abort and undo what it staged. */
export function interruptSignal(): AbortSignal {
  observed = true;
  return controller.signal;
}

/** The reason the run was stopped, if it was. */
export function interrupted(): InterruptedError | undefined {
  return controller.signal.aborted ? (controller.signal.reason as InterruptedError) : undefined;
}

/**
 * Installs the handlers for the process's command (cli/index.ts, once). A run that stops on its
 * own prints its stop line where it ends; a run cut short here (a second signal, or cleanup past
 * the grace period, as under heavy load) prints it before exiting, with what may be left.
 */
export function watchInterrupts(
  exit: (code: number) => void = (code) => process.exit(code),
  say: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): void {
  for (const signal of Object.keys(EXIT_CODES) as StopSignal[]) {
    process.on(signal, () => {
      // Another listener: the command handles its own stop (serve drains, worker finishes jobs).
      if (process.listenerCount(signal) > 1) return;
      const code = EXIT_CODES[signal];
      // A command with nothing to undo: now, as a shell's Ctrl-C would.
      if (!observed) return exit(code);
      const cutShort = (why: string) => {
        say(`vreport: ${(controller.signal.reason as InterruptedError).message}`);
        say(`vreport: ${why}; the next run into the output folder removes what this one staged`);
        exit(code);
      };
      if (controller.signal.aborted) return cutShort(`stopped again by ${signal} before cleanup finished`);
      controller.abort(new InterruptedError(signal));
      setTimeout(() => cutShort(`cleanup took over ${GRACE_MS / 1000} s`), GRACE_MS).unref();
    });
  }
}
