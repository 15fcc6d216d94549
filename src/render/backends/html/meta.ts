import type { BackendInfo } from "../backend.js";

/** The HTML backend's facts (no code loaded): one self-contained page, charts as inline SVG. */
export const html = {
  format: "html",
  label: "HTML",
  extension: "html",
  mime: "text/html; charset=utf-8",
  shows: "pages",
  chartImage: "svg",
} as const satisfies BackendInfo<"html">;
