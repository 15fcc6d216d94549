import type { Branding } from "../config/branding.js";
import type { Notes } from "../config/notes-file.js";
import { dayIn } from "../contract/index.js";
import { langOf } from "../format/i18n/index.js";
import { comparisonOf } from "../report/comparison.js";
import type { ReportModel } from "../report/model.js";
import { placeLegend } from "./legend.js";
import { PALETTE, rangeInWords } from "./sections/_helpers.js";
import { SECTIONS } from "./sections/index.js";
import type { Block, ChartSpec, CoverView, RenderedChart, ReportView, SectionDraft } from "./types.js";
import { withholdChanges } from "./withhold-changes.js";

/** A view whose charts are still specifications. */
export interface DraftView extends Omit<ReportView, "sections"> {
  sections: SectionDraft[];
}

/** What shapes a view besides the model and the branding. */
export interface DraftOptions {
  /** The config file's timezone, replacing the one every date is shown in. */
  timezone?: string;
  /** The agency's notes, each put first in its section (docs/notes.md). */
  notes?: Notes;
}

/** The section with its note first, before anything the report computed (a withheld-change notice too). */
function withNote(section: SectionDraft, notes: Notes | undefined): SectionDraft {
  const markdown = notes?.[section.key];
  return markdown === undefined
    ? section
    : { ...section, blocks: [{ kind: "note", markdown }, ...section.blocks] };
}

/** Builds every section's draft from the model, in report order: pure and synchronous. */
export function draftView(
  reportModel: ReportModel,
  branding: Branding,
  options: DraftOptions = {},
): DraftView {
  const model =
    options.timezone === undefined
      ? reportModel
      : { ...reportModel, cover: { ...reportModel.cover, timezone: options.timezone } };
  const c = model.cover;
  const p = c.period;
  // Every word of the view in the branding's language (docs/i18n.md); English by default.
  const lang = langOf(branding.locale);
  // Without the service's period (no visibility scope), the day of fetching in the report timezone.
  const asOf = p?.as_of ?? dayIn(c.timezone, new Date(c.generatedAt));
  const manager = model.agency.accountManager;
  const cover: CoverView = {
    title: lang.m.cover.title(c.brand),
    workspace: c.workspace,
    project: c.project,
    brand: c.brand,
    brandDomain: c.brandDomain,
    range: rangeInWords(c.range, p, lang),
    periodStart: p?.start ?? "",
    periodEnd: p?.end ?? "",
    previousStart: p?.previous_start ?? "",
    previousEnd: p?.previous_end ?? "",
    compare: p?.compare ?? "previous",
    asOf,
    timezone: c.timezone,
    generatedAt: c.generatedAt,
    ...(manager
      ? {
          accountManager: lang.m.cover.contact(
            manager.name,
            [manager.email, manager.phone].flatMap((x) => x ?? []),
          ),
        }
      : {}),
  };
  return {
    name: `${c.projectSlug}-ai-visibility-${c.tag}`,
    cover,
    branding,
    // One legend of the colours, by the first coloured figure (the workbook's About sheet shows it there).
    sections: placeLegend(
      withholdChanges(
        // The agency's page only when the agency gave its input (docs/agency.md).
        SECTIONS.filter((s) => s.key !== "agency" || model.agency.hasInput).map((s) => s.draft(model, lang)),
        comparisonOf(p),
        lang,
      ).map((s) => withNote(s, options.notes)),
      lang,
      c.brand,
    ),
  };
}

/** Colours series with the agency accent first, then the shared palette; ticks in the report's locale. */
function colour(spec: ChartSpec, accent: string, locale: string): ChartSpec {
  const colours = [accent, ...PALETTE.slice(1)];
  return {
    ...spec,
    locale,
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
              ? {
                  kind: "chart",
                  chart: await draw(colour(b.spec, draft.branding.accentColor, draft.branding.locale)),
                }
              : b,
        ),
      ),
    })),
  );
  return { ...draft, sections };
}
