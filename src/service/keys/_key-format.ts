import { createHash, randomBytes } from "node:crypto";

/** Every key starts with this, so leaked keys are recognisable by secret scanners and in logs. */
export const KEY_PREFIX = "vr_";
/** `vr_` + 32 random bytes in base64url (43 characters). */
const KEY_PATTERN = /^vr_[A-Za-z0-9_-]{43}$/;
/** Characters of the key kept for display (`vr_` + 5): enough to tell keys apart, useless to an attacker. */
export const DISPLAY_PREFIX_LENGTH = 8;

/** A fresh random key. */
export function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** SHA-256 hex of a key: the only form the store keeps. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Whether a presented string could be one of our keys (saves a database round trip on garbage). */
export function looksLikeKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
