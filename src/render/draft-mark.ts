/*
 * A review copy (`generate --draft`, docs/notes.md) says so in every format, in the same words, so
 * it cannot be mistaken for the report the client gets.
 */

/** What every PDF page of a review copy carries, the cover's too. */
export const DRAFT_MARK = "DRAFT";

/** What the Markdown and the workbook say under their title. */
export const DRAFT_NOTICE = "a review copy, not the final report.";
