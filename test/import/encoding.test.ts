/**
 * What an import reads: text in the file's encoding, strictly (a byte sequence the encoding does
 * not allow fails the import naming its row and column, never becomes U+FFFD), and only regular
 * files (a named pipe is refused at once instead of blocking the import for ever).
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importCommand } from "../../src/cli/commands/import.js";
import { type Encoding, ImportError, importCsv } from "../../src/service/import/index.js";
import type { Store } from "../../src/service/store/db.js";
import { tempDir } from "../_tmp.js";
import { lines } from "../cli/_lines.js";
import { openTestStore } from "../store/_databases.js";
import { exampleSetup } from "./_csv.js";

const HEADER = "prompt,platform,answered_at,answer,mentions,citations";
/** Row 3's answer holds "Café", whose "é" each test spells in its own encoding. */
const text = (e: string) =>
  `${HEADER}\nBest CRM?,chatgpt,2025-03-01,Acme.,Acme,\nBest caf${e}?,chatgpt,2025-03-02,Caf${e} Acme.,Acme,\n`;

describe("import encodings", () => {
  const dir = tempDir("encoding");

  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  /** The stored answers' texts after importing `path` (into `store`: the same two answers each time). */
  async function stored(store: Store, path: string, encoding?: Encoding): Promise<string[]> {
    await store.db.deleteFrom("answers").execute();
    const result = await importCsv(store, path, exampleSetup(), encoding ? { read: { encoding } } : {});
    expect(result).toMatchObject({ rows: 2, skipped: 0 });
    const rows = await store.db.selectFrom("answers").select("text").orderBy("text").execute();
    return rows.map((r) => r.text);
  }

  it("fails on a Windows-1252 byte in a UTF-8 import, naming the row and the column", async () => {
    const path = file("cp1252.csv", Buffer.from(text("\xe9"), "latin1"));
    const store = await openTestStore("pglite");
    try {
      const failure = await importCsv(store, path, exampleSetup()).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ImportError);
      expect((failure as ImportError).code).toBe("BAD_ENCODING");
      // Row 3's prompt is the first cell with the byte: the import stops there, and writes nothing.
      expect((failure as Error).message).toBe(
        `${path}: row 3, column prompt: not UTF-8 text (saved by an older tool? pass --encoding windows-1252, latin1 or utf-16)`,
      );
      expect(await store.db.selectFrom("answers").select("id").execute()).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("reads Windows-1252, Latin-1 and UTF-16 (either byte order, with a byte order mark) when told", async () => {
    const expected = ["Acme.", "Café Acme."];
    const store = await openTestStore("pglite");
    try {
      const utf8 = file("utf8.csv", Buffer.from(`\ufeff${text("é")}`, "utf8"));
      expect(await stored(store, utf8)).toEqual(expected);
      const cp1252 = file("cp1252.csv", Buffer.from(text("\xe9"), "latin1"));
      expect(await stored(store, cp1252, "windows-1252")).toEqual(expected);
      expect(await stored(store, cp1252, "latin1")).toEqual(expected);
      const le = Buffer.from(`\ufeff${text("é")}`, "utf16le");
      expect(await stored(store, file("utf16le.csv", le), "utf-16")).toEqual(expected);
      const bare = file("utf16le-nobom.csv", Buffer.from(text("é"), "utf16le"));
      expect(await stored(store, bare, "utf-16le")).toEqual(expected);
      expect(await stored(store, file("utf16be.csv", Buffer.from(le).swap16()), "utf-16")).toEqual(expected);
    } finally {
      await store.close();
    }
  }, 60_000);

  it("vreport import --encoding: a name it does not know is a usage error listing the names", async () => {
    const out = lines();
    const path = file("ok.csv", Buffer.from(text("é"), "utf8"));
    await expect(
      importCommand(
        path,
        { project: "Acme", brand: "Acme", domains: "acme.example", encoding: "ebcdic" },
        out.io,
      ),
    ).rejects.toThrow(
      'invalid --encoding "ebcdic": allowed values are utf-8, windows-1252, latin1, utf-16, utf-16le, utf-16be',
    );
  });

  it("refuses a named pipe at once, as a path and through the command (it used to wait for a writer for ever)", async () => {
    const fifo = join(dir, "export.csv");
    execFileSync("mkfifo", [fifo]);
    const store = await openTestStore("pglite");
    try {
      const started = Date.now();
      await expect(importCsv(store, fifo, exampleSetup())).rejects.toThrow(
        `cannot read ${fifo}: not a regular file (a named pipe); save the data to a file first`,
      );
      await expect(
        importCommand(fifo, { project: "Acme", brand: "Acme", domains: "acme.example" }, lines().io),
      ).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining("not a regular file") });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await store.close();
    }
  });
});
