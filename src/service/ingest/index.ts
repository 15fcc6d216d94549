/** Public entry of ingestion: `ingestFile` and the record schemas it validates. */
export { CONTENT_STATUS_TO_EVENT, eventContentStatus } from "./content-status.js";
export { IngestError, type IngestErrorCode } from "./errors.js";
export { type IngestOptions, type IngestResult, ingestFile, type LineError } from "./ingest-file.js";
export { type ParsedLine, parseLine } from "./parse-line.js";
export { type IngestRecord, RECORD_SCHEMAS, RECORD_TYPES, type RecordType } from "./records.js";
