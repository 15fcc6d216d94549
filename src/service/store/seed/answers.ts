/** Seeds the daily snapshots of a project: answers, their citations and the distinct cited URLs. */
import type { UrlOwner } from "../schema.js";
import { composeAnswer, type MentionedEntity } from "./_answer-text.js";
import { type Column, copyRow } from "./_bulk.js";
import type { CatalogPage } from "./_catalog.js";
import type { SeedContext, SeededProject } from "./_context.js";
import { curveAt } from "./_curve.js";
import { dayRange, localTime } from "./_dates.js";
import type { ProjectPlan } from "./_plans.js";
import { derivedUuid, rngFor, uuidBytes } from "./_prng.js";
import { UrlRegistry } from "./_url-registry.js";
import { THIRD_PARTY_PAGES } from "./_vocabulary.js";

const ANSWER_COLUMNS: readonly Column[] = [
  ["id", "uuid"],
  ["project_id", "uuid"],
  ["prompt_id", "uuid"],
  ["platform", "text"],
  ["collected_at", "timestamptz"],
  ["day", "date"],
  ["preview", "text"],
  ["text", "text"],
  ["brand_mentioned", "boolean"],
  ["brand_cited", "boolean"],
  ["competitor_found", "boolean"],
  ["mentioned_competitor_ids", "uuid[]"],
  ["cited_competitor_ids", "uuid[]"],
  ["mention_excerpts", "text[]"],
];
const CITATION_COLUMNS: readonly Column[] = [
  ["answer_id", "uuid"],
  ["url_id", "uuid"],
  ["position", "integer"],
  ["title", "text"],
  ["project_id", "uuid"],
  ["day", "date"],
  ["prompt_id", "uuid"],
  ["platform", "text"],
];
const URL_COLUMNS: readonly Column[] = [
  ["id", "uuid"],
  ["project_id", "uuid"],
  ["url", "text"],
  ["raw_url", "text"],
  ["domain", "text"],
  ["owner", "text"],
  ["competitor_id", "uuid"],
];

/** Share of answers that name no vendor at all. */
const NOBODY_RATE = 0.06;
/** Chance the brand's page is cited although the answer does not name the brand. */
const SILENT_BRAND_CITATION = 0.04;
/** Answers generated before each flush, to bound memory at large scales. */
const FLUSH_ANSWERS = 20_000;

/** What every prompt shares on one day: the story's factors (docs/demo-data.md), computed once. */
interface DayPlan {
  day: string;
  dayNumber: number;
  /** Base mention chance of each entity (brand first). */
  base: number[];
  /** The brand's multiplier per platform (platform trend × weekday); null where the platform collected nothing. */
  brandFactor: (number | null)[];
  /** The launch's multiplier per platform, for prompts of the launch category. */
  launchFactor: number[];
}

function planDays(plan: ProjectPlan, days: readonly string[]): DayPlan[] {
  const entities = [plan.brand, ...plan.competitors];
  const { launch } = plan;
  return days.map((day, d) => {
    const offset = d - (days.length - 1);
    const dayNumber = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
    const weekday = plan.weekday[new Date(dayNumber * 86_400_000).getUTCDay()] ?? 1;
    const built =
      launch && offset >= launch.offset ? Math.min(1, (offset - launch.offset) / launch.rampDays) : 0;
    return {
      day,
      dayNumber,
      base: entities.map((entity) => curveAt(entity.mention, offset)),
      brandFactor: plan.platforms.map((platform) => {
        if (plan.outages.some((o) => o.platform === platform && offset >= o.from && offset <= o.to))
          return null;
        const trend = plan.platformTrend[platform];
        return (trend ? curveAt(trend, offset) : 1) * weekday;
      }),
      launchFactor: plan.platforms.map((platform) =>
        launch && !launch.unaffected.includes(platform) ? 1 + (launch.lift - 1) * built : 1,
      ),
    };
  });
}

export interface AnswerCounts {
  answers: number;
  citations: number;
  urls: number;
}

/** Generates and bulk-loads every snapshot of `project` for the seed's days. */
export async function seedAnswers(
  ctx: SeedContext,
  project: SeededProject,
  catalog: CatalogPage[],
): Promise<AnswerCounts> {
  const { plan } = project;
  const label = `${ctx.workspace.key}/${plan.key}`;
  const entities = [plan.brand, ...plan.competitors];
  const ownerIds = [null, ...project.competitorIds];
  const pools = entities.map((_, owner) => catalog.filter((p) => p.owner === owner));
  const urls = new UrlRegistry(label, project.id);
  const days = planDays(plan, dayRange(ctx.asOf, ctx.days));
  const launchCategoryId = plan.launch
    ? (project.categoryIds[plan.categories.findIndex((c) => c.name === plan.launch?.category)] ?? null)
    : null;
  const counts: AnswerCounts = { answers: 0, citations: 0, urls: 0 };
  // Rows are encoded as they are generated: holding row arrays for a whole batch doubled the GC time.
  let answers: string[] = [];
  let citations: string[] = [];
  let pendingAnswers = 0;
  let pendingCitations = 0;

  const flush = async (): Promise<void> => {
    await ctx.bulk.insert("urls", URL_COLUMNS, urls.takePendingRows());
    await ctx.bulk.insertText("answers", ANSWER_COLUMNS, answers.join(""));
    await ctx.bulk.insertText("citations", CITATION_COLUMNS, citations.join(""));
    counts.answers += pendingAnswers;
    counts.citations += pendingCitations;
    answers = [];
    citations = [];
    pendingAnswers = 0;
    pendingCitations = 0;
  };

  for (const [promptIndex, prompt] of project.prompts.entries()) {
    // One stream per prompt: a prompt's answers do not depend on how many prompts the scale adds.
    const rng = rngFor(`${label}/answers/${prompt.id}`);
    const idBase = uuidBytes(`${label}/answer/${prompt.id}`);
    const launched = launchCategoryId !== null && prompt.categoryId === launchCategoryId;
    for (const { day, dayNumber, base, brandFactor, launchFactor } of days) {
      const dayStart = localTime(ctx.workspace.timezone, day, 6).getTime();
      for (const [platformIndex, platform] of plan.platforms.entries()) {
        const factor = brandFactor[platformIndex] ?? null;
        if (factor === null) continue;
        const nobody = rng.chance(NOBODY_RATE);
        const mentioned: number[] = [];
        for (let e = 0; e < entities.length; e++) {
          let p = (base[e] ?? 0) * (prompt.affinity[e] ?? 1);
          if (e === 0) p *= factor * (launched ? (launchFactor[platformIndex] ?? 1) : 1);
          if (!nobody && rng.chance(Math.min(0.95, p))) mentioned.push(e);
        }
        const order = rng.shuffle(mentioned);
        const written: MentionedEntity[] = order.map((e) => {
          const entity = entities[e]!;
          return {
            written: rng.pick(entity.variants),
            strength: rng.pick(entity.strengths),
            isBrand: e === 0,
          };
        });
        const body = composeAnswer(rng, prompt.subject, prompt.audience, written);

        const cited = new Map<
          string,
          { id: string; owner: UrlOwner; ownerIndex: number; title: string | null }
        >();
        const cite = (url: string, owner: UrlOwner, ownerIndex: number, title: string): void => {
          if (cited.size >= 4) return;
          const entry = urls.get(url, owner, ownerIndex > 0 ? (ownerIds[ownerIndex] ?? null) : null);
          if (!cited.has(entry.id))
            cited.set(entry.id, { id: entry.id, owner, ownerIndex, title: rng.chance(0.9) ? title : null });
        };
        const citeEntity = (e: number): void => {
          const pool = pools[e]!;
          // Skewed pick: a few pages collect most citations, as in real data.
          const page = pool[Math.floor(rng.next() ** 2 * pool.length)]!;
          cite(page.url, e === 0 ? "you" : "competitor", e, page.title);
        };
        for (const e of order) if (rng.chance(entities[e]!.citeRate)) citeEntity(e);
        if (!mentioned.includes(0) && rng.chance(SILENT_BRAND_CITATION)) citeEntity(0);
        const target = rng.int(1, 4);
        while (cited.size < target) {
          const [domain, path, title] =
            THIRD_PARTY_PAGES[Math.floor(rng.next() ** 1.5 * THIRD_PARTY_PAGES.length)]!;
          const before = cited.size;
          cite(`https://${domain}${path}`, "other", -1, title);
          if (cited.size === before && rng.chance(0.5)) break;
        }

        const answerId = derivedUuid(idBase, dayNumber, platformIndex);
        const list = rng.shuffle([...cited.values()]);
        const citedCompetitors = [
          ...new Set(list.filter((c) => c.ownerIndex > 0).map((c) => ownerIds[c.ownerIndex] as string)),
        ];
        const mentionedCompetitors = order.filter((e) => e > 0).map((e) => ownerIds[e] as string);
        const collectedAt = new Date(dayStart + (platformIndex * 9 + (promptIndex % 7)) * 60_000);
        pendingAnswers++;
        answers.push(
          copyRow([
            answerId,
            project.id,
            prompt.id,
            platform,
            collectedAt,
            day,
            body.preview,
            body.text,
            mentioned.includes(0),
            list.some((c) => c.owner === "you"),
            mentionedCompetitors.length > 0,
            mentionedCompetitors,
            citedCompetitors,
            body.excerpts,
          ]),
        );
        pendingCitations += list.length;
        list.forEach((c, i) => {
          citations.push(copyRow([answerId, c.id, i + 1, c.title, project.id, day, prompt.id, platform]));
        });
      }
    }
    if (pendingAnswers >= FLUSH_ANSWERS) await flush();
  }
  await flush();
  counts.urls = urls.size;
  return counts;
}
