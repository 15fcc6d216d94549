import { describe, expect, it } from "vitest";
import { dayInstant, parseAnsweredAt } from "../../src/service/import/answered-at.js";
import { FingerprintTable } from "../../src/service/import/fingerprints.js";
import { derivedId } from "../../src/service/import/ids.js";

const at = (cell: string, tz = "Europe/Berlin") => {
  const parsed = parseAnsweredAt(cell, tz);
  return parsed?.kind === "instant" ? parsed.at.toISOString() : parsed;
};

describe("answered_at", () => {
  it("reads instants with Z or an offset, and local date-times in the workspace's zone", () => {
    expect(at("2025-03-01T09:30:00Z")).toBe("2025-03-01T09:30:00.000Z");
    expect(at("2025-03-01 10:30:00+01:00")).toBe("2025-03-01T09:30:00.000Z");
    expect(at("2025-03-01T10:30+0100")).toBe("2025-03-01T09:30:00.000Z");
    expect(at("2025-03-01T09:30:00.250z")).toBe("2025-03-01T09:30:00.250Z");
    // Berlin is UTC+1 in March before the switch, UTC+2 in July.
    expect(at("2025-03-01 10:30")).toBe("2025-03-01T09:30:00.000Z");
    expect(at("2025-07-01 10:30:15")).toBe("2025-07-01T08:30:15.000Z");
  });

  it("reads a date alone as a day, stored at noon in the zone plus one second per earlier answer", () => {
    expect(parseAnsweredAt("2025-03-01", "Europe/Berlin")).toEqual({ kind: "day", day: "2025-03-01" });
    expect(dayInstant("Europe/Berlin", "2025-03-01", 1).toISOString()).toBe("2025-03-01T11:00:00.000Z");
    expect(dayInstant("Europe/Berlin", "2025-03-01", 3).toISOString()).toBe("2025-03-01T11:00:02.000Z");
  });

  it("refuses what is no date", () => {
    for (const cell of ["2025-02-30", "01/03/2025", "2025-03-01T25:00:00Z", "yesterday", ""])
      expect(parseAnsweredAt(cell, "UTC")).toBeUndefined();
  });
});

describe("fingerprint table", () => {
  it("keeps a number per id through growth", () => {
    const table = new FingerprintTable();
    const ids = Array.from({ length: 5000 }, (_, i) => derivedId("test", String(i)));
    for (const [i, id] of ids.entries()) table.set(id, i);
    table.set(ids[7] as string, 70);
    expect(table.size).toBe(5000);
    expect(table.get(ids[0] as string)).toBe(0);
    expect(table.get(ids[7] as string)).toBe(70);
    expect(table.get(ids[4999] as string)).toBe(4999);
    expect(table.get(derivedId("test", "5000"))).toBeUndefined();
  });
});
