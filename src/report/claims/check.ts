import type { Notes } from "../../config/notes-file.js";
import { platformName } from "../../format/figures.js";
import type { ReportModel } from "../model.js";
import type { Claim } from "./claim.js";
import { topRisingRival } from "./competitor-claims.js";
import { publishedOn } from "./content-claims.js";
import { competitorsNamed, kindOf } from "./done-work.js";
import { platformExtremes, tiedAtUnnamedEnd } from "./platform-claims.js";
import { languageOf } from "./text-language.js";

/** A consistency rule of the report's self-check (docs/claims.md, "The self-check"). */
export type CheckRule =
  | "untapped-with-content"
  | "repeats-done-work"
  | "unaddressed"
  | "overtaken-unsaid"
  | "surge-unsaid"
  | "true-of-every-row"
  | "tie-called-extreme"
  | "coverage-unsaid"
  | "win-or-risk-untrue"
  | "stale-next-step"
  | "no-plan"
  | "counts-disagree"
  | "notes-language"
  | "no-answers";

/** Something the report says that does not hold against its data or its other claims. */
export interface CheckFinding {
  rule: CheckRule;
  /** One line for the agency, in English (it is printed by `generate`, not sent to the client). */
  message: string;
}

/**
 * Checks the report's claims against each other, the model and the agency's notes, before
 * anything is rendered. The claims are built to hold these rules, so a finding about them is a
 * defect of the rules; the rest (an agency note proposing done work, a target or platform no
 * action addresses) is what the report cannot resolve itself and the agency must see.
 */
export function checkReport(model: ReportModel, notes: Notes = {}, language = "en"): CheckFinding[] {
  return [
    ...untappedWithContent(model),
    ...repeatsDoneWork(model, notes),
    ...unaddressed(model),
    ...overtakenUnsaid(model),
    ...surgeUnsaid(model),
    ...trueOfEveryRow([...model.claims, ...model.agency.wins, ...model.agency.risks]),
    ...tieCalledExtreme(model),
    ...coverageUnsaid(model),
    ...winOrRiskUntrue(model),
    ...staleNextSteps(model),
    ...noPlan(model, notes),
    ...countsDisagree(model),
    ...notesLanguage(notes, language),
    ...noAnswers(model),
  ];
}

/**
 * A period without a single answer: the report says so and nothing else, which no client should
 * be sent as their month (a collection that stopped, a client whose data lies in other months).
 */
function noAnswers(model: ReportModel): CheckFinding[] {
  return model.claims.some((c) => c.kind === "no-answers")
    ? [
        {
          rule: "no-answers",
          message:
            "no answers were collected in this period: the report has no figures; check the collection, or report a period that has data",
        },
      ]
    : [];
}

/**
 * The agency's notes are printed as written, so a note in another language than the report's
 * (English commentary in a German report) is the agency's to translate, or the client's locale
 * to change (docs/claims.md, "The self-check").
 */
function notesLanguage(notes: Notes, language: string): CheckFinding[] {
  const name = (code: string) => new Intl.DisplayNames("en", { type: "language" }).of(code) ?? code;
  return Object.entries(notes).flatMap(([section, text]) => {
    const written = text === undefined ? null : languageOf(text);
    return written === null || written === language
      ? []
      : [
          {
            rule: "notes-language" as const,
            message: `the notes' ${section} section reads as ${name(written)} while the report is in ${name(language)}: translate it, or set the client's locale`,
          },
        ];
  });
}

/**
 * The summary's gap prompts and the opportunities' intro count the same prompts: they must give
 * the same numbers (docs/claims.md, "Section intros"). When every tracked prompt has a gap, the
 * summary quotes those where most answers are gaps, and the intro says both counts.
 */
function countsDisagree(model: ReportModel): CheckFinding[] {
  const gaps = model.claims.find((c) => c.kind === "gaps");
  const themes = model.intros.map((f) => f.claim).find((c) => c.kind === "themes");
  if (gaps?.kind !== "gaps" || themes?.kind !== "themes") return [];
  const every = themes.every;
  const agree =
    gaps.scope === "any"
      ? every === null && themes.prompts === gaps.prompts
      : every === null
        ? gaps.trackedPrompts <= 1
        : every.tracked === gaps.trackedPrompts && every.mostly === gaps.prompts;
  if (agree) return [];
  const intro =
    every === null
      ? `${themes.prompts} gap prompts`
      : `${every.tracked} tracked, ${every.mostly} mostly gaps`;
  return [
    {
      rule: "counts-disagree",
      message: `the opportunities' intro counts ${intro} where the summary says ${gaps.prompts} of ${gaps.trackedPrompts} (${gaps.scope === "most" ? "most answers" : "any answer"})`,
    },
  ];
}

/**
 * An agency note written for the period without a next step or a next review: the agency's page
 * shows the client no plan, so the agency is asked for one. Without an agency note the page has
 * no plan by choice (and a draft without any notes says "no commentary yet").
 */
function noPlan(model: ReportModel, notes: Notes): CheckFinding[] {
  const a = model.agency;
  if (notes.agency === undefined || a.nextSteps.length > 0 || a.nextReview !== null) return [];
  return [
    {
      rule: "no-plan",
      message:
        "the agency's page has no next steps and no next review for this period: add them to the notes' agency section (### next_steps, ### next_review)",
    },
  ];
}

/** No topic is called untapped where the client has published on it. */
function untappedWithContent(model: ReportModel): CheckFinding[] {
  const content = model.content.ok ? model.content.value : null;
  const by = model.cover.period?.end ?? null;
  return model.claims.flatMap((c) =>
    c.kind === "untapped"
      ? c.topics.flatMap((t) => {
          const items = publishedOn(content, t, by).length;
          return items > 0
            ? [
                {
                  rule: "untapped-with-content" as const,
                  message: `the summary calls “${t.name}” untapped, but the client published ${items} item(s) on it by ${by}`,
                },
              ]
            : [];
        })
      : [],
  );
}

/**
 * No suggested action repeats a change-log entry. The model replaces such actions by the entry's
 * before and after; what remains is the agency's own note proposing the same work again.
 */
function repeatsDoneWork(model: ReportModel, notes: Notes): CheckFinding[] {
  const out: CheckFinding[] = [];
  const impacts = model.changes?.done ?? [];
  const rivals = model.sections.ok
    ? model.sections.value.competitors.rows.filter((r) => !r.is_you).map((r) => r.name)
    : [];
  // Read sentence by sentence: a sentence that quotes the entry's label reports the work done
  // ("Comparison pages against Lumora are live since …"); one that does not, proposes it again.
  const said = (notes.opportunities ?? "").split(/(?<=[.!?;])\s+|\n{2,}/);
  for (const { entry } of impacts) {
    const kind = kindOf(entry.label);
    if (kind === null) continue;
    const label = entry.label.toLocaleLowerCase();
    const proposals = said.filter((x) => kindOf(x) === kind && !x.toLocaleLowerCase().includes(label));
    const named = competitorsNamed(entry.label, rivals);
    const proposes = named.filter((c) => proposals.some((x) => competitorsNamed(x, [c]).length > 0));
    for (const rival of proposes)
      out.push({
        rule: "repeats-done-work",
        message: `the agency's note on opportunities proposes work about ${rival} that the change log lists as done on ${entry.date} (“${entry.label}”): say what it did instead`,
      });
  }
  const list = model.opportunities.ok ? model.opportunities.value : [];
  for (const o of list)
    if (o.rule !== "done" && o.done)
      out.push({
        rule: "repeats-done-work",
        message: `the action for “${o.prompt_text}” repeats “${o.done.entry.label}” (${o.done.entry.date})`,
      });
  return out;
}

/**
 * Every target off track or at risk, and the platform the summary calls weakest, has at least one
 * action. An action addresses a platform when it names it (the "platforms" rule), its gap is on
 * that platform alone among those that never name the brand, or it is the platform's focus theme;
 * mention rate and share of voice are addressed by any open action (every action answers a mention
 * gap), citation rate by the citations focus theme (docs/claims.md, "Focus themes").
 */
function unaddressed(model: ReportModel): CheckFinding[] {
  const out: CheckFinding[] = [];
  const open = (model.opportunities.ok ? model.opportunities.value : []).filter((o) => o.rule !== "done");
  const onPlatform = (p: string) =>
    open.some((o) => o.gap_platforms.includes(p as never) && !o.brand_platforms.includes(p as never));
  const themes = (model.themes.ok ? model.themes.value : []).filter((t) => t.done === null);
  const focused = (key: string) => themes.some((t) => t.key === key);
  const targets = model.targets.ok ? model.targets.value : [];
  for (const t of targets) {
    if (t.status !== "off_track" && t.status !== "at_risk") continue;
    const addressed =
      t.metric === "citation_rate"
        ? focused("citations")
        : t.platform === null
          ? open.length > 0
          : onPlatform(t.platform) || focused(`platform:${t.platform}`);
    if (!addressed)
      out.push({
        rule: "unaddressed",
        message: `the ${t.platform === null ? "" : `${platformName(t.platform)} `}${t.metric.replace(/_/g, " ")} target is ${t.status.replace("_", " ")}, and no action of the report addresses it${t.metric === "citation_rate" ? " (no gap answer cites a competitor page to answer better)" : ""}: add one to the notes, or say why none`,
      });
  }
  for (const c of model.claims) {
    if (c.kind !== "platform-extremes" || !c.weakest) continue;
    if (!onPlatform(c.weakest.platform) && !focused(`platform:${c.weakest.platform}`))
      out.push({
        rule: "unaddressed",
        message: `the summary calls ${platformName(c.weakest.platform)} the weakest platform, and no action addresses it: add one to the notes, or say why none`,
      });
  }
  return out;
}

/** A competitor that overtook the client on a headline metric is named in the summary. */
function overtakenUnsaid(model: ReportModel): CheckFinding[] {
  if (!model.sections.ok) return [];
  const named = new Set(model.claims.flatMap((c) => c.subjects));
  const rows = model.sections.value.competitors.rows;
  const you = rows.find((r) => r.is_you);
  if (!you || model.claims.some((c) => c.kind === "no-comparison")) return [];
  const pairs = [
    ["mention rate", (r: typeof you) => [r.mention_rate, r.mention_rate - r.mention_delta]],
    ["citation rate", (r: typeof you) => [r.citation_rate, r.citation_rate - r.citation_delta]],
    ["share of voice", (r: typeof you) => [r.sov, r.sov - r.sov_delta]],
  ] as const;
  return rows.flatMap((r) => {
    if (r.is_you || named.has(r.name)) return [];
    const overtook = pairs.filter(([, of]) => {
      const [now, before] = of(r);
      const [mine, mineBefore] = of(you);
      return now! > mine! && before! <= mineBefore!;
    });
    return overtook.map(([metric]) => ({
      rule: "overtaken-unsaid" as const,
      message: `${r.name} overtook the client on ${metric}, and the summary does not say so`,
    }));
  });
}

/**
 * The competitor whose mention rate rose most, significantly, is named in the summary: in a
 * sentence of its own or in an overtaking (docs/claims.md, "A competitor's surge is in the summary").
 */
function surgeUnsaid(model: ReportModel): CheckFinding[] {
  if (!model.sections.ok || model.claims.some((c) => c.kind === "no-comparison")) return [];
  // The same competitor the claim is built for: a tie broken otherwise would ask for the other.
  const top = topRisingRival(model.sections.value.competitors.rows);
  if (!top || model.claims.some((c) => c.subjects.includes(top.name))) return [];
  return [
    {
      rule: "surge-unsaid",
      message: `${top.name}'s mention rate rose significantly (${(top.mention_delta * 100).toFixed(1)} pp), more than any other competitor's, and the summary does not say so`,
    },
  ];
}

/** No claim counts every row: a statement true of every tracked prompt tells the reader nothing. */
function trueOfEveryRow(claims: readonly Claim[]): CheckFinding[] {
  return claims.flatMap((c) =>
    c.kind === "gaps" && c.scope === "any" && c.prompts >= c.trackedPrompts
      ? [
          {
            rule: "true-of-every-row" as const,
            message: `the gaps claim counts all ${c.trackedPrompts} tracked prompts`,
          },
        ]
      : [],
  );
}

/** Ties are never strongest or weakest. */
function tieCalledExtreme(model: ReportModel): CheckFinding[] {
  if (!model.sections.ok) return [];
  const rows = model.sections.value.platforms.rows.filter((p) => p.snapshots > 0);
  const truth = platformExtremes(rows);
  return model.claims.flatMap((c) => {
    if (c.kind !== "platform-extremes") return [];
    const wrong = [
      c.strongest && c.strongest.platform !== truth.strongest?.platform ? "strongest" : null,
      c.weakest && c.weakest.platform !== truth.weakest?.platform ? "weakest" : null,
    ].filter((w): w is string => w !== null);
    // The end it does not name: as many platforms share it as the sentence says.
    const tied = tiedAtUnnamedEnd(c, truth.holders);
    return [
      ...wrong.map((w) => ({
        rule: "tie-called-extreme" as const,
        message: `the summary names a ${w} platform that shares its rate`,
      })),
      ...(c.tied !== tied
        ? [
            {
              rule: "tie-called-extreme" as const,
              message: `the summary says ${c.tied} platforms share a rate that ${tied} share`,
            },
          ]
        : []),
    ];
  });
}

/** Every platform short of collections is named by the summary's coverage claim (docs/claims.md, "Data coverage"). */
function coverageUnsaid(model: ReportModel): CheckFinding[] {
  const said = new Set(
    model.claims.flatMap((c) => (c.kind === "coverage" ? c.platforms.map((p) => p.platform) : [])),
  );
  return model.coverage.short
    .filter((p) => !said.has(p.platform))
    .map((p) => ({
      rule: "coverage-unsaid" as const,
      message: `${platformName(p.platform)} collected nothing on ${p.missingDays} and less than the others on ${p.partialDays} day(s), and the summary does not say so`,
    }));
}

/** A win is good news and a risk bad news for the client; a change among them is significant. */
function winOrRiskUntrue(model: ReportModel): CheckFinding[] {
  const wrong = (c: Claim, tone: Claim["tone"]) =>
    c.tone !== tone || ((c.kind === "rate-change" || c.kind === "competitor-rose") && !c.stats.significant);
  return [
    ...model.agency.wins.filter((c) => wrong(c, "positive")).map((c) => ({ c, as: "win" })),
    ...model.agency.risks.filter((c) => wrong(c, "negative")).map((c) => ({ c, as: "risk" })),
  ].map(({ c, as }) => ({
    rule: "win-or-risk-untrue" as const,
    message: `the agency page lists a ${c.kind} claim as a ${as} that is not one (tone ${c.tone})`,
  }));
}

/**
 * The agency's plan looks forward: a next step due, or a next review set, before the report's
 * as-of day is left over from an earlier period (docs/agency.md).
 */
function staleNextSteps(model: ReportModel): CheckFinding[] {
  const asOf = model.cover.period?.as_of;
  if (asOf === undefined) return [];
  const a = model.agency;
  return [
    ...a.nextSteps
      .filter((s) => s.due < asOf)
      .map(
        (s) =>
          `the next step “${s.step}” was due on ${s.due}, before the report's day ${asOf}: update the agency note`,
      ),
    ...(a.nextReview !== null && a.nextReview < asOf
      ? [`the next review (${a.nextReview}) is before the report's day ${asOf}: update the agency note`]
      : []),
  ].map((message) => ({ rule: "stale-next-step" as const, message }));
}
