/** Field types shared by the ingest record schemas (contract types, made ingest-friendly). */
import { z } from "zod";
import { DateOnly, DateTime, Uuid } from "../../../contract/index.js";

/** A UUID, lowercased so it compares equal to what PostgreSQL returns. */
export const Id = Uuid.transform((id) => id.toLowerCase());
/** An optional, nullable UUID (null when absent). */
export const OptionalId = Id.nullable().default(null);
/** An ISO 8601 date-time with `Z` or an offset. */
export const Timestamp = DateTime;
/** A calendar day YYYY-MM-DD. */
export const Day = DateOnly;
/** A non-empty string (names, titles, URLs). */
export const Text = z.string().min(1);
/** A string that may be null, null when absent. */
export const NullableText = z.string().nullable().default(null);
/** A JSON object (jsonb columns). */
export const JsonObject = z.record(z.string(), z.unknown());
/** A list of strings, empty when absent. */
export const Strings = z.array(z.string()).default([]);
/** A nullable list of strings, null when absent. */
export const NullableStrings = z.array(z.string()).nullable().default(null);
