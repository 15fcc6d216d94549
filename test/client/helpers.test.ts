import { describe, expect, it } from "vitest";
import { makeRedactor, redactCause } from "../../src/client/_redact.js";
import { backoffMs, parseRetryAfter, sleep } from "../../src/client/_retry.js";
import { Semaphore } from "../../src/client/_semaphore.js";

describe("Retry-After", () => {
  it("reads delta-seconds and HTTP dates, rejects nonsense", () => {
    const now = Date.parse("2025-06-30T12:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3);
    expect(parseRetryAfter(" 1.5 ", now)).toBe(1.5);
    expect(parseRetryAfter("Mon, 30 Jun 2025 12:00:10 GMT", now)).toBe(10);
    expect(parseRetryAfter("Mon, 30 Jun 2025 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe("backoff", () => {
  it("is full jitter under a doubling, capped ceiling", () => {
    expect(backoffMs(0, 500, 10_000, () => 0.999)).toBe(499);
    expect(backoffMs(3, 500, 10_000, () => 0.5)).toBe(2000);
    expect(backoffMs(10, 500, 10_000, () => 0.999)).toBe(9990);
    expect(backoffMs(2, 500, 10_000, () => 0)).toBe(0);
  });

  it("sleep rejects with the signal's reason on abort", async () => {
    const reason = new Error("cancelled");
    await expect(sleep(10_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});

describe("redaction", () => {
  it("redacts the exact key and any vr_ token; an empty key redacts nothing else", () => {
    expect(makeRedactor("abc-123")("x abc-123 y vr_zz9 z")).toBe("x [REDACTED] y [REDACTED] z");
    expect(makeRedactor("")("plain text")).toBe("plain text");
  });

  it("copies a cause chain without its other properties", () => {
    const inner = Object.assign(new Error("key vr_a1"), {
      code: "ECONNRESET",
      headers: { authorization: "Bearer vr_a1" },
    });
    const copy = redactCause(new TypeError("fetch failed", { cause: inner }), makeRedactor("vr_a1"));
    expect(copy.name).toBe("TypeError");
    expect((copy.cause as Error).message).toBe("key [REDACTED]");
    expect(copy.cause).toMatchObject({ code: "ECONNRESET" });
    expect(copy.cause).not.toHaveProperty("headers");
  });
});

describe("Semaphore", () => {
  it("hands slots over in arrival order and rejects bad limits", async () => {
    const s = new Semaphore(1);
    const order: number[] = [];
    const release = await s.acquire();
    const track = (n: number) => (r: () => void) => {
      order.push(n);
      return r;
    };
    const a = s.acquire().then(track(1));
    const b = s.acquire().then(track(2));
    release();
    (await a)();
    (await b)();
    expect(order).toEqual([1, 2]);
    expect(s.inFlight).toBe(0);
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
