import { closeSmtpPools } from "../email/smtp-pool.js";
import { closeLoadedBackends, loadBackend, type OutputFormat } from "../render/backends/registry.js";
import { closeChartThreads } from "../render/charts/threads.js";

/**
 * Runs `work` over a service connection with the backends of `formats` loaded, then lets both go:
 * the one lifecycle of every command that writes reports (`generate`, the worker, the MCP server;
 * a worker learns its formats per job and loads them as they come).
 *
 * The backends load while the service connects (PGlite's start mostly waits for its WebAssembly
 * to compile off the main thread) and warm up while `work` fetches the data (Chromium launches).
 * At the end they close side by side, with the chart-drawing threads and the pooled SMTP
 * connections `work` may have started (render/charts/threads.ts, email/smtp-pool.ts): Chromium's
 * shutdown takes a moment that the database's need not wait for. Whatever fails, and wherever,
 * nothing is left running.
 */
export async function withReportSession<S extends { close(): Promise<void> }, T>(
  connecting: Promise<S>,
  formats: readonly OutputFormat[],
  work: (service: S) => Promise<T>,
): Promise<T> {
  connecting.catch(() => {}); // awaited below; not an unhandled rejection while the backends load
  let service: S | undefined;
  try {
    const backends = await Promise.all(formats.map((format) => loadBackend(format)));
    for (const backend of backends) backend.warmUp?.();
    service = await connecting;
    return await work(service);
  } finally {
    // A connection that `work` never got (a backend failed to load first) is closed once it opens.
    const closing = service
      ? service.close()
      : connecting.then(
          (s) => s.close(),
          () => {},
        );
    closeSmtpPools();
    await Promise.all([closeLoadedBackends(), closeChartThreads(), closing]);
  }
}
