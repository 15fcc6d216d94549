/**
 * The report's words held to data no fixture was written for: random workspaces (competitors,
 * platforms, missing days, ties, targets, change logs, content with and without classification)
 * ingested into a real store, served over HTTP and planned as `generate` plans them. For every
 * report the self-check's rules hold (docs/claims.md), every finding the report cannot resolve is
 * among the lines `generate` prints, and every highlight of an evidence quote is a name of the
 * entity it marks, found in the answer's own text.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import type { ChangeLog } from "../../src/config/changes-file.js";
import type { Targets } from "../../src/config/targets.js";
import { API_PREFIX, type Platform, SCOPES } from "../../src/contract/index.js";
import { planReport } from "../../src/pipeline/plan.js";
import { buildModel } from "../../src/report/build-model.js";
import { resolvePeriod } from "../../src/report/period.js";
import { createApp } from "../../src/service/http/app.js";
import { ingestFile } from "../../src/service/ingest/ingest-file.js";
import { createKey } from "../../src/service/keys/index.js";
import type { Store } from "../../src/service/store/db.js";
import { ndjson } from "../ingest/_records.js";
import { openTestStore, TEST_POSTGRES_URL } from "../store/_databases.js";

const AS_OF = "2026-06-30";
/** 60 days of data: the 30-day report and the 30 days it is compared with. */
const DAYS = Array.from({ length: 60 }, (_, i) =>
  new Date(Date.UTC(2026, 4, 2 + i)).toISOString().slice(0, 10),
);
const PLATFORMS: Platform[] = ["chatgpt", "perplexity", "gemini", "grok"];
const RIVALS = ["Globex", "Initech", "Umbrella", "Hooli"];
const TOPICS = ["Pricing", "Integrations", "Security"];

const workspaceArb = fc.record({
  rivals: fc.integer({ min: 1, max: 4 }),
  platforms: fc.integer({ min: 2, max: 4 }),
  /** Per platform: the brand is named every k-th answer (equal k on two platforms: a tie). */
  brandEvery: fc.array(fc.constantFrom(1, 2, 3, 5), { minLength: 4, maxLength: 4 }),
  rivalEvery: fc.array(fc.constantFrom(1, 2, 3), { minLength: 4, maxLength: 4 }),
  /** Per platform: days without collections, as offsets into the reported window. */
  missing: fc.array(fc.uniqueArray(fc.integer({ min: 30, max: 59 }), { maxLength: 5 }), {
    minLength: 4,
    maxLength: 4,
  }),
  prompts: fc.array(
    fc.record({ category: fc.option(fc.constantFrom(...TOPICS)), namesRival: fc.boolean() }),
    { minLength: 2, maxLength: 5 },
  ),
  citeBrandEvery: fc.constantFrom(2, 4, 7),
  targets: fc.record({
    mention_rate: fc.option(fc.constantFrom(0.1, 0.4, 0.8), { nil: undefined }),
    citation_rate: fc.option(fc.constantFrom(0.1, 0.4, 0.8), { nil: undefined }),
    share_of_voice: fc.option(fc.constantFrom(0.2, 0.6), { nil: undefined }),
  }),
  changes: fc.array(
    fc.record({
      day: fc.integer({ min: 32, max: 55 }),
      label: fc.constantFrom(
        "Comparison pages against Globex",
        "FAQ schema on product pages",
        "Pricing guide live",
      ),
      platform: fc.option(fc.integer({ min: 0, max: 3 })),
    }),
    { maxLength: 3 },
  ),
  /** Per topic: classified pages of the client (0: untapped), and whether it published on it. */
  content: fc.array(fc.record({ pages: fc.integer({ min: 0, max: 2 }), published: fc.boolean() }), {
    minLength: 3,
    maxLength: 3,
  }),
  notes: fc.constantFrom(
    "",
    "We propose a comparison page against Globex.",
    "Comparison pages against Globex went live. Next, an integration guide.",
  ),
});
type Workspace = typeof workspaceArb extends fc.Arbitrary<infer T> ? T : never;

/** The ingest records of one random workspace: its ids, and the answers' texts by id. */
function recordsOf(w: Workspace): { records: unknown[]; workspaceId: string; projectId: string } {
  const ws = randomUUID();
  const project = randomUUID();
  const rivals = RIVALS.slice(0, w.rivals).map((name) => ({ id: randomUUID(), name }));
  const platforms = PLATFORMS.slice(0, w.platforms);
  const records: unknown[] = [
    {
      type: "workspace",
      data: {
        id: ws,
        name: `Random ${ws.slice(0, 8)}`,
        timezone: "UTC",
        owner: { id: ws, name: "O", email: "o@x.test" },
      },
    },
    {
      type: "project",
      data: {
        id: project,
        workspace_id: ws,
        name: "Acme",
        brand_name: "Acme",
        brand_domain: "acme.test",
        platforms,
      },
    },
    ...rivals.map((r) => ({
      type: "competitor",
      data: { id: r.id, project_id: project, name: r.name, domain: `${r.name.toLowerCase()}.test` },
    })),
  ];
  const categories = new Map(TOPICS.map((t, i) => [t, { id: randomUUID(), order: i }]));
  for (const [name, c] of categories)
    records.push({ type: "category", data: { id: c.id, project_id: project, name, order: c.order } });
  // Content: the client's site, a topic per category, classified pages and published items.
  const site = randomUUID();
  records.push({
    type: "site",
    data: { id: site, project_id: project, domain: "acme.test", entity_id: project },
  });
  TOPICS.forEach((name, t) => {
    const topic = randomUUID();
    const spec = w.content[t]!;
    records.push({ type: "topic", data: { id: topic, project_id: project, name } });
    for (let p = 0; p < spec.pages; p++)
      records.push({
        type: "site_page",
        data: {
          id: randomUUID(),
          site_id: site,
          url: `https://acme.test/${name.toLowerCase()}/${p}`,
          title: `${name} ${p}`,
          topic_id: topic,
          discovered_at: "2026-05-01T00:00:00Z",
        },
      });
    if (spec.published)
      records.push({
        type: "content_item",
        data: {
          id: randomUUID(),
          project_id: project,
          title: `${name} for small teams`,
          status: "PUBLISHED",
          source: "manual",
          keywords: [name],
          published_on: "2026-06-10T09:00:00Z",
          post_url: `https://acme.test/blog/${name.toLowerCase()}`,
        },
      });
  });
  w.prompts.forEach((spec, p) => {
    const prompt = randomUUID();
    const asked = spec.namesRival ? rivals[p % rivals.length]!.name : null;
    records.push({
      type: "prompt",
      data: {
        id: prompt,
        project_id: project,
        category_id: spec.category === null ? null : categories.get(spec.category)!.id,
        text: asked ? `Best ${asked} alternative for topic ${p}?` : `Best tool for topic ${p}?`,
      },
    });
    platforms.forEach((platform, k) => {
      DAYS.forEach((day, d) => {
        if (w.missing[k]!.includes(d)) return;
        const n = d + p;
        const brand = n % w.brandEvery[k]! === 0;
        const named = rivals.filter((_, r) => (n + r) % w.rivalEvery[(k + r) % 4]! === 0);
        const text = [
          brand ? "Acme is a solid pick." : "Several tools compete here.",
          ...named.map((r) => `${r.name} is popular.`),
        ].join(" ");
        const cites = [
          ...(brand && n % w.citeBrandEvery === 0
            ? [`https://acme.test/${TOPICS[p % 3]!.toLowerCase()}/0`]
            : []),
          ...named.map((r) => `https://${r.name.toLowerCase()}.test/guide-${p}`),
        ];
        records.push({
          type: "answer",
          data: {
            id: randomUUID(),
            prompt_id: prompt,
            platform,
            collected_at: `${day}T08:00:00Z`,
            text,
            brand_mentioned: brand,
            mentioned_competitor_ids: named.map((r) => r.id),
            citations: cites.map((url) => ({ url })),
          },
        });
      });
    });
  });
  return { records, workspaceId: ws, projectId: project };
}

/** The agency's input of a random workspace. */
function agencyOf(w: Workspace): { targets: Targets; changes: ChangeLog } {
  const targets = Object.fromEntries(Object.entries(w.targets).filter(([, v]) => v !== undefined)) as Targets;
  const entries = w.changes.map((c, i) => ({
    date: DAYS[c.day]!,
    label: c.label,
    line: i + 2,
    ...(c.platform !== null && c.platform < w.platforms ? { platform: PLATFORMS[c.platform]! } : {}),
  }));
  return { targets, changes: { file: "changes.csv", entries } };
}

describe("reports on random workspaces", () => {
  let store: Store;
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    // The report's words do not depend on the database (the store suites run both), and ingesting
    // the random workspaces dominates this file: on the PostgreSQL server when there is one (about
    // twice as fast as PGlite, and on the server's core), else on a copy of the migrated snapshot.
    store = await openTestStore(TEST_POSTGRES_URL ? "postgres" : "pglite");
    app = createApp({ store, now: () => new Date(`${AS_OF}T12:00:00Z`), logger: false, rateLimit: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  it("hold every rule of the self-check, say what they cannot resolve, and highlight only names in the answer", async () => {
    await fc.assert(
      fc.asyncProperty(workspaceArb, async (w) => {
        const { records, workspaceId } = recordsOf(w);
        const ingested = await ingestFile(store, ndjson(records));
        expect(ingested.errors).toEqual([]);
        const { key } = await createKey(store, { workspaceId, scopes: [...SCOPES] });
        const client = createClient({ baseUrl: origin + API_PREFIX, apiKey: key });
        const [project] = (await client.listProjects()).projects;
        const { targets, changes } = agencyOf(w);
        const notes = w.notes === "" ? {} : { opportunities: w.notes };
        const plan = await planReport(
          client,
          {
            project: project!,
            period: await resolvePeriod(client, { range: "30d" }, { asOf: AS_OF }),
            formats: ["md"],
            branding: { agencyName: "A", accentColor: "#2f6fed", locale: "en-US" },
            targets,
            changes,
            notes,
          },
          () => new Date(`${AS_OF}T12:00:00Z`),
        );
        // Rules the claims are built to hold never fire; what the agency must resolve is printed.
        const agencys = new Set(["unaddressed", "repeats-done-work", "no-plan"]);
        expect(plan.checks.filter((c) => !agencys.has(c.rule))).toEqual([]);
        for (const c of plan.checks)
          expect(plan.warnings).toContain(`review: Acme: ${c.message} [${c.rule}]`);
        // A note proposing a comparison page against Globex, when the change log says it was done.
        const doneGlobex = changes.entries.some((e) => e.label === "Comparison pages against Globex");
        const proposes = w.notes.startsWith("We propose") && doneGlobex && w.rivals >= 1;
        expect(plan.checks.some((c) => c.message.startsWith("the agency's note"))).toBe(proposes);
        // Ties: a platform named strongest or weakest holds its rate alone.
        const model = buildModel(plan.data, { targets, changes });
        const rates = model.sections.ok
          ? model.sections.value.platforms.rows.filter((r) => r.snapshots > 0).map((r) => r.mention_rate)
          : [];
        for (const c of model.claims)
          if (c.kind === "platform-extremes")
            for (const end of [c.strongest, c.weakest])
              if (end) expect(rates.filter((x) => x === end.rate)).toHaveLength(1);
        // Highlights: each quote is a run of the answer's own text, each marked run a name of the
        // entity it marks that the service detected in that answer (never one only the prompt names).
        const answers = plan.data.evidence.ok ? plan.data.evidence.value : [];
        const items = model.evidence.ok ? model.evidence.value : [];
        for (const item of items) {
          const answer = answers.find(
            (a) =>
              a.pick.promptText === item.promptText &&
              a.answer?.platform === item.platform &&
              a.answer.collected_at === item.collectedAt,
          )?.answer;
          expect(answer).toBeDefined();
          const quote = item.segments
            .map((x) => x.text)
            .join("")
            .replace(/^…|…$/g, "");
          expect(answer!.text).toContain(quote);
          for (const x of item.segments.filter((x) => x.mark !== null)) {
            if (x.mark === "brand") {
              expect(answer!.brand_mentioned).toBe(true);
              expect(x.text).toBe("Acme");
            } else {
              expect(answer!.competitors.map((c) => c.name)).toContain(x.entity);
              expect(x.text).toBe(x.entity);
            }
          }
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 300_000);
});
