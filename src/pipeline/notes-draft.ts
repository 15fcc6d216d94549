import type { VreportClient } from "../client/index.js";
import type { Branding } from "../config/branding.js";
import { periodLine } from "../config/period-notes.js";
import { SECTION_KEYS, type SectionKey } from "../config/section-keys.js";
import type { Project } from "../contract/index.js";
import { escapeMarkdown } from "../format/markdown-escape.js";
import { type DraftView, draftView } from "../render/build-view.js";
import { buildModel } from "../report/build-model.js";
import { fetchReportData } from "../report/fetch.js";
import type { Finding, ReportModel } from "../report/model.js";
import type { Period } from "../report/period.js";

/**
 * Where the draft puts each finding of the executive summary: the headline rates open the
 * executive summary's note, the others go to the section whose figures they quote.
 */
const FINDINGS_TO: Record<Finding["section"], SectionKey> = {
  summary: "executive_summary",
  platforms: "platforms",
  categories: "categories",
  competitors: "competitors",
  opportunities: "opportunities",
  content_map: "content_map",
};

/** Sections whose own sentences (ranks, counts) the draft quotes as well. */
const QUOTED_SECTIONS: ReadonlySet<SectionKey> = new Set(["summary", "competitors", "content"]);

/** The sentences a section's draft shows as text (paragraphs and bullets; not notices or tables). */
function sentencesOf(view: DraftView, key: SectionKey): string[] {
  const section = view.sections.find((s) => s.key === key);
  return (section?.blocks ?? []).flatMap((b) =>
    b.kind === "paragraph" ? [b.text] : b.kind === "bullets" ? b.items : [],
  );
}

/** The first theme's action, in the report's language: it names its prompts and quotes its figures. */
function topOpportunity(model: ReportModel): string[] {
  const top = model.themes.ok ? model.themes.value[0] : undefined;
  return top ? [top.action] : [];
}

/** A draft notes file: its Markdown, and the sections it has a note for. */
export interface NotesDraft {
  markdown: string;
  sections: SectionKey[];
}

/**
 * The draft notes of a report, pure: one paragraph per section the report has observations on
 * (the executive summary's findings, the sections' own sentences, the top opportunity's action),
 * each sentence on a line of its own and escaped for Markdown, for the analyst to edit
 * (docs/notes.md). Every sentence is one the report prints, with the figures it rests on.
 */
export function draftNotes(model: ReportModel, view: DraftView): NotesDraft {
  const sentences = new Map<SectionKey, string[]>(SECTION_KEYS.map((k) => [k, []]));
  for (const f of model.findings) sentences.get(FINDINGS_TO[f.section])!.push(f.text);
  for (const key of QUOTED_SECTIONS) sentences.get(key)!.push(...sentencesOf(view, key));
  sentences.get("opportunities")!.push(...topOpportunity(model));
  const sections = SECTION_KEYS.filter((k) => sentences.get(k)!.length > 0);
  const markdown = sections
    .map((k) => [`## ${k}`, "", ...sentences.get(k)!.map(escapeMarkdown), ""].join("\n"))
    .join("\n");
  return { markdown, sections };
}

/** What a draft notes file is asked for: the project and period, as for its report. */
export interface NotesRequest {
  project: Project;
  period: Period;
  branding: Branding;
  /** The config file's timezone, overriding the workspace's. */
  timezone?: string;
}

/** A draft notes file, and the project slug and period tag its name carries (`notes-2026-10.md`). */
export interface PlannedNotes extends NotesDraft {
  periodTag: string;
  projectSlug: string;
}

/** Fetches a report's data and drafts its notes (`vreport notes init`): the report's own model and view, nothing new. */
export async function planNotes(
  client: VreportClient,
  request: NotesRequest,
  clock: () => Date = () => new Date(),
): Promise<PlannedNotes> {
  const data = await fetchReportData(client, request.project, request.period, clock);
  const model = buildModel(data, { locale: request.branding.locale });
  const view = draftView(
    model,
    request.branding,
    request.timezone !== undefined ? { timezone: request.timezone } : {},
  );
  const tag = data.period.label;
  const draft = draftNotes(model, view);
  // The first line names the period, so the file is read only by that period's report (docs/notes.md).
  return {
    ...draft,
    markdown: `${periodLine(tag)}\n\n${draft.markdown}`,
    periodTag: tag,
    projectSlug: model.cover.projectSlug,
  };
}
