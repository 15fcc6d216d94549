import type { Theme } from "./theme.js";

/** Agency branding from vreport.config.json: what every backend shows of the agency. */
export interface Branding {
  agencyName: string;
  logo?: { mime: "image/png" | "image/svg+xml"; data: Uint8Array };
  accentColor: string; // #RRGGBB
  footerText?: string;
  locale: string;
  /** Templates, stylesheet and font of the PDF and the HTML (docs/templates.md); absent: the package's. */
  theme?: Theme;
}
