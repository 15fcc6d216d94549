#!/usr/bin/env node
/**
 * A local SMTP sink to try the monthly cycle without sending real mail (README, "The monthly
 * cycle, step by step"): listens on 127.0.0.1 (default port 2525), writes each message it accepts
 * to `<dir>/<n>-<first recipient>.eml` (default ./output/mail) and prints one line per message.
 *
 *   node scripts/smtp-sink.mjs [--port 2525] [--dir output/mail]
 *   vreport … --smtp-url smtp://127.0.0.1:2525
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";

const { values } = parseArgs({
  options: { port: { type: "string", default: "2525" }, dir: { type: "string", default: "output/mail" } },
});
const dir = resolve(values.dir);
mkdirSync(dir, { recursive: true });
let count = 0;

/**
 * The Subject header as a person reads it: its folded lines joined and its RFC 2047 encoded words
 * (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`, how mailers write non-ASCII) decoded.
 */
function subjectOf(raw) {
  const head = raw.toString("latin1").split(/\r?\n\r?\n/, 1)[0] ?? "";
  const folded = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? "";
  return folded
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/\?=\s+=\?/g, "?==?") // whitespace between encoded words is not part of the text
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset, enc, text) => {
      const bytes =
        enc.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : Buffer.from(
              text
                .replace(/_/g, " ")
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, h) => String.fromCharCode(Number.parseInt(h, 16))),
              "latin1",
            );
      return new TextDecoder(charset).decode(bytes);
    })
    .trim();
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 50 * 1024 * 1024,
  onData(stream, session, done) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks);
      const to = session.envelope.rcptTo.map((r) => r.address);
      const subject = subjectOf(raw);
      count++;
      const file = join(
        dir,
        `${String(count).padStart(3, "0")}-${(to[0] ?? "unknown").replace(/[^\w.@-]/g, "_")}.eml`,
      );
      writeFileSync(file, raw);
      console.log(`received ${count}: to ${to.join(", ")}: ${subject} (${raw.length} bytes) → ${file}`);
      done();
    });
  },
});

server.listen(Number(values.port), "127.0.0.1", () => {
  console.log(`smtp sink on smtp://127.0.0.1:${values.port}, writing messages to ${dir} (Ctrl-C stops it)`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
