import { z } from "zod";
import {
  InvariantError,
  MAX_TEXT,
  Platform,
  type PromptItem,
  projectId,
  type RateStats,
  type ReportPeriod,
  UNCATEGORIZED,
} from "../contract/index.js";
import type { ApiSections, ReportModel } from "../report/model.js";
import { ToolInputError } from "./errors.js";
import { PERIOD_INPUT, periodChoice } from "./period.js";
import { PROJECT_INPUT, projectFor } from "./project.js";
import { periodOf, reportModel } from "./report-data.js";
import { type Tool, type ToolContext, UNITS } from "./tool.js";

const METRICS = ["mention_rate", "citation_rate", "share_of_voice"] as const;
type Metric = (typeof METRICS)[number];

const input = z.strictObject({
  metric: z.enum(METRICS).describe("the headline metric whose change to explain"),
  platform: Platform.optional().describe("only this platform's rate"),
  category: z
    .string()
    .min(1)
    .max(MAX_TEXT)
    .optional()
    .describe("only this prompt category (name or id from get_setup)"),
  competitor: z
    .string()
    .min(1)
    .max(MAX_TEXT)
    .optional()
    .describe("a competitor's rate instead of the brand's (its name)"),
  prompt: projectId.unwrap().optional().describe("only this prompt (its id from list_prompts)"),
  project: PROJECT_INPUT,
  ...PERIOD_INPUT,
});
type Args = z.output<typeof input>;

/** Prompts listed as the ones that moved the rate most. */
const TOP_PROMPTS = 5;
/** Most prompts read per window. */
const PROMPT_CAP = 5_000;
const EVIDENCE = 2;

/** A rate's change as the report holds it: the API's delta and stats, the previous value derived. */
interface Change {
  current: number;
  previous: number | null;
  delta: number | null;
  /** null for a single prompt: the API gives no interval per prompt. */
  stats: RateStats | null;
}

const FIELDS = {
  mention_rate: { rate: "mention_rate", delta: "mention_delta", stats: "mention_stats" },
  citation_rate: { rate: "citation_rate", delta: "citation_delta", stats: "citation_stats" },
  share_of_voice: { rate: "share_of_voice", delta: "sov_delta", stats: "sov_stats" },
} as const;

type RateRow = Record<string, unknown>;

function rowChange(row: RateRow, f: { rate: string; delta: string; stats: string }): Change {
  const current = row[f.rate] as number;
  const delta = row[f.delta] as number;
  return { current, previous: current - delta, delta, stats: row[f.stats] as RateStats };
}

const scopeError = (name: string, message: string) => new ToolInputError({ [name]: [message] });

/**
 * The rules across the arguments, checked before anything is fetched: one scope at a time, and
 * share of voice only where the report has it (platforms, competitors).
 */
function checkScope(args: Args): void {
  const given = (["platform", "category", "competitor", "prompt"] as const).filter(
    (k) => args[k] !== undefined,
  );
  if (given.length > 1)
    throw scopeError(given[1]!, `cannot be given with ${given[0]}: explain one scope at a time`);
  if (args.metric === "share_of_voice" && (args.category !== undefined || args.prompt !== undefined))
    throw scopeError(
      "metric",
      "share_of_voice is reported per platform and competitor only: use mention_rate or citation_rate with category or prompt",
    );
}

/** The change of the metric in the scope the arguments name, from the report's own sections. */
function changeOf(s: ApiSections, args: Args): Change {
  const m: Metric = args.metric;
  if (args.platform !== undefined) {
    const row = s.platforms.rows.find((r) => r.platform === args.platform);
    if (!row)
      throw scopeError(
        "platform",
        `has no answers in the period; platforms with answers: ${s.platforms.rows.map((r) => r.platform).join(", ")}`,
      );
    return rowChange(row, FIELDS[m]);
  }
  if (args.competitor !== undefined) {
    const w = args.competitor.toLowerCase();
    const row = s.competitors.rows.find((r) => r.name.toLowerCase() === w);
    if (!row)
      throw scopeError("competitor", `must be one of: ${s.competitors.rows.map((r) => r.name).join(", ")}`);
    const f = m === "share_of_voice" ? { rate: "sov", delta: "sov_delta", stats: "sov_stats" } : FIELDS[m];
    return rowChange(row, f);
  }
  if (args.category !== undefined) {
    const row = categoryRow(s, args.category);
    return rowChange(row, FIELDS[m]);
  }
  if (args.prompt !== undefined) {
    const row = s.prompts.rows.find((r) => r.id === args.prompt?.toLowerCase());
    if (!row) throw scopeError("prompt", "is not a tracked prompt of the project (ids from list_prompts)");
    const rate = m === "mention_rate" ? row.mention_rate : row.citation_rate;
    const delta = m === "mention_rate" ? row.mention_rate_delta : row.citation_rate_delta;
    return { current: rate, previous: rate - delta, delta, stats: null };
  }
  const kpi = s.summary.rows.find((r) => r.metric === m);
  if (!kpi) throw scopeError("metric", "is not in the report's summary");
  return { current: kpi.current, previous: kpi.previous, delta: kpi.delta, stats: kpi.stats };
}

function categoryRow(s: ApiSections, wanted: string) {
  const w = wanted.toLowerCase();
  const row = s.categories.rows.find((r) => r.id === w || r.name.toLowerCase() === w);
  if (!row)
    throw scopeError("category", `must be one of: ${s.categories.rows.map((r) => r.name).join(", ")}`);
  return row;
}

/**
 * The prompts that moved the rate most: each prompt's rate in the period and in the comparison
 * period, from the prompts endpoint for both windows, paired by prompt (docs/mcp.md, "explain_change").
 */
async function promptMoves(
  ctx: ToolContext,
  project_id: string,
  model: ReportModel,
  s: ApiSections,
  args: Args,
  change: Change,
) {
  const p = model.cover.period as ReportPeriod;
  const rate = args.metric === "citation_rate" ? "citation_rate" : "mention_rate";
  const category =
    args.category !== undefined ? (categoryRow(s, args.category).id ?? UNCATEGORIZED) : undefined;
  const window = (start: string, end: string) =>
    ctx.client.collect(
      "listPrompts",
      {
        project_id,
        start,
        end,
        per_page: 100,
        ...(category !== undefined ? { category } : {}),
      },
      { max: PROMPT_CAP, ...(ctx.signal ? { signal: ctx.signal } : {}) },
    );
  const [now, before] = await Promise.all([window(p.start, p.end), window(p.previous_start, p.previous_end)]);
  const previous = new Map(before.map((x) => [x.id, x]));
  const paired = now.flatMap((x: PromptItem) => {
    const was = previous.get(x.id);
    if (!was) return [];
    return [
      {
        id: x.id,
        text: x.text,
        category: x.category?.name ?? null,
        current: x[rate],
        previous: was[rate],
        change: x[rate] - was[rate],
      },
    ];
  });
  const up = (change.delta ?? 0) >= 0;
  const ranked = paired
    .filter((x) => (args.prompt === undefined ? true : x.id === args.prompt.toLowerCase()))
    .sort((a, b) => (up ? b.change - a.change : a.change - b.change) || (a.id < b.id ? -1 : 1));
  return {
    metric: rate,
    compared: paired.length,
    prompts: ranked.slice(0, TOP_PROMPTS),
    ...(args.platform !== undefined || args.competitor !== undefined || args.metric === "share_of_voice"
      ? {
          note: `per-prompt figures are the brand's ${rate} across all platforms: the API has no per-prompt figures by platform, by competitor or for share of voice`,
        }
      : {}),
  };
}

/** The change-log entries inside the period that concern the scope, with their before/after. */
function changesOf(model: ReportModel, s: ApiSections, args: Args) {
  // The change log names a category by its name; the argument may be its id.
  const category = args.category !== undefined ? categoryRow(s, args.category).name.toLowerCase() : undefined;
  if (model.changes === null)
    return { note: "no change log given (vreport mcp --changes <file>, or the config file's changes)" };
  const entries = model.changes.impacts
    .filter((i) =>
      args.platform === undefined
        ? true
        : i.entry.platform === undefined || i.entry.platform === args.platform,
    )
    .filter((i) =>
      category === undefined
        ? true
        : i.entry.category === undefined || i.entry.category.toLowerCase() === category,
    )
    .map((i) => ({
      date: i.entry.date,
      label: i.entry.label,
      ...(i.entry.platform !== undefined ? { platform: i.entry.platform } : {}),
      ...(i.entry.category !== undefined ? { category: i.entry.category } : {}),
      before: i.before,
      after: i.after,
      change: i.change,
    }));
  return {
    entries,
    note: "before/after: the mention rate over the 14 days before the entry and the 14 days from it on, in the entry's scope (every platform, its platform or its category)",
  };
}

/** Two quoted answers: those of the scope first (its prompt, its platform), then the report's others. */
function evidenceOf(model: ReportModel, s: ApiSections, args: Args) {
  if (!model.evidence.ok) return { unavailable: model.evidence.reason };
  const promptText =
    args.prompt !== undefined
      ? s.prompts.rows.find((r) => r.id === args.prompt?.toLowerCase())?.text
      : undefined;
  const fits = (e: (typeof model.evidence.value)[number]) =>
    (args.platform === undefined || e.platform === args.platform) &&
    (promptText === undefined || e.promptText === promptText);
  const ordered = [...model.evidence.value.filter(fits), ...model.evidence.value.filter((e) => !fits(e))];
  return ordered.slice(0, EVIDENCE).map((e) => ({
    kind: e.kind,
    prompt: e.promptText,
    platform: e.platform,
    collected_at: e.collectedAt,
    quote: e.segments.map((x) => x.text).join(""),
    competitors_named: e.competitors,
  }));
}

/** `explain_change`: why a rate moved, with the report's significance rule, the prompts behind it and the evidence. */
export const explainChangeTool: Tool<typeof input> = {
  name: "explain_change",
  description: `Explains a change of mention rate, citation rate or share of voice between the period and its comparison period, for the brand or one platform, category, competitor or prompt: the change with its 95% interval and whether it is significant (say it moved only if significant is true), the prompts that moved it most (each prompt's rate in both periods, paired), the agency's change-log entries in the period with the rate before and after, and two quoted answers as evidence. ${UNITS}`,
  input,
  async run(args, ctx) {
    const period = periodChoice(args);
    checkScope(args);
    const project = await projectFor(ctx, args.project);
    const model = await reportModel(ctx, project, period);
    // reportModel refuses a report the key cannot read (a MissingScopeError), so its sections are here.
    if (!model.sections.ok) throw new InvariantError(model.sections.reason);
    const s = model.sections.value;
    const change = changeOf(s, args);
    const significant = change.stats?.significant ?? null;
    return {
      data: {
        project: model.cover.project,
        period: periodOf(model),
        metric: args.metric,
        scope: args.platform ?? args.category ?? args.competitor ?? args.prompt ?? "all",
        change: { ...change, significant },
        verdict:
          change.delta === null
            ? "no comparison: the comparison period has no data"
            : significant === null
              ? "no interval for a single prompt: treat the change as indicative"
              : significant
                ? "significant change"
                : "not a significant change: say the rate held steady",
        prompts_moving_it: await promptMoves(ctx, project.id, model, s, args, change),
        change_log: changesOf(model, s, args),
        evidence: evidenceOf(model, s, args),
      },
    };
  },
};
