import { readFileSync } from "node:fs";

/**
 * The spec the contract is checked against: the repository's verbatim copy of the team's API
 * specification, so the tests read nothing outside the repository and a clone anywhere tests the
 * same way. A new version of the spec replaces this file, and the code follows it in that commit.
 */
export const SPEC_FILE = new URL("../../docs/spec/external-read-api-v1.md", import.meta.url);

export interface SpecRow {
  row: number;
  path: string;
  /** The table's scope, with "any scope" as `any`. */
  scope: string;
  query: string;
  data: string;
}

/** Reads the spec markdown. */
export function readSpec(): string {
  return readFileSync(SPEC_FILE, "utf8");
}

/** The text of one `##`/`###` section, up to the next heading of the same or a higher level. */
export function section(md: string, heading: string): string {
  const level = heading.match(/^#+/)?.[0].length ?? 2;
  const lines = md.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start === -1) throw new Error(`spec: no section "${heading}"`);
  const end = lines.findIndex(
    (l, i) => i > start && /^#+ /.test(l) && (l.match(/^#+/)?.[0].length ?? 9) <= level,
  );
  return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
}

/** Cells of the markdown table rows in `text` (header and separator rows dropped). */
export function tableRows(text: string): string[][] {
  const rows = text
    .split("\n")
    .filter((l) => l.trim().startsWith("|"))
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((c) => c.trim()),
    );
  return rows.slice(2);
}

/** The spec's endpoint table. */
export function specEndpoints(md: string): SpecRow[] {
  return tableRows(section(md, "## Endpoints"))
    .filter((cells) => /^\d+$/.test(cells[0] ?? ""))
    .map(([row, path, scope, query, data]) => ({
      row: Number(row),
      path: path ?? "",
      scope: scope === "any scope" ? "any" : (scope ?? ""),
      query: query ?? "",
      data: data ?? "",
    }));
}
