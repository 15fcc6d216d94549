import type { VreportClient } from "../client/index.js";
import { addDays, type FullReport, type Platform, type ReportSectionOf } from "../contract/index.js";

/** The API's cap on one prompt-answers response (docs/metrics.md, Prompt answers). */
export const ANSWERS_PER_RESPONSE = 200;

/** One answer of the period, as the answers workbook lists it. */
export interface PeriodAnswer {
  collectedAt: string;
  prompt: string;
  category: string | null;
  platform: Platform;
  status: string;
  brandMentioned: boolean;
  brandCited: boolean;
  competitors: string;
  citedUrls: string;
  text: string;
}

type Full = Extract<
  Awaited<ReturnType<VreportClient["getPromptAnswers"]>>["answers"][number],
  { text: string }
>;
type Prompt = ReportSectionOf<"prompts">["rows"][number];

/**
 * Every answer of the report's period, prompt by prompt and platform by platform, newest first
 * within each: one request per prompt and platform, and where one fills the API's cap of 200
 * (more than 200 answers of one prompt on one platform), one request per day of the period
 * instead, so nothing is cut. Requests go one after another through the client, which waits as a
 * 429's `Retry-After` says, so an export stays within the key's rate limit. Yields as it goes:
 * memory holds one response at a time (docs/architecture.md, "The answers workbook").
 */
export async function* periodAnswers(
  client: VreportClient,
  report: FullReport,
  projectId: string,
): AsyncGenerator<PeriodAnswer> {
  const section = <K extends "prompts" | "platforms">(key: K) =>
    report.sections.find((s): s is ReportSectionOf<K> => s.key === key);
  const prompts = section("prompts")?.rows ?? [];
  const platforms = (section("platforms")?.rows ?? []).map((r) => r.platform);
  const { range, period } = report;
  // A custom period (docs/decisions.md#period) asks for the report's own dates.
  const dates = range === "custom" ? { start: period.start, end: period.end } : { range };
  const query = { project_id: projectId, ...dates, full: "1" } as const;
  for (const prompt of prompts) {
    for (const platform of platforms) {
      const { answers } = await client.getPromptAnswers(prompt.id, { ...query, platform });
      if (answers.length < ANSWERS_PER_RESPONSE) {
        for (const a of answers) yield row(prompt, a as Full);
        continue;
      }
      for (let day = period.end; day >= period.start; day = addDays(day, -1)) {
        const daily = await client.getPromptAnswers(prompt.id, { ...query, platform, date: day });
        for (const a of daily.answers) yield row(prompt, a as Full);
      }
    }
  }
}

function row(prompt: Prompt, a: Full): PeriodAnswer {
  return {
    collectedAt: a.collected_at,
    prompt: prompt.text,
    category: prompt.category?.name ?? null,
    platform: a.platform,
    status: a.status,
    brandMentioned: a.brand_mentioned,
    brandCited: a.brand_cited,
    competitors: a.competitors.map((c) => c.name).join(", "),
    citedUrls: a.citations.map((c) => c.url).join("\n"),
    text: a.text,
  };
}
