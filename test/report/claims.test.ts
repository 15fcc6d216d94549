/**
 * The report's claims and its self-check (docs/claims.md): each rule on a hand-made case, then a
 * property over many random reports (ties, rows that all have gaps, competitors moving past the
 * client, change logs, content with and without topics) asserting the rules hold for every one;
 * and the review page of a draft that lists what the check could not resolve.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChangeLog } from "../../src/config/changes-file.js";
import type { ContentItem, Platform, Topic } from "../../src/contract/index.js";
import { langOf } from "../../src/format/i18n/index.js";
import { escapeMarkdown } from "../../src/format/markdown-escape.js";
import { renderMarkdown } from "../../src/render/backends/markdown/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { agency } from "../../src/render/sections/agency.js";
import { contentMap } from "../../src/render/sections/content-map.js";
import { buildModel } from "../../src/report/build-model.js";
import { checkReport } from "../../src/report/claims/check.js";
import type { ReportData } from "../../src/report/model.js";
import { contentItem } from "../fixtures/content-item.js";
import { smallReportData, stats } from "../fixtures/report-data.js";
import { sampleView } from "../fixtures/sample-view.js";

type Sections = Extract<ReportData["report"], { ok: true }>["value"]["sections"];
const sectionOf = <K extends Sections[number]["key"]>(data: ReportData, key: K) => {
  if (!data.report.ok) throw new Error("fixture report missing");
  const s = data.report.value.sections.find((x) => x.key === key);
  if (!s) throw new Error(`no ${key}`);
  return s as Extract<Sections[number], { key: K }>;
};

const TOPIC_ID = "66666666-6666-4666-8666-666666666666";
function topic(name: string, untapped: boolean, competitorPages: number): Topic {
  const stages = { AWARENESS: 0, CONSIDERATION: 0, DECISION: 0, NA: 0 };
  return {
    id: `${TOPIC_ID.slice(0, -2)}${String(name.length).padStart(2, "0")}`,
    name,
    definition: "",
    source: "INDUCED",
    you: { total: untapped ? 0 : 1, stages },
    competitors: [{ total: competitorPages, stages, entity_id: TOPIC_ID, name: "Rival" }],
    is_untapped: untapped,
    is_coverage_gap: untapped,
  };
}
function published(title: string, url: string | null = null, on = "2026-10-20"): ContentItem {
  return contentItem({
    id: "77777777-7777-4777-8777-777777777777",
    title,
    status: "PUBLISHED",
    source: "agent",
    published_on: `${on}T08:00:00.000Z`,
    post_url: url,
  });
}
/** The fixture with a content map of `topics` and the client's `items`. */
function withContent(data: ReportData, topics: Topic[], items: ContentItem[]): ReportData {
  return {
    ...data,
    topics: { ok: true, value: { topics, unclassified: 0 } },
    sites: { ok: true, value: [] },
    content: { ok: true, value: { IDEAS: [], PLANNED: [], PRODUCED: items } },
  };
}
const texts = (data: ReportData, changes?: ChangeLog) =>
  buildModel(data, changes ? { changes } : {}).findings.map((f) => f.text);

describe("claims", () => {
  it("flags a period without a single answer for the agency: the report has no figures to send", () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture");
    const summary = data.report.value.sections.find((x) => x.key === "summary");
    if (summary?.key !== "summary") throw new Error("fixture");
    expect(checkReport(buildModel(data)).map((c) => c.rule)).not.toContain("no-answers");
    summary.totals.snapshots = { current: 0, previous: 8, delta: -8 };
    expect(checkReport(buildModel(data)).filter((c) => c.rule === "no-answers")).toEqual([
      {
        rule: "no-answers",
        message:
          "no answers were collected in this period: the report has no figures; check the collection, or report a period that has data",
      },
    ]);
  });

  it("says what the client published on a topic flagged untapped, and keeps a bare one untapped", () => {
    const data = withContent(
      smallReportData(),
      [topic("Privacy and consent", true, 6), topic("GA4", true, 5)],
      [published("Privacy and consent without spreadsheets")],
    );
    const model = buildModel(data);
    expect(model.findings.map((f) => f.text).slice(-2)).toEqual([
      "1 untapped topic where competitors publish and you do not: GA4.",
      "Privacy and consent: you published 1 article, not cited yet; competitors have 6 pages (Rival 6).",
    ]);
    expect(checkReport(model).filter((c) => c.rule === "untapped-with-content")).toEqual([]);
    // The chart counts classified pages: under it, one sentence says why the topic has no bar.
    const blocks = contentMap(model, langOf("en-US")).blocks;
    expect(blocks.map((b) => b.kind)).toEqual(["chart", "paragraph", "table"]);
    expect(blocks[1]).toEqual({
      kind: "paragraph",
      text: "“Privacy and consent” has no bar in the chart of your pages: what was published on it is not yet among the pages the content map has classified.",
    });
    // The topics the summary names lead the table, in its order, so a page showing the first rows
    // keeps them: untapped GA4, then Privacy and consent, published on; the unflagged CRM last.
    const ordered = buildModel(
      withContent(
        smallReportData(),
        [topic("CRM", false, 0), topic("Privacy and consent", true, 6), topic("GA4", true, 5)],
        [published("Privacy and consent without spreadsheets")],
      ),
    );
    const table = contentMap(ordered, langOf("en-US")).blocks.find((b) => b.kind === "table");
    if (table?.kind !== "table") throw new Error("table");
    expect(table.rows.map((r) => [r.topic, r.status])).toEqual([
      ["GA4", "Untapped"],
      ["Privacy and consent", "Published, unclassified"],
      ["CRM", ""],
    ]);
    // Coverage gaps largest first, in the summary and the table: B short by 4, A and C by 2 (the
    // service's order between equals).
    const gapOf = (name: string, yours: number, theirs: number): Topic => ({
      ...topic(name, false, theirs),
      you: { total: yours, stages: { AWARENESS: 0, CONSIDERATION: 0, DECISION: 0, NA: yours } },
      is_coverage_gap: true,
    });
    const gaps = buildModel(
      withContent(smallReportData(), [gapOf("A", 1, 3), gapOf("Bb", 1, 5), gapOf("Ccc", 2, 4)], []),
    );
    expect(gaps.findings.map((f) => f.text)).toContain(
      "3 coverage gaps, topics where you have pages and the top competitor has more: Bb, A and Ccc.",
    );
    // Pages planned or being written on a gap are said with it, none being published yet.
    const inPlan = (keyword: string, status: ContentItem["status"]) =>
      contentItem({
        id: `00000000-0000-4000-8000-0000000000${keyword.length}1`,
        title: "Xyz",
        status,
        keywords: [keyword],
      });
    const gapTopics = [gapOf("A", 1, 3), gapOf("Bb", 1, 5), gapOf("Ccc", 2, 4)];
    expect(
      buildModel(withContent(smallReportData(), gapTopics, [inPlan("Bb", "GENERATING")])).findings.map(
        (f) => f.text,
      ),
    ).toContain(
      "3 coverage gaps, topics where you have pages and the top competitor has more: Bb, A and Ccc; pages on Bb are planned or being written.",
    );
    const each = [inPlan("A", "GENERATED"), inPlan("Bb", "GENERATING"), inPlan("Ccc", "GENERATING")];
    expect(buildModel(withContent(smallReportData(), gapTopics, each)).findings.map((f) => f.text)).toContain(
      "3 coverage gaps, topics where you have pages and the top competitor has more: Bb, A and Ccc; pages on each are planned or being written.",
    );
    const gapTable = contentMap(gaps, langOf("en-US")).blocks.find((b) => b.kind === "table");
    if (gapTable?.kind !== "table") throw new Error("table");
    expect(gapTable.rows.map((r) => r.topic)).toEqual(["Bb", "A", "Ccc"]);
    // With nothing published on a flagged topic, the chart needs no such sentence.
    const bare = buildModel(withContent(smallReportData(), [topic("GA4", true, 5)], []));
    expect(contentMap(bare, langOf("en-US")).blocks.map((b) => b.kind)).toEqual(["chart", "table"]);
    // Pages not staged yet are grey in the chart, never the palette's red (bad news in the legend).
    const chart = contentMap(bare, langOf("en-US")).blocks[0]!;
    if (chart.kind !== "chart") throw new Error("chart first");
    expect(chart.spec.datasets.map((d) => [d.label, d.color])).toEqual([
      ["Awareness", "#2f6fed"],
      ["Consideration", "#f28e2b"],
      ["Decision", "#59a14f"],
      ["Not staged", "#9aa0a6"],
    ]);
  });

  it("credits an article only when it was published by the report's last day", () => {
    // The fixture's period is 2026-10-26 to 2026-11-01: on its last day counts, the day after does not.
    const on = (day: string) =>
      buildModel(
        withContent(smallReportData(), [topic("GA4", true, 5)], [published("GA4 migration", null, day)]),
      );
    expect(on("2026-11-01").findings.at(-1)?.text).toBe(
      "GA4: you published 1 article, not cited yet; competitors have 5 pages (Rival 5).",
    );
    const later = on("2026-11-02");
    expect(later.findings.at(-1)?.text).toBe(
      "1 untapped topic where competitors publish and you do not: GA4.",
    );
    expect(checkReport(later).filter((c) => c.rule === "untapped-with-content")).toEqual([]);
  });

  it("says under the content map that it counts the pages crawled by the report's day, when the period ended before", () => {
    const note = (end: string) => {
      const data = withContent(smallReportData(), [topic("GA4", true, 5)], []);
      if (!data.report.ok) throw new Error("fixture");
      data.report.value.period = { ...data.report.value.period, end };
      const table = contentMap(buildModel(data), langOf("en-US")).blocks.find((b) => b.kind === "table");
      return table?.kind === "table" ? table.note : undefined;
    };
    // The fixture's day is 2026-11-01: a period ending then needs no word.
    expect(note("2026-11-01")).toBeUndefined();
    expect(note("2026-09-30")).toBe(
      "The map shows the pages as crawled up to 2026-11-01, not as they stood at the period's end (2026-09-30).",
    );
  });

  it("counts an article cited in answers when its URL is among the client's cited pages", () => {
    const data = withContent(
      smallReportData(),
      [topic("Privacy", true, 2)],
      [published("Privacy basics", "https://www.acme.com/blog/privacy/")],
    );
    sectionOf(data, "your_pages").rows[0]!.url = "https://acme.com/blog/privacy";
    expect(texts(data).at(-1)).toBe(
      "Privacy: you published 1 article, 1 cited; competitors have 2 pages (Rival 2).",
    );
  });

  it("says when the days compared fall on other weekdays, and only then", () => {
    // A week against a week: every weekday on both sides, nothing to say.
    expect(texts(smallReportData()).some((t) => /weekday/.test(t))).toBe(false);
    // Month to date on 1 November 2026 (a Sunday) against 1 October (a Thursday).
    const oneDay = (previous: string) => {
      const data = smallReportData();
      if (!data.report.ok) throw new Error("fixture");
      data.report.value.period = {
        ...data.report.value.period,
        start: "2026-11-01",
        end: "2026-11-01",
        previous_start: previous,
        previous_end: previous,
        previous_days: 1,
        previous_days_with_data: 1,
      };
      return data;
    };
    const said = texts(oneDay("2026-10-01"));
    expect(said).toContain(
      "The day reported is a Sunday and the day it is compared with a Thursday: answers vary by weekday, so the changes below may owe more to the weekday than to a trend.",
    );
    // First: it is how every change after it is read.
    expect(said.findIndex((t) => /weekday/.test(t))).toBe(0);
    // The same weekday a week earlier: no caution.
    expect(texts(oneDay("2026-10-25")).some((t) => /weekday/.test(t))).toBe(false);
  });

  it("shows the client no sentence about a missing plan, and asks the agency for one when its note has none", () => {
    const model = buildModel(smallReportData());
    const page = agency(model, langOf("en-US")).blocks;
    expect(page.some((b) => b.kind === "paragraph")).toBe(false);
    expect(JSON.stringify(page)).not.toMatch(/next steps/i);
    expect(checkReport(model, { agency: "We shipped the attribution hub." })).toContainEqual({
      rule: "no-plan",
      message:
        "the agency's page has no next steps and no next review for this period: add them to the notes' agency section (### next_steps, ### next_review)",
    });
    // Without an agency note, no plan is the agency's choice: nothing to ask.
    expect(checkReport(model, {}).map((c) => c.rule)).not.toContain("no-plan");
  });

  it("never calls a tie strongest or weakest", () => {
    const data = smallReportData();
    const [a, b] = sectionOf(data, "platforms").rows;
    b!.mention_rate = a!.mention_rate;
    expect(texts(data).some((t) => /strongest|weakest/.test(t))).toBe(false);
    // Three platforms, two sharing the top: only the weakest is named.
    const three = smallReportData();
    const rows = sectionOf(three, "platforms").rows;
    rows.push({ ...rows[1]!, platform: "grok", mention_rate: 0.1 });
    rows[1]!.mention_rate = rows[0]!.mention_rate;
    expect(texts(three)).toContain(
      "Grok is the weakest platform (mention rate 10.0%); 2 platforms share the highest rate.",
    );
  });

  it("names no share-of-voice leader of a client tracked alone, or of shares that are all zero", () => {
    const leads = (d: ReportData) => texts(d).filter((t) => t.includes("leads share of voice"));
    /** The fixture with Acme ahead of Rival on share of voice (42.9% against 20.0%). */
    const ahead = () => {
      const d = smallReportData();
      sectionOf(d, "competitors").rows.find((r) => !r.is_you)!.sov = 0.2;
      return d;
    };
    expect(leads(ahead())).toEqual(["Acme leads share of voice with 42.9%."]);
    // Ahead on mention rate too (37.5% against Rival's 30.0%): said with it.
    const both = ahead();
    sectionOf(both, "competitors").rows.find((r) => !r.is_you)!.mention_rate = 0.3;
    expect(leads(both)).toEqual(["Acme leads share of voice with 42.9% and mention rate with 37.5%."]);
    // A rival ahead on both, that overtook on neither: named with both rates.
    const rival = smallReportData();
    const board0 = sectionOf(rival, "competitors");
    for (const r of board0.rows) [r.sov_delta, r.mention_delta] = [0, 0];
    expect(leads(rival)).toEqual([
      "Rival leads share of voice with 57.1%, against 42.9% for Acme, and mention rate with 50.0%, against 37.5%.",
    ]);
    const alone = ahead();
    const board = sectionOf(alone, "competitors");
    board.rows = board.rows.filter((r) => r.is_you);
    expect(leads(alone)).toEqual([]);
    const silent = ahead();
    for (const r of sectionOf(silent, "competitors").rows) r.sov = 0;
    expect(leads(silent)).toEqual([]);
  });

  it("names the competitor whose mention rate rose most, significantly, unless its overtaking says it", () => {
    const rose = (d: ReportData) => texts(d).filter((t) => t.startsWith("Of the competitors"));
    const data = smallReportData();
    const rival = sectionOf(data, "competitors").rows.find((r) => !r.is_you)!;
    // Not significant (the fixture's interval straddles 0): nothing said.
    expect(rose(data)).toEqual([]);
    // Rival from 20.0% to 30.0%, still behind Acme's 37.5%: no overtaking, so its rise is news.
    [rival.mention_rate, rival.mention_delta] = [0.3, 0.1];
    rival.mention_stats = stats([0.2, 0.4], [0.02, 0.18]);
    expect(rose(data)).toEqual([
      nbsp(
        "Of the competitors, Rival gained most: mention rate +10.0 pp, to 30.0% (95% interval +2.0 to +18.0 pp).",
      ),
    ]);
    const model = buildModel(data);
    const claim = model.findings.find((f) => f.claim.kind === "competitor-rose");
    // A rival's gain is bad news for the client: a risk on the agency's page, never a win.
    expect(claim?.claim.tone).toBe("negative");
    // Ahead of Acme now (50.0% against 37.5%) after a tie: the overtaking gives both periods' rates.
    [rival.mention_rate, rival.mention_delta] = [0.5, 0.25];
    expect(rose(data)).toEqual([]);
    expect(texts(data).some((t) => t.startsWith("Rival overtook Acme on mention rate"))).toBe(true);
  });

  it("names the comparison a year back as such, not as the previous period", () => {
    const data = smallReportData();
    const year = smallReportData();
    if (!year.report.ok) throw new Error("fixture");
    year.report.value.period.compare = "year";
    const said = (d: ReportData) => texts(d).filter((t) => /previous period|a year earlier/.test(t));
    // The fixture's share of voice did not change significantly, and Rival overtook Acme.
    const before = said(data);
    expect(before.length).toBeGreaterThan(0);
    // A significant change against a year earlier says so too; against the period before, the
    // reader assumes it (docs/claims.md).
    expect(said(year)).toEqual([
      "Mention rate rose significantly from 25.0% a year earlier to 37.5% (+12.5\u00a0pp; 95% interval +5.0 to +20.0\u00a0pp).",
      ...before.map((t) => t.replaceAll("in the previous period", "a year earlier")).slice(0, 1),
      "Share of voice fell significantly from 50.0% a year earlier to 42.9% (−7.1\u00a0pp; 95% interval −20.0 to −1.0\u00a0pp).",
      ...before.map((t) => t.replaceAll("in the previous period", "a year earlier")).slice(1),
    ]);
    expect(said(year).join(" ")).not.toContain("previous period");
  });

  it("replaces a count true of every tracked prompt by the prompts where most answers show the gap", () => {
    const data = smallReportData();
    sectionOf(data, "summary").totals.prompts = 1;
    // The one gap has 2 gap answers of 4: not most, so only the widest gap is said.
    expect(texts(data).at(-1)).toBe(
      "Answers name a competitor and not Acme on every tracked prompt, in fewer than half of the answers each; the widest gap is “crm with email sync” (on 1 of 2 platforms, 2 of 4 answers).",
    );
    sectionOf(data, "prompts").gaps[0]!.gap_answers = 3;
    expect(texts(data).at(-1)).toBe(
      "On 1 of 1 tracked prompt, most answers name a competitor and not Acme; the widest gap is “crm with email sync” (on 1 of 2 platforms, 3 of 4 answers).",
    );
  });

  /** A number and its unit are kept together by a no-break space, as the report writes them. */
  const nbsp = (text: string) => text.replace(/(\d) (pp|Pp\.|%)/g, "$1\u00a0$2");

  it("names the category whose mention rate moved most, when that move is significant", () => {
    const data = smallReportData();
    const categories = sectionOf(data, "categories");
    const crm = categories.rows.find((c) => c.name === "CRM")!;
    const said = () => buildModel(data).findings.filter((f) => f.claim.kind === "category-moved");
    // Not significant (its interval straddles 0): nothing said.
    expect(said()).toEqual([]);
    // CRM: 2 of 4 answers now, +25.0 pp, interval +5.0 to +45.0 pp.
    crm.mention_stats = stats([0.2, 0.8], [0.05, 0.45]);
    expect(said().map((f) => [f.text, f.tone, f.section])).toEqual([
      [
        nbsp(
          "Of the categories, CRM moved most: mention rate +25.0 pp, to 50.0% (95% interval +5.0 to +45.0 pp).",
        ),
        "positive",
        "categories",
      ],
    ]);
    // Pages the change log says went live on the category are said beside its move; other work is not.
    const log = (label: string, category?: string) => ({
      file: "changes.csv",
      entries: [{ date: "2026-10-20", label, line: 2, ...(category ? { category } : {}) }],
    });
    const withLog = (changes: ChangeLog) =>
      buildModel(data, { changes }).findings.find((f) => f.claim.kind === "category-moved")?.text;
    expect(withLog(log("CRM buyer's guide live"))).toBe(
      nbsp(
        "Of the categories, CRM moved most: mention rate +25.0 pp, to 50.0% (95% interval +5.0 to +45.0 pp); “CRM buyer's guide live” went live on 2026-10-20.",
      ),
    );
    expect(withLog(log("Comparison pages", "CRM"))).toMatch(
      /; “Comparison pages” went live on 2026-10-20\.$/,
    );
    expect(withLog(log("FAQ schema on product pages", "CRM"))).toMatch(/\(95% interval [^)]*\)\.$/);
    // A platform that moved more (Perplexity, +30.0 pp) holds the period's largest move: no category is named.
    const platforms = sectionOf(data, "platforms");
    const perplexity = platforms.rows.find((p) => p.platform === "perplexity")!;
    const [delta, platformStats] = [perplexity.mention_delta, perplexity.mention_stats];
    perplexity.mention_delta = 0.3;
    perplexity.mention_stats = stats([0.1, 0.5], [0.1, 0.5]);
    expect(said()).toEqual([]);
    perplexity.mention_delta = delta;
    perplexity.mention_stats = platformStats;
    // The prompts without a category are not a category, however much they moved.
    const none = categories.rows.find((c) => c.id === null)!;
    none.mention_delta = -0.5;
    none.mention_stats = stats([0, 0.5], [-0.9, -0.1]);
    expect(said().map((f) => f.claim.subjects)).toEqual([["CRM"]]);
    // A fall reads as one, in the report's language.
    crm.mention_delta = -0.25;
    crm.mention_stats = stats([0.2, 0.8], [-0.45, -0.05]);
    expect(
      buildModel(data, { locale: "de-DE" }).findings.find((f) => f.claim.kind === "category-moved")?.text,
    ).toBe(
      nbsp(
        "Unter den Kategorien hat sich CRM am stärksten bewegt: Erwähnungsrate −25,0 Pp. auf 50,0 % (95-%-Intervall −45,0 bis −5,0 Pp.).",
      ),
    );
  });

  it("says in the opportunities' intro both counts the summary rests on when every prompt has a gap", () => {
    const data = smallReportData();
    const prompts = sectionOf(data, "prompts");
    const first = prompts.gaps[0]!;
    // Both tracked prompts have gap answers; on the first (3 of 4 answers) most answers are gaps.
    prompts.gaps = [
      { ...first, gap_answers: 3 },
      {
        ...first,
        prompt_id: "12121212-1212-4212-8212-121212121212",
        prompt_text: "crm pricing",
        gap_answers: 1,
      },
    ];
    const model = buildModel(data);
    expect(model.findings.find((f) => f.claim.kind === "gaps")?.text).toBe(
      "On 1 of 2 tracked prompts, most answers name a competitor and not Acme; the widest gap is “crm with email sync” (on 1 of 2 platforms, 3 of 4 answers).",
    );
    const intro = (m: typeof model) => m.intros.find((f) => f.claim.kind === "themes");
    expect(intro(model)?.text).toMatch(
      /^Every one of the 2 tracked prompts has at least one answer that names a tracked competitor and not Acme, and on 1 of them most answers do\. They are grouped into 1 theme: /,
    );
    expect(intro(buildModel(data, { locale: "de-DE" }))?.text).toMatch(
      /^Jeder der 2 beobachteten Prompts hat mindestens eine Antwort, die einen beobachteten Wettbewerber nennt und Acme nicht; bei 1 davon tut das die Mehrheit der Antworten\. /,
    );
    expect(checkReport(model)).toEqual([]);
    // With none mostly gaps, it says so as the summary does.
    prompts.gaps[0]!.gap_answers = 2;
    expect(intro(buildModel(data))?.text).toMatch(
      /^Every one of the 2 tracked prompts has at least one answer that names a tracked competitor and not Acme, each in fewer than half of its answers\. /,
    );
    // An intro that miscounts is held to account.
    const claim = intro(model)!.claim;
    if (claim.kind !== "themes") throw new Error("not the themes intro");
    claim.every = { tracked: 2, mostly: 2 };
    expect(checkReport(model).map((c) => c.message)).toEqual([
      "the opportunities' intro counts 2 tracked, 2 mostly gaps where the summary says 1 of 2 (most answers)",
    ]);
  });

  it("reports the change log's before and after instead of proposing what it says was done", () => {
    const data = smallReportData();
    const gap = sectionOf(data, "prompts").gaps[0]!;
    gap.prompt_text = "best rival alternative";
    gap.mentioned = 0;
    const changes: ChangeLog = {
      file: "changes.csv",
      entries: [{ date: "2026-10-28", label: "Comparison pages against Rival", line: 2 }],
    };
    const model = buildModel(data, { changes });
    const [o] = model.opportunities.ok ? model.opportunities.value : [];
    expect(o?.rule).toBe("done");
    // The summary's widest gap names the work already done for it, so it reads neither as closed nor as asking for it.
    expect(model.findings.find((f) => f.claim.kind === "gaps")?.text).toBe(
      "On 1 of 2 tracked prompts, answers name a competitor and not Acme; the widest gap is “best rival alternative” (on 1 of 2 platforms, 2 of 4 answers); “Comparison pages against Rival”, aimed at it, went live on 2026-10-28.",
    );
    expect(o?.action).toBe(
      "Already done: “Comparison pages against Rival” went live on 2026-10-28; this report holds 9 of the 14 days before it and 5 of the 14 after: too few to compare before and after.",
    );
    // The opportunities' intro says the work and what its prompt still shows, since the table
    // ranks a done theme last, where a page made without the workbook cuts it: the prompt's 4
    // answers, none naming Acme, 2 naming competitors and not Acme.
    const themesIntro = model.intros.find((f) => f.claim.kind === "themes")?.text;
    expect(themesIntro).toContain(
      " “Comparison pages against Rival” went live on 2026-10-28 for the prompt naming Rival; in this period Acme is named in none of its 4 answers, and competitors without it in 2.",
    );
    expect(
      buildModel(data, { changes, locale: "de-DE" }).intros.find((f) => f.claim.kind === "themes")?.text,
    ).toContain(
      " „Comparison pages against Rival“ wurde am 28.10.2026 für den Prompt veröffentlicht, der Rival nennt; in diesem Zeitraum nennt keine seiner 4 Antworten Acme, und 2 nennen Wettbewerber ohne Acme.",
    );
    // An entry about another kind of work, or another competitor, repeats nothing.
    for (const label of ["FAQ schema on product pages", "Comparison pages against Globex"]) {
      const other = buildModel(data, {
        changes: { ...changes, entries: [{ ...changes.entries[0]!, label }] },
      });
      expect(other.opportunities.ok && other.opportunities.value[0]?.rule).toBe("absent");
    }
    // The agency's own note proposing the same work is a finding the report cannot resolve; so is
    // the weakest platform (Perplexity, where the gap is) now that its only action is done.
    expect(checkReport(model, { opportunities: "We propose a comparison page against Rival." })).toEqual([
      {
        rule: "repeats-done-work",
        message:
          "the agency's note on opportunities proposes work about Rival that the change log lists as done on 2026-10-28 (“Comparison pages against Rival”): say what it did instead",
      },
      {
        rule: "unaddressed",
        message:
          "the summary calls Perplexity the weakest platform, and no action addresses it: add one to the notes, or say why none",
      },
    ]);
    expect(checkReport(model, { opportunities: "We propose an integration guide." })).toHaveLength(1);
    // A sentence quoting the entry's label reports the work; only the proposing sentence counts.
    const reporting = "Comparison pages against Rival went live in October. Next: an integration guide.";
    expect(checkReport(model, { opportunities: reporting }).map((c) => c.rule)).toEqual(["unaddressed"]);
    const both = `${reporting} We also propose a comparison page against Rival.`;
    expect(checkReport(model, { opportunities: both }).map((c) => c.rule)).toEqual([
      "repeats-done-work",
      "unaddressed",
    ]);
  });

  it("finds a target that no action addresses: a platform without a gap action on it", () => {
    const data = smallReportData();
    // ChatGPT's 50.0% is below 90% but its interval (0 to 100%) holds it: at risk. Its gap action
    // is on Perplexity (where Acme is never named), not ChatGPT.
    const model = buildModel(data, {
      targets: { citation_rate: 0.5, platforms: { chatgpt: { mention_rate: 0.9 } } },
    });
    expect(checkReport(model).map((c) => c.message)).toEqual([
      "the ChatGPT mention rate target is at risk, and no action of the report addresses it: add one to the notes, or say why none",
    ]);
  });

  it("says the targets after the headline rates: how many are on track, and each one that is not", () => {
    const model = buildModel(smallReportData(), {
      targets: { mention_rate: 0.3, citation_rate: 0.5, platforms: { chatgpt: { mention_rate: 0.9 } } },
    });
    const at = model.claims.findIndex((c) => c.kind === "targets");
    expect(model.claims.slice(0, at).every((c) => c.section === "summary")).toBe(true);
    expect(model.claims[at + 1]?.section).not.toBe("summary");
    // 3/8 = 37.5% reaches 30%; 1/8 = 12.5% with its interval up to 30% cannot reach 50%; ChatGPT's
    // 2/4 = 50.0% falls short of 90% but its interval reaches it.
    expect(model.findings[at]?.text).toBe(
      "1 of 3 targets on track; citation rate off track (12.5% against 50.0%) and ChatGPT mention rate at risk (50.0% against 90.0%).",
    );
    expect(model.findings[at]?.tone).toBe("negative");
    const de = buildModel(smallReportData(), { targets: { mention_rate: 0.3 }, locale: "de-DE" });
    expect(de.findings.find((f) => f.claim.kind === "targets")?.text).toBe("1 von 1 Ziel im Plan.");
    expect(buildModel(smallReportData()).claims.some((c) => c.kind === "targets")).toBe(false);
  });

  it("says the section intros from claims that keep their figures, outside the executive summary", () => {
    const model = buildModel(smallReportData(), { targets: { citation_rate: 0.5 } });
    expect(model.intros.map((f) => [f.claim.kind, f.claim.section, f.text])).toEqual([
      ["scope", "summary", "2 tracked prompts on 2 platforms, compared with 1 competitor."],
      [
        "themes",
        "opportunities",
        "The 1 prompt with at least one answer that names a tracked competitor and not Acme, grouped into 1 theme: by the competitor the prompt names, else by its category. One action per theme. Two more themes lead the table, drawn from across the others: citations and Perplexity, the weakest platform.",
      ],
    ]);
    expect(model.findings.some((f) => f.claim.kind === "scope" || f.claim.kind === "themes")).toBe(false);
  });

  it("gives a citation rate behind its target, and the weakest platform, a focus theme of their own", () => {
    const data = smallReportData();
    const model = buildModel(data, { targets: { citation_rate: 0.5 } });
    const themes = model.themes.ok ? model.themes.value : [];
    // The one gap prompt's answers cite rival.com/crm/email-sync once; Perplexity (25.0%, below
    // ChatGPT's 50.0%) is weakest and never names Acme for it.
    expect(themes.map((t) => [t.key, t.prompts.length])).toEqual([
      ["citations", 1],
      ["platform:perplexity", 1],
      ["other", 1],
    ]);
    expect(themes[0]?.action).toBe(
      "Win citations: Acme has the highest citation rate of the tracked brands, yet answers to this prompt (“crm with email sync”) cite competitors' pages; Rival's rival.com/crm/email-sync is cited most, in 1 answer that names competitors and not Acme. Publish pages on the same questions with the figures, definitions and sources answers quote.",
    );
    expect(themes[1]?.action).toBe(
      "Close the gap on Perplexity, which names Acme in 25.0% of its answers, the fewest of any platform: start with the prompt where it names competitors and never Acme (“crm with email sync”). On all platforms, Rival is named without Acme in 2 of the prompt's 4 answers; the same page is the most cited there too, in 1 of them.",
    );
    expect(checkReport(model)).toEqual([]);
    // Acme's citation rate (12.5%) is above Rival's (0%): said. Where Rival's is as high, it is not.
    const rival = sectionOf(data, "competitors").rows.find((r) => !r.is_you)!;
    rival.citation_rate = 1 / 8;
    const tied = buildModel(data, { targets: { citation_rate: 0.5 } });
    expect((tied.themes.ok ? tied.themes.value : [])[0]?.action).toMatch(
      /^Win citations: answers to this prompt/,
    );
    rival.citation_rate = 0;
    // A platform that names the brand for the prompt too, only less often, still has its gap there.
    const gap = sectionOf(data, "prompts").gaps[0]!;
    gap.brand_platforms = ["chatgpt", "perplexity"];
    const naming = buildModel(data, { targets: { citation_rate: 0.5 } });
    const onPerplexity = (naming.themes.ok ? naming.themes.value : []).find(
      (t) => t.key === "platform:perplexity",
    );
    // …and the action says so: not "never names Acme".
    expect(onPerplexity?.action).toContain(
      "start with the prompt where some of its answers name competitors and not Acme (“crm with email sync”).",
    );
    gap.brand_platforms = ["chatgpt"];
    // Without a competitor page cited in the gap answers, nothing answers the citation target.
    sectionOf(data, "prompts").gaps[0]!.pages = [];
    expect(checkReport(buildModel(data, { targets: { citation_rate: 0.5 } })).map((c) => c.message)).toEqual([
      "the citation rate target is off track, and no action of the report addresses it (no gap answer cites a competitor page to answer better): add one to the notes, or say why none",
    ]);
  });
});

const PLATFORMS: Platform[] = ["chatgpt", "perplexity", "gemini", "grok"];
/** A random report around the fixture: platform rates with ties, competitors' moves, gaps on every prompt or not. */
const randomReport = fc.record({
  rates: fc.array(fc.constantFrom(0.1, 0.25, 0.5), { minLength: 2, maxLength: 4 }),
  rival: fc.record({
    now: fc.constantFrom(0.2, 0.375, 0.6),
    delta: fc.constantFrom(-0.2, 0, 0.3),
    significant: fc.boolean(),
  }),
  tracked: fc.integer({ min: 1, max: 3 }),
  gapAnswers: fc.integer({ min: 1, max: 4 }),
  publishedOnTopic: fc.boolean(),
});

describe("the self-check over random reports", () => {
  it("finds no claim that breaks the rules the claims are built to hold", () => {
    fc.assert(
      fc.property(randomReport, (r) => {
        let data = smallReportData();
        const platforms = sectionOf(data, "platforms");
        const template = platforms.rows[0]!;
        platforms.rows = r.rates.map((rate, i) => ({
          ...template,
          platform: PLATFORMS[i]!,
          mention_rate: rate,
        }));
        const rival = sectionOf(data, "competitors").rows.find((x) => !x.is_you)!;
        rival.mention_rate = r.rival.now;
        rival.mention_delta = r.rival.delta;
        // A change whose interval excludes zero on its side, or straddles it.
        rival.mention_stats =
          r.rival.significant && r.rival.delta !== 0
            ? stats([0, 1], r.rival.delta > 0 ? [0.05, 0.5] : [-0.5, -0.05])
            : stats([0, 1], [-0.5, 0.5]);
        rival.sov = r.rival.now;
        rival.sov_delta = r.rival.delta;
        sectionOf(data, "summary").totals.prompts = r.tracked;
        sectionOf(data, "prompts").gaps[0]!.gap_answers = r.gapAnswers;
        data = withContent(
          data,
          [topic("Privacy", true, 3)],
          r.publishedOnTopic ? [published("Privacy for startups")] : [],
        );
        const model = buildModel(data);
        const built = checkReport(model).filter(
          (c) => c.rule !== "unaddressed" && c.rule !== "repeats-done-work",
        );
        expect(built).toEqual([]);
        // Ties: a platform named strongest or weakest holds that rate alone.
        for (const c of model.claims)
          if (c.kind === "platform-extremes")
            for (const end of [c.strongest, c.weakest])
              if (end) expect(r.rates.filter((x) => x === end.rate)).toHaveLength(1);
      }),
      { numRuns: 200 },
    );
  });

  it("finds a competitor's significant surge the summary leaves unsaid", () => {
    const data = smallReportData();
    const rival = sectionOf(data, "competitors").rows.find((r) => !r.is_you)!;
    [rival.mention_rate, rival.mention_delta] = [0.3, 0.1];
    rival.mention_stats = stats([0.2, 0.4], [0.02, 0.18]);
    const model = buildModel(data);
    expect(checkReport(model).filter((c) => c.rule === "surge-unsaid")).toEqual([]);
    model.claims = model.claims.filter((c) => c.kind !== "competitor-rose" && !c.subjects.includes("Rival"));
    expect(checkReport(model).filter((c) => c.rule === "surge-unsaid")).toEqual([
      {
        rule: "surge-unsaid",
        message:
          "Rival's mention rate rose significantly (10.0 pp), more than any other competitor's, and the summary does not say so",
      },
    ]);
  });

  it("asks the agency to translate a note written in another language than the report's", () => {
    const model = buildModel(smallReportData());
    const english = "We focus on citations next: the comparison pages are live and the guide is in review.";
    const german =
      "Wir konzentrieren uns auf die Zitierungen: Die Vergleichsseiten sind live und der Leitfaden ist in Arbeit.";
    expect(checkReport(model, { summary: english }, "de")).toEqual([
      {
        rule: "notes-language",
        message:
          "the notes' summary section reads as English while the report is in German: translate it, or set the client's locale",
      },
    ]);
    expect(checkReport(model, { summary: german }, "de")).toEqual([]);
    expect(checkReport(model, { summary: english }, "en")).toEqual([]);
    // Too few words to tell (a name, a date, a label): nothing asked.
    expect(checkReport(model, { summary: "Nimbus Metrics, 2026-10-06" }, "de")).toEqual([]);
  });

  it("holds a wrong claim to account: the check is not empty by construction", () => {
    const model = buildModel(smallReportData());
    model.claims.push({
      kind: "platform-extremes",
      strongest: { platform: "perplexity", rate: 0.25 },
      weakest: null,
      // The fixture's lowest rate is Perplexity's alone: one platform holds it.
      tied: 1,
      section: "platforms",
      tone: "neutral",
      subjects: ["perplexity"],
      rows: [],
    });
    expect(checkReport(model).map((c) => c.message)).toEqual([
      "the summary names a strongest platform that shares its rate",
    ]);
    // A sentence that miscounts the platforms sharing the end it does not name.
    const miscounted = buildModel(smallReportData());
    miscounted.claims.push({
      kind: "platform-extremes",
      strongest: { platform: "chatgpt", rate: 0.5 },
      weakest: null,
      tied: 2,
      section: "platforms",
      tone: "neutral",
      subjects: ["chatgpt"],
      rows: [],
    });
    expect(checkReport(miscounted).map((c) => c.message)).toEqual([
      "the summary says 2 platforms share a rate that 1 share",
    ]);
  });
});

describe("the review page of a draft", () => {
  const review = [
    "the citation rate target is at risk, and no action of the report addresses it",
    "a <b>note</b> | with *marks*",
  ];
  it("lists the self-check's findings in a review copy only, escaped, in the Markdown and the HTML", () => {
    const view = { ...sampleView(), review };
    const draft = renderMarkdown(view, "assets", { draft: true }).markdown;
    expect(draft).toContain(
      "> **For review**: What to settle before this report is sent: missing commentary, and what the report's self-check found and could not resolve itself (not in the final report):\n>\n> - the citation rate target is at risk, and no action of the report addresses it\n",
    );
    expect(draft).toContain(`> - ${escapeMarkdown(review[1]!)}\n`);
    expect(renderMarkdown(view, "assets").markdown).not.toContain("For review");
    const html = renderHtml(view, { draft: true }, "whole", "screen");
    expect(html).toContain('<h2 class="review__title">For review</h2>');
    expect(html).toContain("<li>a &lt;b&gt;note&lt;/b&gt; | with *marks*</li>");
    expect(renderHtml(view, { draft: false }, "whole", "screen")).not.toContain('class="review__title"');
  });
});
