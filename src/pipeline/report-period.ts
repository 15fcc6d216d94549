import type { NotesFor } from "../config/period-notes.js";
import type { ReportData } from "../report/model.js";
import { slugify } from "../report/slug.js";

/**
 * The project slug and period tag of the report `data` makes, as its file name carries them
 * (`brightwave`, `90d-2026-11-01`): what a notes path's `{project}` and `{period}` are filled with
 * (docs/notes.md).
 */
export function reportPeriod(data: ReportData): NotesFor {
  return { project: slugify(data.project.name), period: data.period.label };
}
