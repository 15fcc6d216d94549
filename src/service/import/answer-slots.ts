/**
 * Gives each answer row its id from its natural key (docs/import.md, "Ids"), remembering what
 * earlier rows of the file took: a date-time names one answer, so a second row with the same
 * prompt, platform and instant is a duplicate; a date alone names a day, so the rows of one
 * prompt, platform and day are numbered in file order (the first is #1, the next #2, …).
 */
import { dayInstant } from "./answered-at.js";
import { FingerprintTable } from "./fingerprints.js";
import { answerId, derivedId } from "./ids.js";
import type { ParsedRow } from "./parse-row.js";

/** The answer's id and the instant it is stored at, or the earlier row it repeats. */
export type Slot = { ok: true; id: string; collectedAt: Date } | { ok: false; firstRow: number };

/** Per-file memory of the answers given ids so far: one fingerprint per row (fingerprints.ts). */
export class AnswerSlots {
  private readonly table = new FingerprintTable();

  constructor(private readonly timezone: string) {}

  /** Takes the slot of `row` (row number `rowNumber`), or reports the row that already took it. */
  take(row: ParsedRow, rowNumber: number): Slot {
    const { answeredAt } = row;
    if (answeredAt.kind === "instant") {
      const id = answerId(row.promptId, row.platform, answeredAt.at.toISOString());
      const first = this.table.get(id);
      if (first !== undefined) return { ok: false, firstRow: first };
      this.table.set(id, rowNumber);
      return { ok: true, id, collectedAt: answeredAt.at };
    }
    const day = derivedId("day", row.promptId, row.platform, answeredAt.day);
    const order = (this.table.get(day) ?? 0) + 1;
    this.table.set(day, order);
    return {
      ok: true,
      id: answerId(row.promptId, row.platform, `${answeredAt.day}#${order}`),
      collectedAt: dayInstant(this.timezone, answeredAt.day, order),
    };
  }
}
