import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { NotesError, parseNotes } from "../../src/config/notes-file.js";
import { loadNotesFile } from "../../src/config/period-notes.js";
import { SECTION_KEYS } from "../../src/config/section-keys.js";
import { tempDir } from "../_tmp.js";

const FILE = "/reports/notes.md";
// The errors list the keys in report order: the one list of them (a new section joins it there).
const KEYS = SECTION_KEYS.join(", ");

/** The NotesError `text` raises, as code and message. */
function failure(text: string): { code: string; message: string } {
  try {
    parseNotes(text, FILE);
  } catch (err) {
    if (err instanceof NotesError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("expected the notes to be refused");
}

describe("notes file (docs/notes.md)", () => {
  it("reads one note per ## heading, blank lines around it dropped, in any order", () => {
    const text = [
      "",
      "## competitors",
      "",
      "- Lumora rose.",
      "- We answer in November.",
      "",
      "## executive_summary",
      "October was *good*.",
      "",
      "```",
      "## not a heading",
      "```",
      "",
      "## trend",
      "",
      "## methodology",
      "    indented code stays code",
      "",
    ].join("\r\n");
    expect(parseNotes(text, FILE)).toEqual({
      competitors: "- Lumora rose.\n- We answer in November.",
      executive_summary: "October was *good*.\n\n```\n## not a heading\n```",
      // An empty note leaves the section without one.
      methodology: "    indented code stays code",
    });
  });

  it("takes a byte-order mark and an empty file", () => {
    expect(parseNotes("\uFEFF## trend\nUp.\n", FILE)).toEqual({ trend: "Up." });
    expect(parseNotes("", FILE)).toEqual({});
  });

  it.each([
    [
      "Intro line\n\n## trend\nUp.",
      "TEXT_BEFORE_HEADING",
      `notes file ${FILE}, line 1: text before the first ## heading; each note opens with ## <section key> (valid keys are ${KEYS})`,
    ],
    [
      "\n\nstray text",
      "TEXT_BEFORE_HEADING",
      `notes file ${FILE}, line 3: text before the first ## heading; each note opens with ## <section key> (valid keys are ${KEYS})`,
    ],
    [
      "## trend\nUp.\n##\nMore.",
      "EMPTY_HEADING",
      `notes file ${FILE}, line 3: an empty ## heading: name a section (valid keys are ${KEYS})`,
    ],
    [
      "## trend\nUp.\n\n## cover\nNice cover.",
      "UNKNOWN_SECTION",
      `notes file ${FILE}, line 4: unknown section "cover": valid keys are ${KEYS}`,
    ],
    [
      "## Executive Summary\nHi.",
      "UNKNOWN_SECTION",
      `notes file ${FILE}, line 1: unknown section "Executive Summary": valid keys are ${KEYS}`,
    ],
    [
      "## trend\nUp.\n\n## trend\nAgain.",
      "DUPLICATE_SECTION",
      `notes file ${FILE}, line 4: section "trend" has a note already (line 1)`,
    ],
    [
      "## trend\nUp.\n# October",
      "TITLE_HEADING",
      `notes file ${FILE}, line 3: a # heading; each note opens with ## <section key>, and headings inside a note are ### or deeper`,
    ],
  ])("refuses %j", (text, code, message) => {
    expect(failure(text)).toEqual({ code, message });
  });

  describe("on disk", () => {
    const dir = tempDir("notes-file");

    it("a missing file is an error naming it", async () => {
      const missing = join(dir, "nope.md");
      await expect(loadNotesFile(missing)).rejects.toMatchObject({
        code: "UNREADABLE",
        message: `cannot read notes file ${missing}: no such file`,
      });
    });

    it("the config file's notes path is relative to the config file", async () => {
      const config = join(dir, "vreport.config.json");
      await writeFile(config, JSON.stringify({ notes: "notes/october.md" }));
      expect((await loadConfig(config)).notesPath).toBe(join(dir, "notes", "october.md"));
      await writeFile(config, JSON.stringify({ notes: "" }));
      await expect(loadConfig(config)).rejects.toThrow(`config file ${config}: notes:`);
    });
  });
});
