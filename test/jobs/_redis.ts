/**
 * The real Redis on 127.0.0.1:6379 for the job suites. Each test takes its own key prefix so runs
 * (and parallel test files) never see each other's jobs, and deletes its keys afterwards.
 * Without Redis the suites skip locally; in CI (`CI` set) a missing Redis is a failure.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

export const REDIS_URL = process.env.VREPORT_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function ping(): Promise<boolean> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  r.on("error", () => {});
  try {
    await r.connect();
    return (await r.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/** True when Redis answers; throws in CI when it does not. */
export async function redisAvailable(): Promise<boolean> {
  const up = await ping();
  if (!up && process.env.CI) throw new Error(`CI: no Redis answers at ${REDIS_URL}; the job suites need it`);
  return up;
}

/** A key prefix no other test or run uses. */
export function uniquePrefix(label: string): string {
  return `vreport-test-${label}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** Deletes every key under `prefix`. */
export async function dropPrefix(prefix: string): Promise<void> {
  const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await r.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      if (keys.length > 0) await r.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    r.disconnect();
  }
}
