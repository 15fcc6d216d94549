/** Public entry of the CSV import: `importCsv`, its setup, mappings and errors (docs/import.md). */
export { COLUMNS, type Column, type ColumnMapping, parseMapping, REQUIRED_COLUMNS } from "./columns.js";
export { ImportError, type ImportErrorCode } from "./errors.js";
export { type ImportOptions, type ImportResult, importCsv, MAX_KEPT_ERRORS } from "./import-csv.js";
export type { RowError } from "./prepare-rows.js";
export { readProjectFile } from "./project-file.js";
export { DEFAULT_MAX_RECORD_CHARS, ENCODINGS, type Encoding, encodingOf } from "./read-rows.js";
export { openRegularFile } from "./regular-file.js";
export {
  type CompetitorSpec,
  type ImportSetup,
  parseCompetitors,
  parseList,
  resolveSetup,
  type SetupInput,
} from "./setup.js";
