/**
 * A small hand-built project whose every figure is computed by hand in fixture-endpoints.test.ts
 * and fixture-report.test.ts.
 * Workspace timezone Europe/Paris; `NOW` is 23:30 UTC on 2025-03-10, already 2025-03-11 in Paris,
 * so with range=7d the current period is 03-05..03-11 and the previous one 02-26..03-04.
 */
import type { Store } from "../../../src/service/store/db.js";

/** The fixed clock of every fixture test. */
export const NOW = new Date("2025-03-10T23:30:00Z");

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Every id of the fixture, by role. */
export const IDS = {
  workspace: id(1),
  project: id(2),
  other: id(3),
  c1: id(11),
  c2: id(12),
  otherCompetitor: id(13),
  k1: id(21),
  k2: id(22),
  p1: id(31),
  p2: id(32),
  p3: id(33),
  otherPrompt: id(34),
  u1: id(41),
  u2: id(42),
  u3: id(43),
  u4: id(44),
  u5: id(45),
  u6: id(46),
  otherUrl: id(47),
  site: id(51),
  sitePage: id(52),
  a1: id(61),
  a2: id(62),
  a3: id(63),
  a4: id(64),
  a5: id(65),
  a6: id(66),
  b1: id(71),
  b2: id(72),
  b3: id(73),
  o1: id(81),
  f1: id(82),
  q1: id(91),
} as const;

/** The project as a handler's RequestContext carries it. */
export const PROJECT = {
  id: IDS.project,
  workspaceId: IDS.workspace,
  name: "Acme",
  slug: "acme",
  brandName: "Acme",
  brandDomain: "acme.com",
};

type Answer = [
  id: string,
  prompt: string,
  platform: string,
  day: string,
  collectedAt: string,
  mentioned: boolean,
  cited: boolean,
  mentionedCompetitors: string[],
  citedCompetitors: string[],
  urls: string[],
];

const { c1, c2, p1, p2, p3, u1, u2, u3, u4, u5, u6 } = IDS;
const ANSWERS: Answer[] = [
  [IDS.a1, p1, "chatgpt", "2025-03-05", "2025-03-05T09:00:00Z", true, true, [c1], [c1], [u1, u3]],
  [IDS.a2, p1, "perplexity", "2025-03-06", "2025-03-06T09:00:00Z", true, false, [c1, c2], [c2], [u4, u5]],
  [IDS.a3, p2, "chatgpt", "2025-03-06", "2025-03-06T10:00:00Z", false, false, [], [c1], [u3]],
  [IDS.a4, p2, "perplexity", "2025-03-11", "2025-03-10T23:10:00Z", true, true, [c2], [c2], [u1, u2, u5]],
  [IDS.a5, p3, "chatgpt", "2025-03-08", "2025-03-08T09:00:00Z", true, false, [], [], [u4]],
  // A6 cites beta.com/compare twice: it still counts once (citations = snapshots citing the URL).
  [IDS.a6, p1, "chatgpt", "2025-03-11", "2025-03-10T23:20:00Z", false, false, [c1], [c1], [u3, u4, u3]],
  [IDS.b1, p1, "chatgpt", "2025-02-27", "2025-02-27T09:00:00Z", true, true, [c1], [c1], [u1, u6]],
  [IDS.b2, p2, "chatgpt", "2025-03-04", "2025-03-04T09:00:00Z", false, false, [c1], [c1], [u3]],
  [IDS.b3, p3, "perplexity", "2025-03-01", "2025-03-01T09:00:00Z", false, false, [], [], []],
  // Before both 7d periods, and after the as-of day (collected later than NOW): never counted in 7d.
  [IDS.o1, p1, "chatgpt", "2025-02-20", "2025-02-20T09:00:00Z", true, true, [], [], [u1]],
  [IDS.f1, p2, "chatgpt", "2025-03-12", "2025-03-12T09:00:00Z", true, true, [], [], [u2]],
];

/** Inserts the fixture: the Acme project, plus a second project whose rows must never leak in. */
export async function insertFixture(store: Store): Promise<void> {
  const db = store.db;
  await db
    .insertInto("workspaces")
    .values({
      id: IDS.workspace,
      name: "Fixture",
      website: "https://acme.com",
      logo: "",
      icon: "",
      timezone: "Europe/Paris",
      owner_id: id(4),
      owner_name: "Owner",
      owner_email: "owner@acme.com",
      owner_avatar: "",
      members: 1,
    })
    .execute();
  const project = (pid: string, name: string, domain: string) => ({
    id: pid,
    workspace_id: IDS.workspace,
    name,
    slug: name.toLowerCase(),
    brand_name: name,
    brand_domain: domain,
    brand_variants: [name],
    schedule_days: [1, 2, 3, 4, 5],
    schedule_hour: 6,
  });
  await db
    .insertInto("projects")
    .values([project(IDS.project, "Acme", "acme.com"), project(IDS.other, "Other", "other.com")])
    .execute();
  await db
    .insertInto("competitors")
    .values([
      { id: c1, project_id: IDS.project, name: "Beta", domain: "beta.com", icon: "", variants: [] },
      { id: c2, project_id: IDS.project, name: "Gamma", domain: "gamma.io", icon: "", variants: [] },
      {
        id: IDS.otherCompetitor,
        project_id: IDS.other,
        name: "Zeta",
        domain: "zeta.com",
        icon: "",
        variants: [],
      },
    ])
    .execute();
  await db
    .insertInto("categories")
    .values([
      { id: IDS.k1, project_id: IDS.project, name: "Pricing", color: "#ff0000", order: 1 },
      { id: IDS.k2, project_id: IDS.project, name: "Reviews", color: "#00ff00", order: 2 },
    ])
    .execute();
  const prompt = (
    pid: string,
    text: string,
    categoryId: string | null,
    created: string,
    project = IDS.project,
  ) => ({
    id: pid,
    project_id: project,
    category_id: categoryId,
    text,
    created_at: created,
  });
  await db
    .insertInto("prompts")
    .values([
      prompt(p1, "Best CRM for startups", IDS.k1, "2025-01-01T00:00:00Z"),
      prompt(p2, "CRM pricing comparison", IDS.k1, "2025-01-02T00:00:00Z"),
      prompt(p3, "How to choose a crm tool", null, "2025-01-03T00:00:00Z"),
      prompt(IDS.otherPrompt, "Other prompt", null, "2025-01-04T00:00:00Z", IDS.other),
    ])
    .execute();
  const url = (
    uid: string,
    u: string,
    owner: "you" | "competitor" | "other",
    competitorId: string | null,
  ) => ({
    id: uid,
    project_id: IDS.project,
    url: u,
    raw_url: `https://www.${u}/`,
    domain: u.split("/")[0]!,
    owner,
    competitor_id: competitorId,
  });
  await db
    .insertInto("urls")
    .values([
      url(u1, "acme.com/blog/post-a", "you", null),
      url(u2, "acme.com", "you", null),
      url(u3, "beta.com/compare", "competitor", c1),
      url(u4, "wiki.org/acme", "other", null),
      url(u5, "gamma.io/pricing", "competitor", c2),
      url(u6, "beta.com/blog/x", "competitor", c1),
      { ...url(IDS.otherUrl, "other.com/x", "you", null), project_id: IDS.other },
    ])
    .execute();
  await db
    .insertInto("sites")
    .values({
      id: IDS.site,
      project_id: IDS.project,
      domain: "acme.com",
      entity_id: IDS.project,
      entity: "Acme",
      is_customer: true,
    })
    .execute();
  await db
    .insertInto("site_pages")
    .values({
      id: IDS.sitePage,
      project_id: IDS.project,
      site_id: IDS.site,
      url: "https://acme.com/blog/post-a",
      normalized_url: "acme.com/blog/post-a",
      title: "Post A",
      heading: "Post A",
      buyer_stage: "AWARENESS",
      status: "classified",
      discovered_at: "2025-01-01T00:00:00Z",
    })
    .execute();
  const rows = [
    ...ANSWERS.map((a) => ({ a, project: IDS.project })),
    {
      a: [
        IDS.q1,
        IDS.otherPrompt,
        "chatgpt",
        "2025-03-06",
        "2025-03-06T09:00:00Z",
        true,
        true,
        [],
        [],
        [IDS.otherUrl],
      ] as Answer,
      project: IDS.other,
    },
  ];
  await db
    .insertInto("answers")
    .values(
      rows.map(({ a: [aid, pid, platform, day, at, m, c, mc, cc], project }) => ({
        id: aid,
        project_id: project,
        prompt_id: pid,
        platform: platform as "chatgpt",
        collected_at: at,
        day,
        preview: `preview ${aid.slice(-2)}`,
        text: `text ${aid.slice(-2)}`,
        brand_mentioned: m,
        brand_cited: c,
        competitor_found: mc.length > 0,
        mentioned_competitor_ids: mc,
        cited_competitor_ids: cc,
        mention_excerpts: m ? [`Acme in ${aid.slice(-2)}`] : [],
        error_message: null,
      })),
    )
    .execute();
  await db
    .insertInto("citations")
    .values(
      rows.flatMap(({ a: [aid, pid, platform, day, , , , , , urls], project }) =>
        urls.map((uid, i) => ({
          answer_id: aid,
          url_id: uid,
          position: i + 1,
          title: uid === u1 ? "Post A" : null,
          project_id: project,
          day,
          prompt_id: pid,
          platform: platform as "chatgpt",
        })),
      ),
    )
    .execute();
}
