import type { Lang } from "../../format/i18n/index.js";
import type { Delivered } from "../../report/agency.js";
import { WINDOW_DAYS } from "../../report/change-log.js";
import { say } from "../../report/claims/say.js";
import type { DraftBlock } from "../types.js";
import { col, type SectionDrafter, tableOf, workbookOnly } from "./_helpers.js";
import { isPartial, partialWindowsText, scopeOf, windowColumns } from "./_what-we-did.js";

/** One row of "Work delivered": a change we made with its before and after, or published content. */
function deliveredRow(d: Delivered, lang: Lang) {
  const a = lang.m.agency;
  if (d.kind === "change") {
    const { impact } = d;
    return {
      date: d.date,
      kind: a.change,
      item: impact.entry.label,
      where: scopeOf(impact, lang),
      before: impact.before.mentionRate,
      after: impact.after.mentionRate,
      change: impact.change,
      tested: false,
    };
  }
  return { date: d.date, kind: a.published, item: d.item.title, url: d.item.post_url, tested: false };
}

/**
 * The agency's page (docs/agency.md): wins and risks (claims, said as everywhere else), the next
 * steps with owner and due date, the next review, and the work delivered in the period.
 */
export const agency: SectionDrafter = (model, lang) => {
  const a = lang.m.agency;
  const c = lang.m.columns;
  const m = model.agency;
  const said = (claims: typeof m.wins, kind: string) =>
    claims.map((claim) => ({ kind, finding: say(claim, lang) }));
  const blocks: DraftBlock[] = [
    tableOf(
      "agency-news",
      [col("kind", a.kind, "text"), col("finding", a.finding, "text")],
      [...said(m.wins, a.win), ...said(m.risks, a.risk)],
      a.noNews,
      { title: a.winsAndRisks, complete: true },
    ),
  ];
  // A plan shows its steps and the review's date. Without any, the client reads nothing about one
  // (never "no next steps are set"): the self-check asks the agency for it (rule no-plan).
  const plan = m.nextSteps.length > 0 || m.nextReview !== null;
  if (plan)
    blocks.push(
      tableOf(
        "agency-next-steps",
        [col("step", a.step, "text"), col("owner", a.owner, "text"), col("due", a.due, "date")],
        m.nextSteps,
        a.noSteps,
        { title: a.nextSteps, complete: true },
      ),
      { kind: "paragraph", text: m.nextReview === null ? a.noReview : a.nextReview(m.nextReview) },
    );
  // The windows' columns and note on the page only when a change of ours is listed (published content has
  // none); the workbook keeps its columns every month.
  const changes = m.delivered.some((d) => d.kind === "change");
  const windows = windowColumns("where", lang);
  // The page has no days column: a change whose rates rest on fewer days than the columns' 14 is
  // named with the days of its short window(s).
  const partial = m.delivered.flatMap((d) =>
    d.kind === "change" && isPartial(d.impact)
      ? [`${d.impact.entry.label} (${partialWindowsText(d.impact, lang)})`]
      : [],
  );
  const note = [
    a.deliveredNote(WINDOW_DAYS),
    ...(partial.length > 0 ? [a.partialWindows(partial)] : []),
  ].join(" ");
  blocks.push(
    tableOf(
      "agency-delivered",
      [
        col("date", c.date, "date"),
        col("kind", a.kind, "text"),
        col("item", a.item, "text"),
        ...(changes ? windows : windows.map(workbookOnly)),
        // A published page's address: the title says what it is on the page, the workbook keeps where.
        workbookOnly(col("url", a.page, "url")),
      ],
      m.delivered.map((d) => deliveredRow(d, lang)),
      a.noDelivered,
      { title: a.delivered, complete: true, ...(changes ? { note } : {}) },
    ),
  );
  if (!m.hasContent) blocks.push({ kind: "notice", text: a.noContent });
  // Without a plan the title promises none: "Our work", not "Our work and next steps".
  return { key: "agency", title: plan ? lang.m.sections.agency : a.titleWithoutPlan, blocks };
};
