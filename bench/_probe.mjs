/**
 * The month-end bench's interactive probe, a process of its own (pinned to a core by `taskset`):
 * `node bench/_probe.mjs <base url> <api key> <pause ms>` asks for `/projects`, one request at a
 * time with a pause between, until SIGTERM, then prints one JSON line of the latencies (ms) and
 * the statuses that were not 200.
 */
const [baseUrl, apiKey, pauseArg] = process.argv.slice(2);
const pause = Number(pauseArg ?? 100);
const samples = [];
const failures = {};
let stop = false;
process.on("SIGTERM", () => {
  stop = true;
});
while (!stop) {
  const t = performance.now();
  try {
    const res = await fetch(`${baseUrl}/projects`, { headers: { authorization: `Bearer ${apiKey}` } });
    await res.arrayBuffer();
    if (res.status === 200) samples.push(performance.now() - t);
    else failures[res.status] = (failures[res.status] ?? 0) + 1;
  } catch (error) {
    failures[error.code ?? "error"] = (failures[error.code ?? "error"] ?? 0) + 1;
  }
  await new Promise((r) => setTimeout(r, pause));
}
process.stdout.write(`${JSON.stringify({ samples, failures })}\n`);
