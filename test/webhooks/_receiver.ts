/**
 * A local webhook receiver on 127.0.0.1 for tests: records every request (raw body and headers),
 * can answer a status of the test's choice, and can go down (connections refused) and come back
 * on the same port.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// The receivers of these tests listen on loopback, which the service refuses as a webhook target
// by default (test/webhooks/targets.test.ts checks that refusal with an explicit policy).
process.env.VREPORT_WEBHOOKS_ALLOW_PRIVATE = "1";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export class Receiver {
  readonly received: Received[] = [];
  /** Status for the next requests, consumed front to back; then `defaultStatus`. */
  statuses: number[] = [];
  defaultStatus = 200;
  /** Delay before answering, in ms. */
  delayMs = 0;
  private server: Server | undefined;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** Starts listening (on the previous port when restarting). */
  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const status = this.statuses.shift() ?? this.defaultStatus;
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status });
        setTimeout(() => res.writeHead(status, { "content-type": "text/plain" }).end("ok"), this.delayMs);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: further connections are refused. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Requests answered 2xx. */
  get accepted(): Received[] {
    return this.received.filter((r) => r.status >= 200 && r.status < 300);
  }
}
