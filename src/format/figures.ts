import type { CellValue, ValueType } from "./value-type.js";

/** The typographic minus used in every signed figure (docs/architecture.md, "Output conventions": `−1.0 pp`). */
export const MINUS = "\u2212";

const PLATFORM_NAMES: Record<string, string> = {
  chatgpt: "ChatGPT",
  google_ai_overview: "Google AI Overviews",
  perplexity: "Perplexity",
  gemini: "Gemini",
  grok: "Grok",
  claude: "Claude",
};

/** Display name of a platform value (unknown values are shown as they are). */
export function platformName(platform: string): string {
  return PLATFORM_NAMES[platform] ?? platform;
}

/** Rounds to `digits` decimals, returning 0 for results that would print as "-0.0". */
function fixed(value: number, digits: number): string {
  const s = Math.abs(value).toFixed(digits);
  return Number(s) === 0 ? s : (value < 0 ? MINUS : "") + s;
}

function signed(value: number, digits: number): string {
  const s = fixed(value, digits);
  return Number(s.replace(MINUS, "-")) > 0 ? `+${s}` : s;
}

const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Formats a fraction as a percentage with one decimal: 0.4231 → "42.3%". */
export function formatPercent(value: number): string {
  return `${fixed(value * 100, 1)}%`;
}

/** Formats a difference of fractions in percentage points: 0.042 → "+4.2 pp", with a no-break space. */
export function formatDeltaPp(value: number): string {
  return `${signed(value * 100, 1)}\u00a0pp`;
}

/** Formats a count with thousands separators: 12345 → "12,345". */
export function formatCount(value: number): string {
  return counts.format(Math.round(value)).replace("-", MINUS);
}

/** Formats a signed count: 12 → "+12", -3 → "−3", 0 → "0". */
export function formatDeltaCount(value: number): string {
  const r = Math.round(value);
  return r > 0 ? `+${formatCount(r)}` : formatCount(r);
}

/** Formats one value for text outputs (Markdown, PDF); null is an em dash. */
/** A change's 95 % interval in percentage points, "+2.0 to +23.0 pp"; "not estimable" without bounds. */
export function formatDeltaInterval(low: number | null, high: number | null): string {
  if (low === null || high === null) return "not estimable";
  return `${signed(low * 100, 1)} to ${formatDeltaPp(high)}`;
}

/** A target's status as words: it is never shown by colour alone (docs/targets.md). */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  on_track: "On track",
  at_risk: "At risk",
  off_track: "Off track",
  no_data: "No data",
};

/** Formats a value by its type (the one place numbers become text, for every format). */
export function formatValue(type: ValueType, value: CellValue): string {
  if (value === null || value === undefined) return "—";
  switch (type) {
    case "percent":
      return formatPercent(Number(value));
    case "delta_pp":
      return formatDeltaPp(Number(value));
    case "count":
      return formatCount(Number(value));
    case "delta_count":
      return formatDeltaCount(Number(value));
    case "number":
      return fixed(Number(value), 1);
    case "boolean":
      return value ? "Yes" : "No";
    case "platform":
      return platformName(String(value));
    case "status":
      return STATUS_LABELS[String(value)] ?? String(value);
    case "date":
      return String(value).slice(0, 10);
    case "text":
    case "url":
      return String(value);
  }
}
