import { ENGLISH, type Lang } from "../format/i18n/index.js";

/*
 * A review copy (`generate --draft`, docs/notes.md) says so in every format, in the same words, so
 * it cannot be mistaken for the report the client gets. The words are the catalogue's (docs/i18n.md).
 */

/** What every PDF page of a review copy carries, the cover's too (English; `lang.m.draft` in others). */
export const DRAFT_MARK = ENGLISH.m.draft.mark;

/** What the Markdown and the workbook say under their title (English). */
export const DRAFT_NOTICE = ENGLISH.m.draft.notice;

/** The mark and the notice in the report's language. */
export function draftWords(lang: Lang): { mark: string; notice: string } {
  return lang.m.draft;
}
