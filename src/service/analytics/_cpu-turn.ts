/**
 * Waits for this request's next turn at the CPU. A report's computation is a few long stretches of
 * JavaScript (parsing the aggregates' rows, the intervals over every prompt, the sections); each
 * blocked the event loop for up to 150 ms at PostgreSQL scale 10, and while several reports
 * computed, a cheap request (`/projects`) waited behind all of them. Between two turns the event
 * loop polls for I/O once: turns are handed out one per loop iteration, in the order asked, each
 * scheduled only after the one before it has run, so every waiting request gets a look in
 * (docs/api.md, "Load shedding").
 */
let last: Promise<void> = Promise.resolve();

export function cpuTurn(): Promise<void> {
  const turn = last.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  last = turn;
  return turn;
}
