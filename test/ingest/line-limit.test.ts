import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMaxLineMb } from "../../src/cli/commands/ingest.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import { readLines } from "../../src/service/ingest/read-lines.js";
import type { Store } from "../../src/service/store/db.js";
import { baseRecords } from "../ingest/_records.js";
import { openTestStore } from "../store/_databases.js";

/** A stream that hands out `text` in small chunks, as a file or a pipe does. */
function chunked(text: string, size = 4096): Readable {
  const buffer = Buffer.from(text, "utf8");
  return Readable.from(
    (function* () {
      for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
    })(),
  );
}

/** A line longer than the limit is refused by its number, without being kept. */
describe("ingest line limit", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore("pglite");
  });
  afterAll(async () => {
    await store.close();
  });

  it("reads lines across chunk borders, CRLF and a multi-byte character split between chunks", async () => {
    const text = "\uFEFFfirst\r\nsecond é€🚀\n\nlast";
    const lines = [];
    for await (const l of readLines(chunked(text, 3))) lines.push(l);
    expect(lines).toEqual([
      // The BOM (3 bytes), "first" (5) and the CR (1) are the line's bytes; the text has neither BOM nor CR.
      { line: 1, text: "first", bytes: 9 },
      { line: 2, text: "second é€🚀", bytes: Buffer.byteLength("second é€🚀") },
      { line: 3, text: "", bytes: 0 },
      { line: 4, text: "last", bytes: 4 },
    ]);
  });

  it("yields a line over the limit without its text, and goes on with the next", async () => {
    const lines = [];
    for await (const l of readLines(chunked(`short\n${"x".repeat(5000)}\nafter\n`), 1000)) lines.push(l);
    expect(lines).toEqual([
      { line: 1, text: "short", bytes: 5 },
      { line: 2, text: null, bytes: 5000 },
      { line: 3, text: "after", bytes: 5 },
    ]);
  });

  it("refuses a 3 MB line by number at the default 1 MB limit and writes the lines around it", async () => {
    const [workspace, project] = baseRecords().map((r) => JSON.stringify(r));
    const huge = JSON.stringify({ type: "project", data: { name: "x".repeat(3 * 1_048_576) } });
    const result = await ingestFile(store, chunked(`${workspace}\n${huge}\n${project}\n`, 65_536));
    expect(result.lines).toBe(3);
    expect(result.written).toBe(2);
    expect(result.errors).toEqual([
      {
        line: 2,
        reason: `line of ${Buffer.byteLength(huge).toLocaleString("en-US")} bytes is over the 1,048,576-byte limit (raise it with --max-line-mb)`,
      },
    ]);
  });

  it("reads it under a raised limit (then it fails on its own merits, not on its length)", async () => {
    const huge = JSON.stringify({ type: "project", data: { name: "x".repeat(3 * 1_048_576) } });
    const result = await ingestFile(store, chunked(`${huge}\n`), { maxLineBytes: parseMaxLineMb("4") });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.reason).not.toContain("limit");
  });

  it("--max-line-mb takes a positive number of MB", () => {
    expect(parseMaxLineMb("1")).toBe(1_048_576);
    expect(parseMaxLineMb("2.5")).toBe(2_621_440);
    expect(() => parseMaxLineMb("0")).toThrow(
      'invalid --max-line-mb "0": allowed values are a positive number of MB',
    );
    expect(() => parseMaxLineMb("1e3")).toThrow(/--max-line-mb/);
  });
});
