/**
 * The demo's daily snapshots of one project, generated as COPY-ready batches: answers, their
 * citations and the URLs first cited in each batch. Pure and structured-clone friendly (plain job
 * in, bytes out), so it runs in a worker thread while the database loads the previous batch.
 */
import type { UrlOwner } from "../schema.js";
import { composeAnswer, type MentionedEntity } from "./_answer-text.js";
import type { CatalogPage } from "./_catalog.js";
import type { SeededPrompt } from "./_context.js";
import { copyRow, copyText } from "./_copy-text.js";
import { curveAt } from "./_curve.js";
import { dayRange, localTime } from "./_dates.js";
import type { ProjectPlan } from "./_plans.js";
import { derivedUuid, rngFor, uuidBytes } from "./_prng.js";
import { UrlRegistry } from "./_url-registry.js";
import { THIRD_PARTY_PAGES } from "./_vocabulary.js";

/** Everything the generator reads: plain data, so it can be posted to a worker. */
export interface AnswerJob {
  /** `<workspace key>/<project key>`, the root of every seeded id and random stream. */
  label: string;
  projectId: string;
  plan: ProjectPlan;
  competitorIds: readonly string[];
  categoryIds: readonly string[];
  prompts: readonly SeededPrompt[];
  catalog: readonly CatalogPage[];
  timezone: string;
  asOf: string;
  days: number;
}

/** One batch as COPY text (UTF-8): new URLs first, since citations reference them. */
export interface AnswerBatch {
  urls: Uint8Array<ArrayBuffer>;
  answers: Uint8Array<ArrayBuffer>;
  citations: Uint8Array<ArrayBuffer>;
  answerCount: number;
  citationCount: number;
  /** Distinct URLs registered so far (the last batch's is the project's total). */
  urlsSoFar: number;
}

/** Share of answers that name no vendor at all. */
const NOBODY_RATE = 0.06;
/** Chance the brand's page is cited although the answer does not name the brand. */
const SILENT_BRAND_CITATION = 0.04;
/** Answers per batch, to bound memory at large scales. */
const BATCH_ANSWERS = 20_000;

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

/**
 * Yields the project's snapshots in batches of about BATCH_ANSWERS answers; the last batch (possibly
 * empty) closes the sequence. Same job, same bytes: every random stream is seeded by name.
 */
export function* answerBatches(job: AnswerJob): Generator<AnswerBatch, void> {
  const { plan, label } = job;
  const entities = [plan.brand, ...plan.competitors];
  const ownerIds = [null, ...job.competitorIds];
  const pools = entities.map((_, owner) => job.catalog.filter((p) => p.owner === owner));
  const urls = new UrlRegistry(label, job.projectId);
  const days = planDays(plan, dayRange(job.asOf, job.days));
  const launchCategoryId = plan.launch
    ? (job.categoryIds[plan.categories.findIndex((c) => c.name === plan.launch?.category)] ?? null)
    : null;
  const encoder = new TextEncoder();
  // Rows are encoded as they are generated: holding row arrays for a whole batch doubled the GC time.
  let answers: string[] = [];
  let citations: string[] = [];
  const pending = { answers: 0, citations: 0 };
  const take = (): AnswerBatch => {
    const batch: AnswerBatch = {
      urls: encoder.encode(copyText(urls.takePendingRows())),
      answers: encoder.encode(answers.join("")),
      citations: encoder.encode(citations.join("")),
      answerCount: pending.answers,
      citationCount: pending.citations,
      urlsSoFar: urls.size,
    };
    answers = [];
    citations = [];
    pending.answers = 0;
    pending.citations = 0;
    return batch;
  };

  for (const [promptIndex, prompt] of job.prompts.entries()) {
    // One stream per prompt: a prompt's answers do not depend on how many prompts the scale adds.
    const rng = rngFor(`${label}/answers/${prompt.id}`);
    const idBase = uuidBytes(`${label}/answer/${prompt.id}`);
    const launched = launchCategoryId !== null && prompt.categoryId === launchCategoryId;
    for (const { day, dayNumber, base, brandFactor, launchFactor } of days) {
      const dayStart = localTime(job.timezone, day, 6).getTime();
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
          const [url, title] = THIRD_PARTY_PAGES[Math.floor(rng.next() ** 1.5 * THIRD_PARTY_PAGES.length)]!;
          const before = cited.size;
          cite(url, "other", -1, title);
          if (cited.size === before && rng.chance(0.5)) break;
        }

        const answerId = derivedUuid(idBase, dayNumber, platformIndex);
        const list = rng.shuffle([...cited.values()]);
        const citedCompetitors = [
          ...new Set(list.filter((c) => c.ownerIndex > 0).map((c) => ownerIds[c.ownerIndex] as string)),
        ];
        const mentionedCompetitors = order.filter((e) => e > 0).map((e) => ownerIds[e] as string);
        const collectedAt = new Date(dayStart + (platformIndex * 9 + (promptIndex % 7)) * 60_000);
        pending.answers++;
        answers.push(
          copyRow([
            answerId,
            job.projectId,
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
        pending.citations += list.length;
        list.forEach((c, i) => {
          citations.push(copyRow([answerId, c.id, i + 1, c.title, job.projectId, day, prompt.id, platform]));
        });
      }
    }
    if (pending.answers >= BATCH_ANSWERS) yield take();
  }
  yield take();
}
