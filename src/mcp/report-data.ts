import { MissingScopeError } from "../client/index.js";
import { CODES, MESSAGES, type Project, type Scope } from "../contract/index.js";
import { buildModel } from "../report/build-model.js";
import { fetchReportData } from "../report/fetch.js";
import type { ReportModel } from "../report/model.js";
import type { PeriodChoice } from "../report/period-choice.js";
import { periodIn } from "./period.js";
import type { ToolContext } from "./tool.js";

/**
 * The report's model of one project and period, fetched through the typed client and built as
 * `generate` builds it (targets, change log and language from the agency's settings). Without the
 * visibility data there is nothing to say: the key's refusal is the tool's error, as over HTTP,
 * never a summary of zeros.
 */
export async function reportModel(
  ctx: ToolContext,
  project: Project,
  period: PeriodChoice,
): Promise<ReportModel> {
  const data = await fetchReportData(ctx.client, project, await periodIn(ctx, period));
  if (!data.report.ok) {
    const missing = (data.report.scopes ?? ["visibility:read"]) as Scope[];
    throw new MissingScopeError(
      `${MESSAGES.scopeMissing} (403 ${CODES.scopeMissing}): missing ${missing.join(", ")}`,
      {
        endpoint: "getReport",
        status: 403,
        code: CODES.scopeMissing,
        required: ["visibility:read"],
        missing,
      },
    );
  }
  const { settings, changes } = ctx.clientOf(project);
  return buildModel(data, {
    ...(settings.targets !== undefined ? { targets: settings.targets } : {}),
    ...(changes !== undefined ? { changes } : {}),
    locale: settings.branding.locale,
  });
}

/** The period a model covers, as a tool states it. */
export function periodOf(model: ReportModel) {
  const p = model.cover.period;
  return p === null
    ? null
    : {
        start: p.start,
        end: p.end,
        label: p.label,
        previous_start: p.previous_start,
        previous_end: p.previous_end,
        previous_label: p.previous_label,
        compare: p.compare,
        timezone: p.timezone,
      };
}
