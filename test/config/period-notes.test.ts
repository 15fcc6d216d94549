/** Notes belong to a period (docs/notes.md): which file a report reads, and what it does with another period's. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { notesForReport, parseNotesFile } from "../../src/config/period-notes.js";
import { tempDir } from "../_tmp.js";

const JUNE = { project: "acme", period: "2026-06" };

describe("notes of a period", () => {
  const dir = tempDir("period-notes");
  beforeAll(async () => {
    await writeFile(join(dir, "acme-2026-10.md"), "## trend\n\nOctober.\n");
    await writeFile(join(dir, "october.md"), "<!-- period: 2026-10 -->\n\n## trend\n\nOctober.\n");
    await writeFile(join(dir, "undated.md"), "## trend\n\nSome month.\n");
  });

  it("a pattern reads its own period's file; none written is no notes, not an error", async () => {
    const pattern = { path: join(dir, "{project}-{period}.md"), explicit: false };
    expect(await notesForReport(pattern, JUNE)).toEqual({});
    expect(await notesForReport(pattern, { project: "acme", period: "2026-10" })).toEqual({
      notes: { trend: "October." },
      file: join(dir, "acme-2026-10.md"),
    });
  });

  it("a fixed file is read only by the period its first line names", async () => {
    const october = join(dir, "october.md");
    expect(await notesForReport({ path: october, explicit: false }, { ...JUNE, period: "2026-10" })).toEqual({
      notes: { trend: "October." },
      file: october,
    });
    expect(await notesForReport({ path: october, explicit: false }, JUNE)).toEqual({
      file: october,
      warning: `notes file ${october} is for 2026-10, not for this report's period 2026-06: not printed`,
    });
    await expect(notesForReport({ path: october, explicit: true }, JUNE)).rejects.toMatchObject({
      code: "OTHER_PERIOD",
    });
  });

  it("a fixed file of the config that names no period is not printed; named by --notes it is", async () => {
    const undated = join(dir, "undated.md");
    expect((await notesForReport({ path: undated, explicit: false }, JUNE)).warning).toBe(
      `notes file ${undated} names no period: not printed (its first line names it: <!-- period: 2026-06 -->)`,
    );
    expect((await notesForReport({ path: undated, explicit: true }, JUNE)).notes).toEqual({
      trend: "Some month.",
    });
  });

  it("the period line is not a note, and errors keep the file's own line numbers", () => {
    expect(parseNotesFile("<!-- period: 2026-06 -->\n## trend\nUp.\n", "f.md")).toEqual({
      file: "f.md",
      period: "2026-06",
      notes: { trend: "Up." },
    });
    expect(() => parseNotesFile("<!-- period: 2026-06 -->\n## cover\n", "f.md")).toThrow(
      "notes file f.md, line 2:",
    );
  });
});
