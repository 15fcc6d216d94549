import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { statsWithoutInterval } from "../fixtures/rate-stats.js";

/** One request as the server saw it. */
export interface SeenRequest {
  /** 0-based arrival index. */
  n: number;
  /** `performance.now()` at arrival: timestamps prove backoff, not the test's wall time. */
  at: number;
  url: string;
  headers: IncomingMessage["headers"];
}

/** Decides what request `n` gets: answer, hang, cut the socket… */
export type FaultHandler = (req: IncomingMessage, res: ServerResponse, n: number) => unknown;

export interface FaultServer {
  /** `http://127.0.0.1:<port>` (the origin; clients add the prefix themselves). */
  url: string;
  requests: SeenRequest[];
  /** Most requests open at the same time so far. */
  maxInFlight: number;
  close(): Promise<void>;
}

/** Starts a local HTTP server on a free port whose every answer the test scripts. */
export async function startFaultServer(handler: FaultHandler): Promise<FaultServer> {
  let inFlight = 0;
  const state: FaultServer = { url: "", requests: [], maxInFlight: 0, close: async () => {} };
  const server = createServer((req, res) => {
    const n = state.requests.length;
    state.requests.push({ n, at: performance.now(), url: req.url ?? "", headers: req.headers });
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    let done = false;
    const finish = () => {
      if (!done) inFlight--;
      done = true;
    };
    res.on("close", finish);
    void Promise.resolve(handler(req, res, n)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      // Hung responses would keep `close` waiting forever.
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** Sends a JSON body (string bodies go out verbatim, e.g. truncated JSON). */
export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Waits, then answers: keeps a request in flight for a while. */
export function later(ms: number, fn: () => void): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      fn();
      resolve();
    }, ms),
  );
}

/** Interval statistics of a rate (docs/metrics.md, Intervals and significance); the bounds are nullable. */
const STATS = statsWithoutInterval({
  answers: 100,
  prompts: 10,
  previous_answers: 100,
  previous_prompts: 10,
});

/** A valid overview `data` (the fixture most fault tests answer with). */
export const OVERVIEW = {
  range: "30d",
  mention_rate: { current: 0.4, previous: 0.3, delta: 0.1, stats: STATS },
  citation_rate: { current: 0.2, previous: 0.2, delta: 0, stats: STATS },
  share_of_voice: { current: 0.5, previous: 0.25, delta: 0.25, stats: STATS },
  trend_series: { mention: [{ date: "2025-01-01", value: 0.4 }], citation: [] },
};

/** The overview success envelope. */
export const OVERVIEW_OK = { code: 2460, messages: "ok", data: OVERVIEW };
