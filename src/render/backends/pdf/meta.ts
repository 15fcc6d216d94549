import type { BackendInfo } from "../backend.js";

/** The PDF backend's facts (no code loaded): Handlebars HTML printed by headless Chromium. */
export const pdf = {
  format: "pdf",
  label: "PDF",
  extension: "pdf",
  mime: "application/pdf",
  shows: "pages",
  chartImage: "svg",
} as const satisfies BackendInfo<"pdf">;
