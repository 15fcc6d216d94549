/** Parses and validates one NDJSON line into a record, or says why it cannot. */
import type { z } from "zod";
import { type IngestRecord, isRecordType, RECORD_SCHEMAS, RECORD_TYPES } from "./records.js";

/** A parsed line: the record, or the reason it was rejected (without the line number). */
export type ParsedLine = { ok: true; record: IngestRecord } | { ok: false; reason: string };

/** Parses `text` (one line, not blank) as `{ "type": …, "data": … }` and validates `data`. */
export function parseLine(text: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `invalid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, reason: 'expected an object { "type": …, "data": … }' };
  const { type, data } = value as { type?: unknown; data?: unknown };
  if (!isRecordType(type)) {
    const shown = typeof type === "string" ? `"${type}"` : String(type);
    return { ok: false, reason: `unknown type ${shown} (expected one of ${RECORD_TYPES.join(", ")})` };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return { ok: false, reason: `${type}.data: expected an object` };
  const result = RECORD_SCHEMAS[type].safeParse(data);
  if (!result.success) return { ok: false, reason: formatIssues(type, result.error) };
  return { ok: true, record: { type, data: result.data } as IngestRecord };
}

/** `answer.platform: Invalid option…; answer.text: …`, with the record type as the path root. */
function formatIssues(type: string, error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${[type, ...issue.path.map(String)].join(".")}: ${issue.message}`)
    .join("; ");
}
