/**
 * A set of 64-bit fingerprints with a number each, in typed arrays: what the importer remembers
 * per answer row (its first row, or how many date-only answers a slot has had) so that memory is
 * 24 to 48 bytes a row whatever the answers' length — a `Map` of string keys costs ~100 (the
 * bounded-memory claim of docs/import.md). Open addressing with linear probing, doubled at half full.
 * Two keys share a fingerprint with probability ~n²/2⁶⁵ (1 in 10⁷ for a million rows).
 */
export class FingerprintTable {
  private hi = new Uint32Array(1024);
  private lo = new Uint32Array(1024);
  /** The value + 1; 0 marks a free slot. */
  private values = new Uint32Array(1024);
  private count = 0;

  /** Entries stored. */
  get size(): number {
    return this.count;
  }

  /** The value stored under the fingerprint of `uuid`, or undefined. */
  get(uuid: string): number | undefined {
    const [h, l] = fingerprint(uuid);
    const v = this.values[this.find(h, l)] ?? 0;
    return v === 0 ? undefined : v - 1;
  }

  /** Stores `value` (a non-negative integer under 2³²-1) under the fingerprint of `uuid`. */
  set(uuid: string, value: number): void {
    const [h, l] = fingerprint(uuid);
    let slot = this.find(h, l);
    if (this.values[slot] === 0) {
      if ((this.count + 1) * 2 > this.values.length) {
        this.grow();
        slot = this.find(h, l);
      }
      this.count++;
      this.hi[slot] = h;
      this.lo[slot] = l;
    }
    this.values[slot] = value + 1;
  }

  /** The slot holding (h, l), or the free slot where it would go. */
  private find(h: number, l: number): number {
    const mask = this.values.length - 1;
    let slot = (l ^ h) & mask;
    while (this.values[slot] !== 0 && (this.hi[slot] !== h || this.lo[slot] !== l)) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { hi, lo, values } = this;
    this.hi = new Uint32Array(values.length * 2);
    this.lo = new Uint32Array(values.length * 2);
    this.values = new Uint32Array(values.length * 2);
    for (let i = 0; i < values.length; i++) {
      if (values[i] === 0) continue;
      const slot = this.find(hi[i] ?? 0, lo[i] ?? 0);
      this.hi[slot] = hi[i] ?? 0;
      this.lo[slot] = lo[i] ?? 0;
      this.values[slot] = values[i] ?? 0;
    }
  }
}

/** 64 bits of a UUID's hash: its first and last 32 (a v5 UUID's version and variant bits lie between). */
function fingerprint(uuid: string): [number, number] {
  const hex = uuid.replace(/-/g, "");
  return [Number.parseInt(hex.slice(0, 8), 16) >>> 0, Number.parseInt(hex.slice(24, 32), 16) >>> 0];
}
