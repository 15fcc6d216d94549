import { existsSync } from "node:fs";
import { GlobalFonts } from "@napi-rs/canvas";
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Title,
} from "chart.js";

/** Debian's fonts-noto-core: the same glyphs on every machine, so PNGs do not depend on fontconfig. */
const FONT_DIR = "/usr/share/fonts/truetype/noto";
const FONTS = [
  { file: "NotoSans-Regular.ttf", family: "Noto Sans" },
  { file: "NotoSans-Bold.ttf", family: "Noto Sans" },
  // Brand names may carry emoji; without a colour emoji font they would draw as boxes.
  { file: "NotoColorEmoji.ttf", family: "Noto Color Emoji" },
] as const;

/** The CSS font family every chart uses. */
export const FONT_FAMILY = "'Noto Sans', 'Noto Color Emoji', sans-serif";

let ready = false;

/**
 * Registers the Chart.js components we draw with (tree-shaken build: nothing is registered by
 * default) and the Noto fonts, once per process. A missing font falls back to the system sans-serif
 * with a warning rather than failing the report.
 */
export function setupCharts(): void {
  if (ready) return;
  ready = true;
  Chart.register(
    LineController,
    LineElement,
    PointElement,
    BarController,
    BarElement,
    DoughnutController,
    ArcElement,
    CategoryScale,
    LinearScale,
    Legend,
    Filler,
    Title,
  );
  for (const font of FONTS) {
    const path = `${FONT_DIR}/${font.file}`;
    if (existsSync(path)) GlobalFonts.registerFromPath(path, font.family);
    else if (font.family === "Noto Sans")
      process.emitWarning(
        `chart font ${path} not found (install fonts-noto-core); using the system sans-serif`,
      );
  }
  Chart.defaults.font.family = FONT_FAMILY;
  Chart.defaults.font.size = 12;
  Chart.defaults.color = "#333333";
}
