/**
 * A redis-server of a test's own on a free loopback port, which the test may restart while a job
 * runs. It keeps its data across the restart the way a production Redis does (an append-only file
 * synced on every write, in a temporary directory; no RDB snapshots), so a restart loses no job.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface PrivateRedis {
  url: string;
  /** Stops the server (SIGTERM: it syncs its append-only file) and starts it again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  return typeof address === "object" && address ? address.port : 0;
}

function start(port: number, dir: string): Promise<ChildProcess> {
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--dir", dir];
  const child = spawn("redis-server", [...args, "--appendonly", "yes", "--appendfsync", "always"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (b: Buffer) => {
      out += b.toString("utf8");
      if (/Ready to accept connections/.test(out)) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${out}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** Starts a private redis-server; `close` stops it and removes its files. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), "vreport-redis-"));
  const port = await freePort();
  let child = await start(port, dir);
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      await stop(child);
      child = await start(port, dir);
    },
    async close() {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
