import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface TestProxy {
  /** The proxy's URL with the target's path (`http://127.0.0.1:<port>/api/v1`). */
  url: string;
  close(): Promise<void>;
}

/**
 * A loopback HTTP proxy to `target` on a free port, so tests make real requests fail or wait on
 * real sockets: `intercept` answers a request itself (returns true) or lets it through (false);
 * it may also return a promise (a delay) before the request goes on.
 */
export async function startProxy(
  target: URL,
  intercept: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean> = () => false,
): Promise<TestProxy> {
  const server = createServer((req, res) => {
    void Promise.resolve(intercept(req, res)).then((handled) => {
      if (handled) return;
      const upstream = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
