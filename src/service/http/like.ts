/** A case-insensitive substring pattern for ILIKE, with `\`, `%` and `_` escaped (backslash is Postgres' default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
