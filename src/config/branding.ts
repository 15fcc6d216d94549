/** Agency branding from vreport.config.json: what every backend shows of the agency. */
export interface Branding {
  agencyName: string;
  logo?: { mime: "image/png" | "image/svg+xml"; data: Uint8Array };
  accentColor: string; // #RRGGBB
  footerText?: string;
  locale: string;
}
