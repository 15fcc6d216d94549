import type { Lang } from "../format/i18n/index.js";
import type { Available } from "./model.js";

/** Why a part of the data is missing, in the report's language (the English `reason` when no part is named). */
export function reasonIn(lang: Lang, a: Available<unknown> & { ok: false }): string {
  const { m } = lang;
  return a.part !== undefined && a.scopes !== undefined
    ? m.notices.missingScope(m.notices.parts[a.part], a.scopes)
    : a.reason;
}
