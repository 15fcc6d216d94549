/**
 * One CSV row → the answer it describes, or the first problem with it, naming the column
 * (docs/import.md, "Columns"). Pure: no ids of answers yet (those depend on earlier rows, see
 * answer-slots.ts), no I/O.
 */
import { normalizeUrl, PLATFORMS, type Platform, urlDomain } from "../../contract/index.js";
import { type AnsweredAt, parseAnsweredAt } from "./answered-at.js";
import type { Column, ColumnLayout } from "./columns.js";
import { promptId } from "./ids.js";

/** What converting a row needs to know: the layout, the time zone, and who is who. */
export interface RowContext {
  layout: ColumnLayout;
  timezone: string;
  projectId: string;
  /** The brand's name and variants, lowercased. */
  brandNames: ReadonlySet<string>;
  /** Each competitor's name and variants, lowercased → its id. */
  competitorIds: ReadonlyMap<string, string>;
}

/** A valid row, before its answer id. */
export interface ParsedRow {
  promptText: string;
  promptId: string;
  category: string | null;
  platform: Platform;
  answeredAt: AnsweredAt;
  text: string;
  brandMentioned: boolean;
  mentionedCompetitorIds: string[];
  /** Cited URLs as given, one per normalized URL, in order. */
  citations: string[];
}

/** A bad row: the canonical column at fault (null: the row as a whole) and why. */
export interface RowProblem {
  column: Column | null;
  reason: string;
}

export type RowOutcome = { ok: true; row: ParsedRow } | { ok: false; problem: RowProblem };

/** Lowercase with spaces and dashes as underscores: "Google AI Overview" → google_ai_overview. */
function platformOf(cell: string): Platform | undefined {
  const slug = cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (PLATFORMS as readonly string[]).includes(slug) ? (slug as Platform) : undefined;
}

/** Splits a list cell: `;`-separated (citations also split on whitespace and line breaks). */
function listOf(cell: string, separator: RegExp): string[] {
  return cell
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Converts `cells` (one CSV record) under `ctx`. */
export function parseRow(cells: readonly string[], ctx: RowContext): RowOutcome {
  const fail = (column: Column | null, reason: string): RowOutcome => ({
    ok: false,
    problem: { column, reason },
  });
  const { layout } = ctx;
  const extra = cells.slice(layout.width).some((c) => c.trim() !== "");
  if (extra) return fail(null, `has ${cells.length} fields, the header has ${layout.width}`);
  const cell = (column: Column): string => {
    const i = layout.index[column];
    return i === undefined ? "" : (cells[i] ?? "");
  };

  const promptText = cell("prompt").trim();
  if (promptText === "") return fail("prompt", "is empty");
  const platformCell = cell("platform");
  const platform = platformOf(platformCell);
  if (!platform)
    return fail(
      "platform",
      `"${platformCell.trim()}" is not a platform: allowed are ${PLATFORMS.join(", ")}`,
    );
  const answeredCell = cell("answered_at");
  const answeredAt = parseAnsweredAt(answeredCell, ctx.timezone);
  if (!answeredAt)
    return fail(
      "answered_at",
      `"${answeredCell.trim()}" is not a date (YYYY-MM-DD) or an ISO 8601 date-time (2025-03-01T09:30:00Z)`,
    );
  const text = cell("answer");
  if (text.trim() === "") return fail("answer", "is empty");

  const mentions = listOf(cell("mentions"), /;/).map((m) => m.toLowerCase());
  const mentionedCompetitorIds = [
    ...new Set(
      mentions.flatMap((m) => (ctx.competitorIds.has(m) ? [ctx.competitorIds.get(m) as string] : [])),
    ),
  ];

  const citations: string[] = [];
  const seen = new Set<string>();
  for (const url of listOf(cell("citations"), /[;\s]+/)) {
    if (!urlDomain(url).includes(".")) return fail("citations", `"${url}" is not a URL`);
    const normalized = normalizeUrl(url);
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    citations.push(url);
  }
  const category = cell("category").trim();

  return {
    ok: true,
    row: {
      promptText,
      promptId: promptId(ctx.projectId, promptText),
      category: category === "" ? null : category,
      platform,
      answeredAt,
      text,
      brandMentioned: mentions.some((m) => ctx.brandNames.has(m)),
      mentionedCompetitorIds,
      citations,
    },
  };
}
