/**
 * A local SMTP sink (the `smtp-server` package) on 127.0.0.1, port 0: counts each message by its
 * recipients and size, keeping no body, and says when the last expected one has arrived.
 */
import { SMTPServer } from "smtp-server";

export async function startSink() {
  const received = [];
  let waiter = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, cb) {
      let bytes = 0;
      stream.on("data", (c) => {
        bytes += c.length;
      });
      stream.on("end", () => {
        received.push({ at: performance.now(), to: session.envelope.rcptTo.map((r) => r.address), bytes });
        if (waiter && received.length >= waiter.count) waiter.resolve();
        cb();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` messages have arrived in all (rejects after `timeoutMs`). */
    waitFor(count, timeoutMs) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} emails after ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            waiter = null;
            resolve();
          },
        };
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
