/** A real SMTP server (the `smtp-server` package) on 127.0.0.1, port 0, that records what it receives. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Connections that reached DATA (accepted or not). */
  dataAttempts: number;
  /** Every MAIL FROM seen, even of refused messages. */
  mailFromCount: number;
  /** TCP sessions opened. */
  connections: number;
  /** TCP sessions closed (by either side). */
  closes: number;
  /** Messages whose client went away before the server answered their DATA: not delivered. */
  abandoned: number;
  close(): Promise<void>;
}

/**
 * Starts the server; the first `rejectFirst` messages are refused at end of DATA with `rejectCode`.
 * `hold` runs once a message's DATA has arrived and before the server answers it: the DATA phase
 * stays open until it resolves (a client that dies meanwhile has delivered nothing).
 */
export async function startSmtp(
  options: { rejectFirst?: number; rejectCode?: number; hold?: (dataAttempt: number) => Promise<void> } = {},
): Promise<TestSmtp> {
  const closed = new Set<string>();
  let toReject = options.rejectFirst ?? 0;
  const state: Omit<TestSmtp, "url" | "close"> = {
    received: [],
    dataAttempts: 0,
    mailFromCount: 0,
    connections: 0,
    abandoned: 0,
    closes: 0,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, cb) {
      state.connections++;
      cb();
    },
    onClose(session) {
      closed.add(session.id);
      state.closes++;
    },
    onMailFrom(_address, _session, cb) {
      state.mailFromCount++;
      cb();
    },
    onData(stream, session, cb) {
      const attempt = ++state.dataAttempts;
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        await options.hold?.(attempt);
        if (closed.has(session.id)) {
          state.abandoned++;
          cb(new Error("client gone"));
          return;
        }
        if (toReject > 0) {
          toReject--;
          const err = Object.assign(new Error("Try again later (test)"), {
            responseCode: options.rejectCode ?? 451,
          });
          cb(err);
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        state.received.push({
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
