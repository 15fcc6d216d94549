/**
 * The load generator, run as its own process so it never shares a CPU queue with the server it
 * measures: `node bench/_load.mjs '<json options>'` runs autocannon and prints one JSON line.
 */
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const started = performance.now();
const r = await autocannon({
  url: options.url,
  connections: options.connections ?? 50,
  // Either a fixed duration or a fixed number of requests (`amount`), which then ignores duration.
  ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 5 }),
  headers: options.headers ?? {},
  timeout: options.timeout ?? 30,
});
const wallSec = (performance.now() - started) / 1000;
process.stdout.write(
  `${JSON.stringify({
    connections: r.connections,
    mode: options.amount ? `${options.amount} requests` : `${options.duration ?? 5} s`,
    wallSec,
    // Completed requests over the wall time of the run, in both modes.
    requestsPerSec: r.requests.total / wallSec,
    total: r.requests.total,
    ok2xx: r["2xx"],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    latencyP50: r.latency.p50,
    latencyP97_5: r.latency.p97_5,
    latencyP99: r.latency.p99,
    latencyMax: r.latency.max,
    // Answers by HTTP status ({"200": n, "503": m}): a shed request is a non-2xx, not an error.
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    ),
  })}\n`,
);
