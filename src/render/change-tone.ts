import type { CellValue } from "../format/value-type.js";
import type { Column, Kpi, Row, Tone, Whose } from "./types.js";

/*
 * What a figure means for the client, decided here and only here: the PDF and HTML (CSS classes),
 * the workbook (cell styles) and the legend all read these functions, so no format can colour a
 * competitor's gain as good news (docs/decisions.md, "Colour follows meaning").
 */

/** The tones the legend explains, in its order. */
export const LEGEND_TONES = ["good", "bad", "neutral"] as const;

/** A target's status in colour as well as words (docs/targets.md). */
const STATUS_TONE: Readonly<Record<string, Tone>> = { on_track: "good", at_risk: "warn", off_track: "bad" };

/** Whether a change prints as zero ("0.0 pp", "0"): shown grey, never as a rise or a fall. */
function printsAsZero(delta: number, type: "delta_pp" | "delta_count"): boolean {
  return type === "delta_pp" ? Number((delta * 100).toFixed(1)) === 0 : Math.round(delta) === 0;
}

/**
 * The tone of a change: `none` when there is no change, `neutral` when it is not significant or
 * was not tested (`significant` not true: a page's or a prompt's change has no interval), prints as
 * zero or is nobody's; otherwise good news when the client gains or a competitor loses, bad news
 * the other way round. Colour so always means a significant change, as the legend says.
 */
export function changeTone(
  whose: Whose,
  delta: number | null | undefined,
  type: "delta_pp" | "delta_count",
  significant?: boolean,
): Tone {
  if (delta === null || delta === undefined || !Number.isFinite(delta)) return "none";
  if (significant !== true || whose === "neutral" || printsAsZero(delta, type)) return "neutral";
  return delta > 0 === (whose === "client") ? "good" : "bad";
}

/** Whose a row's figures are under a column's rule; the client's unless the column says otherwise. */
function whoseIn(column: Column, row: Readonly<Record<string, CellValue>>): Whose {
  const w = column.whose ?? "client";
  return typeof w === "string" ? w : row[w.clientWhen] === true ? "client" : "competitor";
}

/** The tone of one table cell: a change by its meaning, a target's status by its words, else none. */
export function cellTone(column: Column, row: Row): Tone {
  const value = row[column.key];
  if (column.type === "status") return STATUS_TONE[String(value)] ?? "none";
  if (column.type !== "delta_pp" && column.type !== "delta_count") return "none";
  if (typeof value !== "number") return "none";
  const flag = column.significance === undefined ? undefined : row[column.significance];
  return changeTone(whoseIn(column, row), value, column.type, flag === true);
}

/** Whether a column may be coloured at all: a change or a target's status. */
export function isToned(column: Column): boolean {
  return column.type === "delta_pp" || column.type === "delta_count" || column.type === "status";
}

/** The tone of a KPI card's change: the client's own figure unless the KPI says whose. */
export function kpiTone(k: Kpi): Tone {
  return changeTone(k.whose ?? "client", k.delta, k.deltaType, k.change?.significant);
}
