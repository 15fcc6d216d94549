import type { VreportClient } from "../client/index.js";
import { addDays, isoWeekday } from "../contract/calendar.js";
import type { FullReport, Platform, Project, ReportSectionOf, VisibilitySetup } from "../contract/index.js";
import { type Period, periodQuery } from "../report/period.js";

/** A platform that collected fewer answers than expected on the period's last collection day. */
export interface ShortPlatform {
  platform: Platform;
  answers: number;
  expected: number;
}

/** The period's last collection day and the platforms short on it; `short` empty when complete. */
export interface LastDayCheck {
  day: string;
  short: ShortPlatform[];
}

/**
 * Is the period's last collection day complete (docs/jobs.md, "Waiting for complete data")? The
 * last day on or before the period's end that the project's schedule collects on (every day when
 * it names none) must hold, on every tracked platform, one answer per tracked prompt: prompts ×
 * platforms answers that day. The tracked prompts are those answered in the period, and those
 * created before that day that were not: a prompt added later could not have been collected on
 * it. A period without a single answer is never complete, however its prompts were added (an
 * imported client's prompts are dated by their import): there is nothing to report. Pure: the
 * report and the setup are read by `checkLastDay`.
 */
export function lastDayCheck(
  report: Pick<FullReport, "period" | "sections">,
  setup: Pick<VisibilitySetup, "platforms"> & { brand: { schedule: { days: readonly number[] } } },
): LastDayCheck {
  const days = setup.brand.schedule.days.filter((d) => d >= 1 && d <= 7);
  let day = report.period.end;
  for (let i = 0; i < 7 && days.length > 0 && !days.includes(isoWeekday(day)); i++) day = addDays(day, -1);
  const summary = report.sections.find((s): s is ReportSectionOf<"summary"> => s.key === "summary");
  const trend = report.sections.find((s): s is ReportSectionOf<"trend"> => s.key === "trend");
  const prompts = report.sections.find((s): s is ReportSectionOf<"prompts"> => s.key === "prompts");
  const answered = summary?.totals.prompts ?? 0;
  // Prompts created before the day (created_at is an instant: its UTC day, a day's leeway at most).
  const unanswered =
    prompts?.rows.filter((p) => p.snapshots === 0 && p.created_at.slice(0, 10) < day).length ?? 0;
  const expected =
    (summary?.totals.snapshots.current ?? 0) === 0
      ? Math.max(1, prompts?.rows.length ?? 0)
      : answered + unanswered;
  const short = setup.platforms.flatMap((platform): ShortPlatform[] => {
    const series = trend?.by_platform.find((p) => p.platform === platform);
    const answers = series?.rows.find((r) => r.date === day)?.snapshots ?? 0;
    return answers < expected ? [{ platform, answers, expected }] : [];
  });
  return { day, short };
}

/** The last-day check of `project`'s report of `period`, read from the service. */
export async function checkLastDay(
  client: VreportClient,
  project: Project,
  period: Period,
): Promise<LastDayCheck> {
  const query = { project_id: project.id, ...periodQuery(period) };
  const [report, setup] = await Promise.all([
    client.getReport(query),
    client.getSetup({ project_id: project.id }),
  ]);
  return lastDayCheck(report, setup);
}

/** "2026-10-31: gemini 0 of 40, grok 12 of 40 answers" for a log line and a held job's reason. */
export function describeShort(check: LastDayCheck): string {
  const each = check.short.map((s) => `${s.platform} ${s.answers} of ${s.expected}`).join(", ");
  return `${check.day}: ${each} answers`;
}
