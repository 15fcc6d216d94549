/**
 * Determinism for the demo workspace: a seeded PRNG and name-based UUIDs. Nothing in the seed may
 * read the clock or Math.random, so the same arguments always give byte-identical data.
 */
import { createHash } from "node:crypto";

/** A seeded random source with the few draws the seed needs. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: tiny, fast, and good enough for synthetic data. */
function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}

/** A PRNG seeded from a label, so each part of the seed has its own independent stream. */
export function rngFor(label: string): Rng {
  return mulberry32(createHash("sha256").update(label).digest().readUInt32BE(0));
}

const NAMESPACE = "vreport-demo-seed";

/** The 16 name-based bytes of a label (SHA-1 of namespace and label, truncated). */
export function uuidBytes(label: string): Buffer {
  return createHash("sha1").update(NAMESPACE).update("\0").update(label).digest().subarray(0, 16);
}

function format(bytes: Buffer): string {
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A UUIDv5-style id derived from a label: stable across runs and databases. */
export function uuidFor(label: string): string {
  return format(uuidBytes(label));
}

/**
 * Ids of the many answers of one prompt without one SHA-1 each: the prompt's name-based bytes with
 * the last four XOR-ed with (day number, platform index). Distinct (day, platform) pairs give distinct
 * ids, and different prompts differ in the other 12 hash bytes.
 */
export function derivedUuid(base: Buffer, dayNumber: number, platformIndex: number): string {
  const bytes = Buffer.from(base);
  bytes.writeUInt32BE(
    (bytes.readUInt32BE(12) ^ (((dayNumber & 0xffffff) << 8) | (platformIndex & 0xff))) >>> 0,
    12,
  );
  return format(bytes);
}
