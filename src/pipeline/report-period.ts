import type { NotesFor } from "../config/period-notes.js";
import { dayIn } from "../contract/index.js";
import { periodTag } from "../render/build-view.js";
import type { ReportData } from "../report/model.js";
import { slugify } from "../report/slug.js";

/**
 * The project slug and period tag of the report `data` makes, as its file name carries them
 * (`brightwave`, `90d-2026-11-01`): what a notes path's `{project}` and `{period}` are filled with
 * (docs/notes.md). `timezone` is the config's, which dates a report without the service's period.
 */
export function reportPeriod(data: ReportData, timezone?: string): NotesFor {
  const period = data.report.ok ? data.report.value.period : null;
  const zone =
    timezone ??
    (data.report.ok
      ? data.report.value.period.timezone
      : data.workspace.ok
        ? data.workspace.value.timezone
        : "UTC");
  const asOf = period?.as_of ?? dayIn(zone, new Date(data.fetchedAt));
  return { project: slugify(data.project.name), period: periodTag({ range: data.range, period }, asOf) };
}
