import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempPathFor, withAtomicOutput, writeFileAtomic } from "../../src/render/write-atomic.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "vreport-atomic-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("writeFileAtomic", () => {
  it("writes the file and leaves no temporary file", async () => {
    const path = join(dir, "report.md");
    await writeFileAtomic(path, "# hello\n");
    expect(await readFile(path, "utf8")).toBe("# hello\n");
    expect(await readdir(dir)).toEqual(["report.md"]);
  });

  it("replaces an existing file whole", async () => {
    const path = join(dir, "report.md");
    await writeFile(path, "old");
    await writeFileAtomic(path, new Uint8Array([110, 101, 119]));
    expect(await readFile(path, "utf8")).toBe("new");
  });

  it("fails cleanly when the directory does not exist", async () => {
    await expect(writeFileAtomic(join(dir, "missing", "report.md"), "x")).rejects.toThrow(/ENOENT/);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("withAtomicOutput", () => {
  it("names the temporary file next to the target, hidden, with pid and a random part", () => {
    const tmp = tempPathFor(join(dir, "report.pdf"));
    expect(tmp.startsWith(join(dir, `.report.pdf.${process.pid}.`))).toBe(true);
    expect(tmp.endsWith(".tmp")).toBe(true);
    expect(tempPathFor(join(dir, "report.pdf"))).not.toBe(tmp);
  });

  it("leaves neither the file nor the temporary file when the writer throws midway", async () => {
    const path = join(dir, "report.pdf");
    const boom = new Error("renderer crashed");
    let seenTmp = "";
    await expect(
      withAtomicOutput(path, async (tmp) => {
        seenTmp = tmp;
        await writeFile(tmp, "half a PDF");
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(seenTmp).not.toBe("");
    expect(await readdir(dir)).toEqual([]);
  });

  it("keeps the previous file intact when a rewrite fails", async () => {
    const path = join(dir, "report.pdf");
    await writeFile(path, "good report");
    await expect(
      withAtomicOutput(path, async (tmp) => {
        await writeFile(tmp, "partial");
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect(await readFile(path, "utf8")).toBe("good report");
    expect(await readdir(dir)).toEqual(["report.pdf"]);
  });

  it("rethrows a writer failure that happened before the temporary file existed", async () => {
    await expect(
      withAtomicOutput(join(dir, "x.xlsx"), async () => {
        throw new TypeError("bad view");
      }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(await readdir(dir)).toEqual([]);
  });

  it("renames the finished temporary file onto the target", async () => {
    const path = join(dir, "report.xlsx");
    await withAtomicOutput(path, (tmp) => writeFile(tmp, "workbook"));
    expect(await readFile(path, "utf8")).toBe("workbook");
    expect(await readdir(dir)).toEqual(["report.xlsx"]);
  });
});
