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

const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Formats a count with thousands separators: 12345 → "12,345". */
export function formatCount(value: number): string {
  return counts.format(Math.round(value)).replace("-", MINUS);
}
