import type { Command } from "commander";
import { createDispatcher, type DispatcherOptions } from "../../service/webhooks/index.js";
import { examples } from "../examples.js";
import { processIo } from "../io.js";
import { databaseOption } from "../options.js";
import { withStore } from "../with-store.js";
import { addWebhookFlags, parseWebhookFlags, type WebhookFlags } from "./_webhook-flags.js";

/** Options of `vreport deliver`. */
export interface DeliverOptions {
  once?: boolean;
  database?: string;
  /** Dispatcher tuning for tests and scripts (fetch, timeouts, retry policy). */
  dispatcher?: DispatcherOptions;
  /** Stops the loop (default: SIGINT/SIGTERM). */
  signal?: AbortSignal;
}

/**
 * `vreport deliver [--once]`: runs the webhook dispatcher alone. With --once it drains what is due
 * now and returns the number of attempts; otherwise it runs until the signal (Ctrl-C).
 */
export async function deliverCommand(
  opts: DeliverOptions = {},
  out: (line: string) => void = processIo.out,
): Promise<number> {
  return withStore(opts.database, async (store) => {
    const batchSize = opts.dispatcher?.batchSize ?? 50;
    const dispatcher = createDispatcher(store, opts.dispatcher ?? {});
    try {
      if (opts.once) {
        let total = 0;
        for (let n = batchSize; n >= batchSize; total += n) n = await dispatcher.runOnce();
        out(`vreport: ${total} delivery attempts`);
        return total;
      }
      dispatcher.start();
      out("vreport: delivering webhooks; Ctrl-C to stop");
      await waitForStop(opts.signal);
      await dispatcher.stop();
      return 0;
    } finally {
      await dispatcher.stop();
    }
  });
}

/**
 * Resolves when `signal` aborts or, without one, at the first SIGINT/SIGTERM (then stops listening):
 * how the long-running commands (`deliver`, `serve`) wait for Ctrl-C.
 */
export function waitForStop(signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal) {
      if (signal.aborted) resolve();
      else signal.addEventListener("abort", () => resolve(), { once: true });
      return;
    }
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** Wires `vreport deliver`. */
export function register(program: Command): void {
  const command = program
    .command("deliver")
    .description("Run the webhook dispatcher alone (vreport serve runs it too)")
    .option("--once", "deliver what is due now, then exit")
    .addOption(databaseOption())
    .addHelpText(
      "after",
      examples(
        "vreport deliver --database postgres://vreport@localhost/vreport",
        "vreport deliver --once",
        "vreport deliver --webhook-timeout 5000 --webhook-max-attempts 6",
      ),
    );
  addWebhookFlags(command).action(async (flags: { once?: boolean; database?: string } & WebhookFlags) => {
    await deliverCommand({
      once: flags.once === true,
      dispatcher: parseWebhookFlags(flags),
      ...(flags.database !== undefined ? { database: flags.database } : {}),
    });
  });
}
