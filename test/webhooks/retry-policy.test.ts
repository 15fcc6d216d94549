import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, retryDelayMs } from "../../src/service/webhooks/index.js";
import { nextAttemptAt } from "../../src/service/webhooks/retry-policy.js";

describe("retry policy", () => {
  const policy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 5000, horizonMs: 60_000 };

  it("backs off exponentially with jitter between half and the full step, capped", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy, () => 0))).toEqual([
      500, 1000, 2000, 2500, 2500,
    ]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy, () => 1))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it("dead-letters after maxAttempts or past the horizon", () => {
    const created = new Date(0);
    expect(nextAttemptAt(4, created, new Date(1000), policy, () => 0)).toEqual(new Date(1000 + 2500));
    expect(nextAttemptAt(5, created, new Date(1000), policy, () => 0)).toBeUndefined();
    expect(nextAttemptAt(1, created, new Date(59_800), policy, () => 0)).toBeUndefined();
  });

  it("defaults to about a day of retries", () => {
    expect(DEFAULT_RETRY_POLICY.horizonMs).toBe(24 * 3600_000);
  });
});
