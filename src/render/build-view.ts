import type { Branding } from "../config/branding.js";
import { SECTION_KEYS } from "../config/section-keys.js";
import { dayIn } from "../contract/index.js";
import { comparisonOf } from "../report/comparison.js";
import type { ReportModel } from "../report/model.js";
import { periodFileTag } from "../report/period-choice.js";
import { PALETTE } from "./sections/_helpers.js";
import { SECTION_DRAFTERS } from "./sections/index.js";
import type { Block, ChartSpec, CoverView, RenderedChart, ReportView, SectionDraft } from "./types.js";
import { withholdChanges } from "./withhold-changes.js";

/** A view whose charts are still specifications. */
export interface DraftView extends Omit<ReportView, "sections"> {
  sections: SectionDraft[];
}

/**
 * Builds every section's draft from the model, in report order: pure and synchronous.
 * `options.timezone` (the config file's override) replaces the timezone every date is shown in.
 */
export function draftView(
  reportModel: ReportModel,
  branding: Branding,
  options: { timezone?: string } = {},
): DraftView {
  const model =
    options.timezone === undefined
      ? reportModel
      : { ...reportModel, cover: { ...reportModel.cover, timezone: options.timezone } };
  const c = model.cover;
  const p = c.period;
  // Without the service's period (no visibility scope), the day of fetching in the report timezone.
  const asOf = p?.as_of ?? dayIn(c.timezone, new Date(c.generatedAt));
  const cover: CoverView = {
    title: `AI visibility report — ${c.brand}`,
    workspace: c.workspace,
    project: c.project,
    brand: c.brand,
    brandDomain: c.brandDomain,
    // A custom period is named by its label wherever v1 reports show the range ("October 2025").
    range: c.range === "custom" && p ? p.label : c.range,
    periodStart: p?.start ?? "",
    periodEnd: p?.end ?? "",
    previousStart: p?.previous_start ?? "",
    previousEnd: p?.previous_end ?? "",
    asOf,
    timezone: c.timezone,
    generatedAt: c.generatedAt,
  };
  return {
    // Custom periods name the period (…-2026-10); range reports keep their v1 names.
    name:
      c.range === "custom" && p
        ? `${c.projectSlug}-ai-visibility-${periodFileTag(p)}`
        : `${c.projectSlug}-ai-visibility-${c.range}-${asOf}${p?.compare === "year" ? "-vs-year" : ""}`,
    cover,
    branding,
    sections: withholdChanges(
      SECTION_KEYS.map((key) => SECTION_DRAFTERS[key](model)),
      comparisonOf(p),
    ),
  };
}

/** Colours series with the agency accent first, then the shared palette. */
function colour(spec: ChartSpec, accent: string): ChartSpec {
  const colours = [accent, ...PALETTE.slice(1)];
  return {
    ...spec,
    datasets: spec.datasets.map((d, i) => ({
      ...d,
      color: d.color ?? colours[i % colours.length] ?? accent,
    })),
  };
}

/** Draws every chart of a draft once; the PNGs are then shared by every backend. */
export async function drawView(
  draft: DraftView,
  draw: (spec: ChartSpec) => Promise<RenderedChart>,
): Promise<ReportView> {
  const sections = await Promise.all(
    draft.sections.map(async (s) => ({
      ...s,
      blocks: await Promise.all(
        s.blocks.map(
          async (b): Promise<Block> =>
            b.kind === "chart"
              ? { kind: "chart", chart: await draw(colour(b.spec, draft.branding.accentColor)) }
              : b,
        ),
      ),
    })),
  );
  return { ...draft, sections };
}
