/** Seeds content items in every view and status: ideas, planned articles and produced articles. */

import { addDays } from "../../../contract/calendar.js";
import type { ContentBuyerStage, ContentStatus } from "../schema.js";
import type { SeedContext, SeededProject } from "./_context.js";
import { localTime } from "./_dates.js";
import { rngFor, uuidFor } from "./_prng.js";
import { AUDIENCES, CONTENT_SOURCES } from "./_vocabulary.js";

const TITLES = [
  "How to get started with {topic} in {audience}",
  "{topic}: a buyer's checklist",
  "Why {audience} are rethinking {topic}",
  "{topic} without spreadsheets",
  "The {topic} playbook for {audience}",
  "{topic} mistakes that cost pipeline",
  "What good {topic} looks like in practice",
] as const;

type Kind = "idea" | "planned" | ContentStatus;
/** How many items of each kind the main project gets; other projects get fewer. */
const MIX: readonly [Kind, number][] = [
  ["idea", 16],
  ["planned", 6],
  ["GENERATING", 3],
  ["GENERATED", 4],
  ["PUBLISHED", 6],
  ["FAILED", 2],
];
const IDEA_STAGES: readonly (ContentBuyerStage | null)[] = [
  "AWARENESS",
  "CONSIDERATION",
  "DECISION",
  "BALANCED",
  null,
];
const PRODUCED_STAGES: readonly ContentBuyerStage[] = ["AWARENESS", "CONSIDERATION", "DECISION"];

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Inserts the project's content items; returns how many. */
export async function seedContent(
  ctx: SeedContext,
  project: SeededProject,
  isMain: boolean,
): Promise<number> {
  const { plan } = project;
  const label = `${ctx.workspace.key}/${plan.key}`;
  const tz = ctx.workspace.timezone;
  const rng = rngFor(`${label}/content`);
  const rows = [];
  let n = 0;
  for (const [kind, full] of MIX) {
    const count = isMain ? full : Math.max(1, Math.round(full * 0.4));
    for (let i = 0; i < count; i++, n++) {
      const topic = plan.topics[n % plan.topics.length]!.name;
      const title = rng.pick(TITLES).replace("{topic}", topic).replace("{audience}", rng.pick(AUDIENCES));
      const heading = title.charAt(0).toUpperCase() + title.slice(1);
      const slug = slugify(heading);
      const produced = kind !== "idea" && kind !== "planned";
      const source =
        kind === "idea" ? CONTENT_SOURCES[i % CONTENT_SOURCES.length]! : rng.pick(CONTENT_SOURCES);
      const stage = produced
        ? PRODUCED_STAGES[i % 3]!
        : kind === "idea"
          ? IDEA_STAGES[i % IDEA_STAGES.length]!
          : rng.pick(PRODUCED_STAGES);
      const createdDay = addDays(ctx.asOf, -rng.int(produced ? 20 : 1, 75));
      const updatedDay = addDays(createdDay, rng.int(0, produced ? 15 : 3));
      // Produced articles were often planned first; planned ones are scheduled from tomorrow on.
      const plannedFor =
        kind === "planned"
          ? addDays(ctx.asOf, 1 + i * 4)
          : produced && i % 2 === 0
            ? addDays(updatedDay, -2)
            : null;
      const keywords = [topic.toLowerCase(), ...plan.categories.slice(0, 2).map((c) => c.name.toLowerCase())];
      const writtenOn = produced && kind !== "GENERATING" && kind !== "FAILED" ? updatedDay : null;
      const published = kind === "PUBLISHED";
      rows.push({
        id: uuidFor(`${label}/content/${n}`),
        project_id: project.id,
        title: heading,
        status: (produced ? kind : "NEW") as ContentStatus,
        buyer_stage: stage,
        source,
        keywords,
        article_promise: `Readers learn how ${topic.toLowerCase()} works and how to evaluate it for their team.`,
        scope_boundary: `Covers ${topic.toLowerCase()} for B2B teams; excludes vendor-specific setup guides.`,
        metadata: {
          keywords,
          source,
          ...(stage === "BALANCED" ? { buyer_stage: "BALANCED" } : {}),
          ...(kind === "FAILED" ? { error: "Generation timed out after 3 attempts" } : {}),
        },
        config: {
          autowrite: i % 3 === 0,
          planned_for: plannedFor,
          planned_time: plannedFor === null ? null : `${String(8 + (i % 4)).padStart(2, "0")}:00`,
        },
        written_on: writtenOn,
        published_on: published ? localTime(tz, updatedDay, 9, 30) : null,
        body:
          writtenOn === null
            ? null
            : `<h1>${heading}</h1><p>${topic} matters because buyers ask AI assistants about it.</p>`,
        cover_image: writtenOn === null ? null : `https://cdn.${plan.brand.domain}/covers/${slug}.png`,
        slug: produced ? slug : null,
        permalink: published ? `/blog/${slug}` : null,
        meta_title: writtenOn === null ? null : `${heading} | ${plan.brand.name}`,
        meta_description: writtenOn === null ? null : `A practical guide to ${topic.toLowerCase()}.`,
        post_url: published ? `https://${plan.brand.domain}/blog/${slug}` : null,
        created_at: localTime(tz, createdDay, 10 + (i % 8), (n * 7) % 60),
        updated_at: localTime(tz, updatedDay, 15, (n * 11) % 60),
      });
    }
  }
  await ctx.db.insertInto("content_items").values(rows).execute();
  return rows.length;
}
