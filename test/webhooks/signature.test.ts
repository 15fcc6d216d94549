import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sign, verifySignature } from "../../src/service/webhooks/index.js";

const SECRET = "whsec_test_secret_0123456789";
const BODY = '{"event":"content.status_updated","is_test":false}';
const T = 1_750_000_000;
const now = T * 1000;

describe("verifySignature", () => {
  it("accepts a valid signature", () => {
    expect(verifySignature(BODY, sign(BODY, SECRET, T), SECRET, { now })).toEqual({ ok: true, timestamp: T });
    expect(verifySignature(Buffer.from(BODY), sign(BODY, SECRET, T), SECRET, { now: new Date(now) }).ok).toBe(
      true,
    );
  });

  it("rejects a tampered body and a wrong secret", () => {
    const header = sign(BODY, SECRET, T);
    expect(verifySignature(`${BODY} `, header, SECRET, { now })).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature(BODY, header, `${SECRET}x`, { now })).toEqual({ ok: false, reason: "mismatch" });
    // The timestamp is signed too: moving it breaks the signature.
    expect(verifySignature(BODY, header.replace(`t=${T}`, `t=${T + 1}`), SECRET, { now })).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("rejects stale and far-future timestamps (replays)", () => {
    const header = sign(BODY, SECRET, T);
    expect(verifySignature(BODY, header, SECRET, { now: now + 301_000 })).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(verifySignature(BODY, header, SECRET, { now: now - 301_000 })).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(verifySignature(BODY, header, SECRET, { now: now + 299_000 }).ok).toBe(true);
    expect(verifySignature(BODY, header, SECRET, { now: now + 20_000, toleranceSeconds: 10 })).toEqual({
      ok: false,
      reason: "stale",
    });
  });

  it("rejects malformed headers", () => {
    const v1 = sign(BODY, SECRET, T).split(",")[1];
    for (const header of [
      undefined,
      null,
      "",
      "garbage",
      `t=${T}`,
      v1,
      `t=abc,${v1}`,
      `t=${T},v1=zz`,
      `t=${T},v1`,
    ]) {
      expect(verifySignature(BODY, header, SECRET, { now })).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("accepts any matching v1 (secret rotation) and ignores unknown schemes", () => {
    const good = sign(BODY, SECRET, T).split(",")[1];
    const other = sign(BODY, "another-secret-value", T).split(",")[1];
    expect(verifySignature(BODY, `t=${T},${other},v0=abc,${good}`, SECRET, { now }).ok).toBe(true);
  });

  it("round-trips any body and secret", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (body, secret) => {
        expect(verifySignature(body, sign(body, secret, T), secret, { now }).ok).toBe(true);
      }),
    );
  });
});
