import type { VreportClient } from "./vreport-client.js";

/**
 * Arguments as a key: the path and query values. A call's options (its abort signal) are not part
 * of what is read, and an empty query reads what no query does.
 */
function keyOf(method: string, args: readonly unknown[]): string {
  const values = args.map((a) => JSON.stringify(a, (name, value) => (name === "signal" ? undefined : value)));
  while (values.length > 0 && (values.at(-1) === undefined || values.at(-1) === "{}")) values.pop();
  return `${method}(${values.join(",")})`;
}

/**
 * `client` for one unit of work (a report job), on which a read asked again with the same
 * arguments is answered by the first request, its failure included: resolving a report's period
 * and fetching its data both read `/workspace`, and a scheduled report's completeness check reads
 * the same report and setup its fetch reads (docs/jobs.md, "Throughput"). Within one job the
 * service's answers are one snapshot; a new job takes a new view. `iterate` streams and is passed
 * through.
 */
export function sharedReads(client: VreportClient): VreportClient {
  const answers = new Map<string, Promise<unknown>>();
  const shared: Record<string, unknown> = {};
  for (const [method, call] of Object.entries(client) as [string, (...args: unknown[]) => unknown][]) {
    shared[method] =
      method === "iterate"
        ? call
        : (...args: unknown[]) => {
            const key = keyOf(method, args);
            let answer = answers.get(key);
            if (!answer) {
              answer = call(...args) as Promise<unknown>;
              answers.set(key, answer);
            }
            return answer;
          };
  }
  // Every method of the client is here with its own signature: only the bodies are shared.
  return shared as unknown as VreportClient;
}
