import type { BackendInfo } from "../backend.js";

/** The Markdown backend's facts (no code loaded): GitHub-flavoured Markdown with PNG charts beside it. */
export const markdown = {
  format: "md",
  label: "Markdown",
  extension: "md",
  mime: "text/markdown; charset=utf-8",
  shows: "pages",
  chartImage: "png",
} as const satisfies BackendInfo<"md">;
