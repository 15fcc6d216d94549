import { noteParser } from "../format/note-markup.js";
import { InputFileError } from "./_read-input.js";
import { parseAgencyNote } from "./agency-input.js";
import { isSectionKey, SECTION_KEYS, type SectionKey, unknownSectionMessage } from "./section-keys.js";

/**
 * The agency's commentary: the Markdown note of each section that has one (docs/notes.md). Notes
 * are untrusted text; format/note-markup.ts renders them for each format.
 */
export type Notes = Partial<Record<SectionKey, string>>;

/** Why a notes file cannot be used. */
export type NotesErrorCode =
  | "UNREADABLE"
  | "TEXT_BEFORE_HEADING"
  | "EMPTY_HEADING"
  | "UNKNOWN_SECTION"
  | "DUPLICATE_SECTION"
  | "TITLE_HEADING"
  | "AGENCY_INPUT"
  | "OTHER_PERIOD";

/** A notes file that cannot be used: the message names the file, the line and what is wrong. */
export class NotesError extends InputFileError<NotesErrorCode> {}

const VALID = `valid keys are ${SECTION_KEYS.join(", ")}`;

/** A `## <key>` heading at the top level of the file (not inside a list or a quote). */
interface SectionHeading {
  key: string;
  /** 1-based line of the heading. */
  line: number;
  /** 0-based first line of the heading, and the first line after it. */
  start: number;
  bodyStart: number;
}

type Fail = (code: NotesErrorCode, line: number, what: string) => NotesError;

/** The top-level headings of `source`; a `#` heading is an error (one level above every note). */
function headingsOf(source: string, fail: Fail): SectionHeading[] {
  const tokens = noteParser.parse(source, {});
  const out: SectionHeading[] = [];
  tokens.forEach((t, i) => {
    if (t.type !== "heading_open" || t.level !== 0 || !t.map) return;
    const line = t.map[0] + 1;
    if (t.tag === "h1")
      throw fail(
        "TITLE_HEADING",
        line,
        "a # heading; each note opens with ## <section key>, and headings inside a note are ### or deeper",
      );
    if (t.tag !== "h2") return;
    out.push({ key: (tokens[i + 1]?.content ?? "").trim(), line, start: t.map[0], bodyStart: t.map[1] });
  });
  return out;
}

/**
 * Reads a notes file's text: one `## <section key>` heading per note, its Markdown below it up to
 * the next such heading. Text before the first heading, an empty heading, an unknown or repeated
 * key, or a `#` heading is an error naming the file and the line. A heading with nothing under it
 * leaves its section without a note.
 */
export function parseNotes(text: string, file: string): Notes {
  const source = text.replace(/^\uFEFF/, "");
  const lines = source.split(/\r\n?|\n/);
  const fail: Fail = (code, line, what) =>
    new NotesError(code, file, `notes file ${file}, line ${line}: ${what}`);
  const headings = headingsOf(source, fail);
  const before = lines.slice(0, headings[0]?.start ?? lines.length).findIndex((l) => l.trim() !== "");
  if (before !== -1)
    throw fail(
      "TEXT_BEFORE_HEADING",
      before + 1,
      `text before the first ## heading; each note opens with ## <section key> (${VALID})`,
    );
  const notes: Notes = {};
  const seen = new Map<string, number>();
  headings.forEach((h, i) => {
    if (h.key === "") throw fail("EMPTY_HEADING", h.line, `an empty ## heading: name a section (${VALID})`);
    if (!isSectionKey(h.key)) throw fail("UNKNOWN_SECTION", h.line, unknownSectionMessage(h.key));
    const first = seen.get(h.key);
    if (first !== undefined)
      throw fail("DUPLICATE_SECTION", h.line, `section "${h.key}" has a note already (line ${first})`);
    seen.set(h.key, h.line);
    // The agency's page reads its input from this note (docs/agency.md): a malformed one fails here.
    const next = headings[i + 1]?.start ?? lines.length;
    const agency = h.key === "agency" ? parseAgencyNote(lines.slice(h.bodyStart, next).join("\n")) : null;
    if (agency && "problem" in agency)
      throw fail("AGENCY_INPUT", h.bodyStart + agency.problem.line + 1, agency.problem.what);
    const body = lines
      .slice(h.bodyStart, headings[i + 1]?.start ?? lines.length)
      .join("\n")
      // Blank lines around the note go; its first line keeps its indentation (an indented code block).
      .replace(/^(?:[ \t]*\n)+/, "")
      .trimEnd();
    if (body !== "") notes[h.key] = body;
  });
  return notes;
}
