import { extname, resolve } from "node:path";
import { CsvError, parse } from "csv-parse/sync";
import { PLATFORMS, type Platform } from "../contract/index.js";
import { InputFileError, readInput } from "./_read-input.js";

/**
 * The agency's change log (docs/changes.md): what it did, and when, so the report can show the
 * rates before and after. Labels are untrusted text, escaped by every backend.
 */
export interface ChangeEntry {
  /** The day it happened, YYYY-MM-DD. */
  date: string;
  label: string;
  /** The platform it was about; absent with `category`, and for a change to everything. */
  platform?: Platform;
  /** The category (its name) it was about. */
  category?: string;
  /** 1-based line of the file the entry is on (the warning of a skipped entry names it). */
  line: number;
}

/** A read change log: its file and its entries in file order. */
export interface ChangeLog {
  file: string;
  entries: ChangeEntry[];
}

/** Why a changes file cannot be used. */
export type ChangesErrorCode =
  | "UNREADABLE"
  | "UNKNOWN_FORMAT"
  | "BAD_HEADER"
  | "MALFORMED_LINE"
  | "BAD_FIELD";

/** A changes file that cannot be used: the message names the file, the line and the field. */
export class ChangesError extends InputFileError<ChangesErrorCode> {}

/** The fields of an entry, in the CSV header's order. */
export const CHANGE_FIELDS = ["date", "label", "platform", "category"] as const;
type Field = (typeof CHANGE_FIELDS)[number];

/** The longest label accepted: a marker and a table cell, not an essay. */
export const MAX_LABEL = 200;

const FIELDS_TEXT = CHANGE_FIELDS.join(", ");

/** Checks one entry's fields (strings or absent); `at` builds the error for a field. */
function entryOf(
  fields: Partial<Record<Field, string>>,
  line: number,
  fail: (code: ChangesErrorCode, line: number, what: string, field?: Field) => ChangesError,
): ChangeEntry {
  const date = (fields.date ?? "").trim();
  if (!isDay(date)) throw fail("BAD_FIELD", line, `${JSON.stringify(date)} is not a date YYYY-MM-DD`, "date");
  const label = (fields.label ?? "").trim();
  if (label === "") throw fail("BAD_FIELD", line, "empty: say what was done", "label");
  if (label.length > MAX_LABEL) throw fail("BAD_FIELD", line, `longer than ${MAX_LABEL} characters`, "label");
  const platformText = (fields.platform ?? "").trim();
  const category = (fields.category ?? "").trim();
  if (platformText !== "" && category !== "")
    throw fail(
      "MALFORMED_LINE",
      line,
      "both platform and category are set: an entry is about one platform, one category, or everything",
    );
  const entry: ChangeEntry = { date, label, line };
  if (platformText !== "") {
    const platform = PLATFORMS.find((p) => p === platformText.toLowerCase());
    if (platform === undefined)
      throw fail(
        "BAD_FIELD",
        line,
        `unknown platform ${JSON.stringify(platformText)}: valid platforms are ${PLATFORMS.join(", ")}`,
        "platform",
      );
    entry.platform = platform;
  }
  if (category !== "") entry.category = category;
  return entry;
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

type Fail = Parameters<typeof entryOf>[2];

/** The entries of a CSV change log: a header row naming the columns, then one entry per record. */
function parseCsv(text: string, fail: Fail): ChangeEntry[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const line = err instanceof CsvError && typeof err.lines === "number" ? err.lines : 1;
    throw fail("MALFORMED_LINE", line, err instanceof Error ? err.message : String(err));
  }
  const [head, ...rows] = records;
  if (head === undefined) throw fail("BAD_HEADER", 1, `no header row: the header is ${FIELDS_TEXT}`);
  const columns = head.record.map((c) => c.trim().toLowerCase());
  const headerLine = head.info.lines;
  const unknown = columns.find((c) => !(CHANGE_FIELDS as readonly string[]).includes(c));
  if (unknown !== undefined)
    throw fail(
      "BAD_HEADER",
      headerLine,
      `unknown column ${JSON.stringify(unknown)} in the header: columns are ${FIELDS_TEXT}`,
    );
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice !== undefined) throw fail("BAD_HEADER", headerLine, `column "${twice}" twice in the header`);
  for (const needed of ["date", "label"] as const)
    if (!columns.includes(needed))
      throw fail("BAD_HEADER", headerLine, `no "${needed}" column in the header: columns are ${FIELDS_TEXT}`);
  return rows.map(({ record, info }) => {
    if (record.length > columns.length)
      throw fail(
        "MALFORMED_LINE",
        info.lines,
        `${record.length} fields, the header has ${columns.length} (quote a label holding a comma)`,
      );
    const fields = Object.fromEntries(columns.map((c, i) => [c, record[i] ?? ""]));
    return entryOf(fields, info.lines, fail);
  });
}

const ONE_OBJECT = 'each line is one object like {"date": "2026-10-06", "label": "…"}';

/** The entries of an NDJSON change log: one JSON object per line, blank lines skipped. */
function parseNdjson(text: string, fail: Fail): ChangeEntry[] {
  const entries: ChangeEntry[] = [];
  text
    .replace(/^\uFEFF/, "")
    .split(/\r\n?|\n/)
    .forEach((raw, i) => {
      const line = i + 1;
      if (raw.trim() === "") return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        // The engine's own wording changes between Node versions; the line is what helps.
        throw fail("MALFORMED_LINE", line, `not JSON: ${ONE_OBJECT}`);
      }
      if (typeof value !== "object" || value === null || Array.isArray(value))
        throw fail("MALFORMED_LINE", line, `not a JSON object: ${ONE_OBJECT}`);
      const fields: Partial<Record<Field, string>> = {};
      for (const [key, v] of Object.entries(value)) {
        if (!(CHANGE_FIELDS as readonly string[]).includes(key))
          throw fail("BAD_FIELD", line, `unknown field ${JSON.stringify(key)}: fields are ${FIELDS_TEXT}`);
        if (v === null) continue;
        if (typeof v !== "string") throw fail("BAD_FIELD", line, "must be a string", key as Field);
        fields[key as Field] = v;
      }
      entries.push(entryOf(fields, line, fail));
    });
  return entries;
}

/** The formats a change log may be in, by the file's extension. */
export const CHANGES_EXTENSIONS = [".csv", ".ndjson"] as const;

/**
 * Reads a change log's text: CSV (`.csv`, header `date,label,platform,category`) or NDJSON
 * (`.ndjson`, the same fields). A malformed line is an error naming the file, the line and the field.
 */
export function parseChanges(text: string, file: string): ChangeLog {
  const fail: Fail = (code, line, what, field) =>
    new ChangesError(code, file, `changes file ${file}, line ${line}${field ? `, ${field}` : ""}: ${what}`);
  const ext = extname(file).toLowerCase();
  if (ext === ".csv") return { file, entries: parseCsv(text, fail) };
  if (ext === ".ndjson") return { file, entries: parseNdjson(text, fail) };
  throw new ChangesError(
    "UNKNOWN_FORMAT",
    file,
    `changes file ${file}: must end in ${CHANGES_EXTENSIONS.join(" or ")} (CSV or NDJSON)`,
  );
}

/** Reads and checks a changes file; a file that cannot be read is an error naming it. */
export async function loadChanges(path: string): Promise<ChangeLog> {
  const file = resolve(path);
  const read = await readInput(file);
  if ("why" in read)
    throw new ChangesError("UNREADABLE", file, `cannot read changes file ${file}: ${read.why}`, {
      cause: read.cause,
    });
  return parseChanges(read.text, file);
}
