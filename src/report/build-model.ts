import { ResponseShapeError } from "../client/index.js";
import type { AgencyPlan } from "../config/agency-input.js";
import type { ChangeLog } from "../config/changes-file.js";
import type { Targets } from "../config/targets.js";
import type { ReportSection } from "../contract/index.js";
import { REPORT_SECTION_KEYS } from "../contract/index.js";
import { langOf } from "../format/i18n/index.js";
import { agencyModel } from "./agency.js";
import { changeLog } from "./change-log.js";
import { buildClaims, introClaims } from "./claims/build-claims.js";
import { citationsLead } from "./claims/competitor-claims.js";
import { weakestPlatform } from "./claims/platform-claims.js";
import { sentences } from "./claims/say.js";
import { targetClaims } from "./claims/target-claims.js";
import { coverageOf } from "./coverage.js";
import { byShortfall } from "./coverage-gap.js";
import { excerpt, markedEntities, shortNamesIn } from "./excerpt.js";
import type { EvidenceAnswer } from "./fetch-evidence.js";
import { reasonIn } from "./missing.js";
import type {
  ApiSections,
  Available,
  ContentMapModel,
  ContentModel,
  EvidenceItem,
  ReportData,
  ReportModel,
} from "./model.js";
import { opportunities as opportunitiesOf } from "./opportunities.js";
import { opportunityThemes } from "./opportunity-themes.js";
import { slugify } from "./slug.js";
import { checkTargets } from "./targets.js";

/** Builds the report model from fetched data: pure, so every backend sees the same numbers. */
/** What the agency adds to the fetched data (config). */
export interface AgencyInput {
  targets?: Targets;
  /** The agency's change log (docs/changes.md). */
  changes?: ChangeLog;
  /** The report's language (branding `locale`, `--locale`): the sentences the model writes (docs/i18n.md). */
  locale?: string;
  /** The agency's next steps, next review and account manager (docs/agency.md). */
  plan?: AgencyPlan;
}

export function buildModel(data: ReportData, agency: AgencyInput = {}): ReportModel {
  const lang = langOf(agency.locale);
  const sections = map(data.report, (r) => indexSections(r.sections));
  const contentMap = both(
    data.topics,
    data.sites,
    (t, sites): ContentMapModel => ({
      topics: t.topics,
      unclassified: t.unclassified,
      sites,
      untapped: t.topics.filter((x) => x.is_untapped),
      // An untapped topic is also a coverage gap by the API's flags; it is counted once, as untapped.
      gaps: t.topics.filter((x) => x.is_coverage_gap && !x.is_untapped).sort(byShortfall),
    }),
  );
  const content = map(data.content, (views): ContentModel => {
    const byStatus: Record<string, number> = {};
    for (const item of [...views.IDEAS, ...views.PLANNED, ...views.PRODUCED]) {
      byStatus[item.status] = (byStatus[item.status] ?? 0) + 1;
    }
    return { views, byStatus };
  });
  const changes =
    agency.changes && sections.ok && data.report.ok
      ? changeLog(agency.changes, data.report.value.period, sections.value.trend, data.leadIn)
      : null;
  const rivals = sections.ok
    ? sections.value.competitors.rows.filter((r) => !r.is_you).map((r) => r.name)
    : [];
  const opportunities = map(sections, (s) =>
    opportunitiesOf(s.prompts.gaps, data.project.brand_name, lang, changes, rivals),
  );
  const targets = map(sections, (s) => checkTargets(s, agency.targets ?? {}));
  // The weak spots the summary and the targets name get actions of their own (docs/claims.md, "Focus themes").
  const citationsBehind =
    targets.ok &&
    targets.value.some(
      (t) => t.metric === "citation_rate" && (t.status === "off_track" || t.status === "at_risk"),
    );
  const themes = both(opportunities, sections, (list, s) =>
    opportunityThemes(
      list,
      rivals,
      data.project.brand_name,
      lang,
      {
        citations: citationsBehind,
        citationsLead: citationsLead(s.competitors.rows),
        weakest: weakestPlatform(s),
      },
      changes,
    ),
  );
  const model: ReportModel = {
    cover: {
      workspace: data.workspace.ok ? data.workspace.value.name : "",
      project: data.project.name,
      projectSlug: slugify(data.project.name),
      brand: data.project.brand_name,
      brandDomain: data.project.brand_domain,
      range: data.report.ok ? data.report.value.range : (data.period.rolling ?? "custom"),
      period: data.report.ok ? data.report.value.period : null,
      tag: data.period.label,
      timezone: data.report.ok
        ? data.report.value.period.timezone
        : data.workspace.ok
          ? data.workspace.value.timezone
          : "UTC",
      generatedAt: data.fetchedAt,
    },
    sections,
    contentMap,
    content,
    competitorsTracked: map(data.setup, (s) => s.competitors.length),
    opportunities,
    themes,
    evidence: map(data.evidence, (answers) => evidenceItems(answers, data)),
    targets,
    changes,
    coverage:
      sections.ok && data.report.ok
        ? coverageOf(
            sections.value.trend,
            data.report.value.period,
            data.setup.ok ? data.setup.value.platforms : [],
          )
        : { days: 0, short: [] },
    agency: {
      wins: [],
      risks: [],
      nextSteps: [],
      nextReview: null,
      accountManager: null,
      delivered: [],
      hasContent: false,
      hasInput: false,
    },
    claims: [],
    findings: [],
    intros: [],
    omitted: [data.workspace, sections, contentMap, content].flatMap((a) =>
      a.ok ? [] : [reasonIn(lang, a)],
    ),
  };
  model.claims = buildClaims(model, lang);
  model.findings = sentences(model.claims, lang);
  model.intros = sentences(introClaims(model), lang);
  model.agency = agencyModel({
    claims: [...model.claims, ...(targets.ok ? targetClaims(targets.value) : [])],
    plan: agency.plan,
    changes,
    produced: content.ok ? content.value.views.PRODUCED : null,
    period: model.cover.period,
    timezone: model.cover.timezone,
  });
  return model;
}

/**
 * The quoted answers, in the picks' order, each cut to an excerpt with the names marked; an answer
 * the service no longer has is left out. Marked are only the entities the answer is known to name
 * (the service's detection: `brand_mentioned`, `competitors`), by any of their names: a tracked
 * competitor the text merely repeats from the prompt ("Lumora alternatives") is not one of them.
 * The caption names the competitors the quote marks, so the two always agree.
 */
function evidenceItems(answers: readonly EvidenceAnswer[], data: ReportData): EvidenceItem[] {
  const variants = data.setup.ok ? data.setup.value.brand.brand_variants : [];
  return answers.flatMap(({ pick, answer }): EvidenceItem[] => {
    if (!answer) return [];
    const segments = excerpt(
      answer.text,
      {
        brand: answer.brand_mentioned ? [data.project.brand_name, ...variants] : [],
        competitors: answer.competitors.map((c) => ({
          name: c.name,
          aliases: shortNamesIn(c.name, answer.text),
        })),
      },
      pick.kind === "gap" ? "competitor" : "brand",
    );
    return [
      {
        kind: pick.kind,
        promptText: pick.promptText,
        platform: answer.platform,
        collectedAt: answer.collected_at,
        segments,
        competitors: markedEntities(segments, "competitor"),
        mentionRate: pick.kind === "win" ? pick.mentionRate : null,
        delta: pick.kind === "win" ? pick.delta : null,
      },
    ];
  });
}

/**
 * Indexes the API's section array by key; a missing section is a contract breach, not zeros: the
 * service's answer is not what the contract promises, as the client's own checks would say.
 */
function indexSections(list: ReportSection[]): ApiSections {
  const byKey = new Map(list.map((s) => [s.key, s]));
  const missing = REPORT_SECTION_KEYS.filter((k) => !byKey.has(k));
  if (missing.length > 0)
    throw new ResponseShapeError(
      [{ path: "data.sections", message: `report is missing sections: ${missing.join(", ")}` }],
      { endpoint: "getReport" },
    );
  return Object.fromEntries(byKey) as ApiSections;
}

function map<T, U>(a: Available<T>, f: (v: T) => U): Available<U> {
  return a.ok ? { ok: true, value: f(a.value) } : a;
}

function both<A, B, U>(a: Available<A>, b: Available<B>, f: (a: A, b: B) => U): Available<U> {
  if (!a.ok) return a;
  if (!b.ok) return b;
  return { ok: true, value: f(a.value, b.value) };
}
