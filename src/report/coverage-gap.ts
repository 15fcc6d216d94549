import type { Topic } from "../contract/index.js";

/**
 * How many pages the client is short of the competitor with the most on a topic: the size of a
 * coverage gap. The summary names the gaps and the content map lists them largest first, so
 * "Email performance" (1 page against 4) comes before "CRM integration" (3 against 4).
 */
export function coverageShortfall(t: Topic): number {
  return Math.max(0, ...t.competitors.map((c) => c.total)) - t.you.total;
}

/** Coverage gaps largest first; equal ones in the service's order. */
export function byShortfall(a: Topic, b: Topic): number {
  return coverageShortfall(b) - coverageShortfall(a);
}
