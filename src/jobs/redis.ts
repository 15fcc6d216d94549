import { Redis } from "ioredis";
import { RedisUnreachableError } from "./errors.js";

/** Where workers, `enqueue` and `schedule` find Redis when neither flag nor `REDIS_URL` says. */
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/** The Redis URL from the flag, else `REDIS_URL`, else the local default. */
export function redisUrlFrom(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return flag ?? env.REDIS_URL ?? DEFAULT_REDIS_URL;
}

/**
 * Connects and checks Redis answers before any BullMQ object uses the connection: ioredis would
 * otherwise retry forever and a typo in REDIS_URL would look like a hang.
 * `maxRetriesPerRequest: null` is what BullMQ workers require for their blocking commands.
 */
export async function connectRedis(url: string, timeoutMs = 5_000): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, connectTimeout: timeoutMs });
  // Ignore reconnect noise after the first successful connect; failures surface on commands.
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (err) {
    redis.disconnect();
    throw new RedisUnreachableError(url, err);
  }
}
