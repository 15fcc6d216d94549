import { MissingScopeError, type VreportClient } from "../client/index.js";
import type { FullReport, Project, ReportSectionOf } from "../contract/index.js";
import { ENGLISH, type MissingPart } from "../format/i18n/index.js";
import { type LeadIn, leadInDays } from "./change-log.js";
import { fetchEvidence } from "./fetch-evidence.js";
import type { Available, ContentViews, ReportData } from "./model.js";
import { onServiceDay, type Period, periodQuery } from "./period.js";

/** Most content items read per view; the content section lists them all up to this cap. */
const CONTENT_CAP = 5_000;

/** Resolves a fetch into data, or into the sentence the report shows when the key lacks a scope. */
async function available<T>(part: MissingPart, p: Promise<T>): Promise<Available<T>> {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    if (err instanceof MissingScopeError) {
      const scope = err.missing[0];
      return {
        ok: false,
        reason: ENGLISH.m.notices.missingScope(ENGLISH.m.notices.parts[part], err.missing),
        ...(scope ? { scope } : {}),
        part,
        scopes: err.missing,
      };
    }
    throw err;
  }
}

/**
 * Fetches everything one report needs, concurrently (the client bounds requests in flight).
 * A missing scope makes the affected sections say so; any other failure fails the run.
 */
export async function fetchReportData(
  client: VreportClient,
  project: Project,
  period: Period,
  clock: () => Date = () => new Date(),
): Promise<ReportData> {
  const project_id = project.id;
  const query = { project_id, ...periodQuery(period) };
  const view = (v: keyof ContentViews) =>
    client.collect("listContent", { project_id, view: v }, { max: CONTENT_CAP });
  const reportCall = client.getReport(query);
  const [workspace, setup, report, evidence, topics, sites, content, leadIn] = await Promise.all([
    available("workspace", client.getWorkspace()),
    available("setup", client.getSetup({ project_id })),
    available("visibility", reportCall),
    // The quoted answers depend on the report's picks: one more round of requests after it.
    available(
      "visibility",
      reportCall.then((r) => fetchEvidence(client, r, query)),
    ),
    available("contentMap", client.getTopics({ project_id })),
    available(
      "contentMap",
      client.listContentMapSites({ project_id }).then((d) => d.sites),
    ),
    available(
      "content",
      Promise.all([view("IDEAS"), view("PLANNED"), view("PRODUCED")]).then(
        ([IDEAS, PLANNED, PRODUCED]): ContentViews => ({ IDEAS, PLANNED, PRODUCED }),
      ),
    ),
    // The days before the period the change log's windows need and the comparison does not hold.
    // The report's own failure is the `report` entry's; the lead-in's own fails the fetch.
    reportCall.then(
      (r) => fetchLeadIn(client, project_id, r),
      () => undefined,
    ),
  ]);
  return {
    period: report.ok ? onServiceDay(period, report.value.period.as_of) : period,
    project,
    workspace,
    setup,
    report,
    evidence,
    topics,
    sites,
    content,
    ...(leadIn !== undefined ? { leadIn } : {}),
    fetchedAt: clock().toISOString(),
  };
}

/**
 * The report of the days just before `report`'s period that its comparison period does not hold
 * (report/change-log.ts, leadInDays): one more request, for a period compared with a year earlier.
 */
async function fetchLeadIn(
  client: VreportClient,
  project_id: string,
  report: FullReport,
): Promise<LeadIn | undefined> {
  const days = leadInDays(report.period);
  if (days === null) return undefined;
  const lead = await client.getReport({ project_id, start: days.start, end: days.end });
  const trend = lead.sections.find((x): x is ReportSectionOf<"trend"> => x.key === "trend");
  return trend ? { ...days, trend } : undefined;
}
