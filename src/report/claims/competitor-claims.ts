import type { Compare } from "../../contract/calendar-periods.js";
import type { ApiSections } from "../model.js";
import type { Claim, HeadlineMetric, Overtaking } from "./claim.js";

/** Rates closer than this are equal (floating-point noise of current − delta). */
const TIE = 1e-9;

const HEADLINE: readonly HeadlineMetric[] = ["mention_rate", "citation_rate", "share_of_voice"];

/** The rate of a leaderboard row for a headline metric, now and in the previous period. */
function rateOf(row: ApiSections["competitors"]["rows"][number], metric: HeadlineMetric) {
  const [current, delta] =
    metric === "mention_rate"
      ? [row.mention_rate, row.mention_delta]
      : metric === "citation_rate"
        ? [row.citation_rate, row.citation_delta]
        : [row.sov, row.sov_delta];
  return { name: row.name, current, previous: current - delta };
}

/**
 * Who leads share of voice, and every competitor that overtook the client on a headline metric.
 * A leader is named only against someone and with a share above zero: a client tracked alone, or
 * named in no answer, leads nothing (docs/claims.md).
 */
export function competitorClaims(
  s: ApiSections,
  brand: string,
  compared: boolean,
  versus: Compare = "previous",
): Claim[] {
  const out: Claim[] = [];
  const rows = s.competitors.rows;
  const leader = [...rows].sort((a, b) => b.sov - a.sov)[0];
  const mine = rows.find((r) => r.is_you);
  if (leader && rows.length >= 2 && leader.sov > 0) {
    const tied = rows.filter((r) => r.sov === leader.sov).length > 1;
    // The same leader ahead on mention rate too, alone: said with it.
    const leadsMentions = rows.every((r) => r === leader || r.mention_rate < leader.mention_rate - TIE);
    if (!tied)
      out.push({
        kind: "sov-leader",
        leader: { name: leader.is_you ? brand : leader.name, sov: leader.sov },
        you: leader.is_you ? null : { name: brand, sov: s.competitors.your_position.sov.value },
        mention: leadsMentions
          ? { leader: leader.mention_rate, you: mine?.mention_rate ?? leader.mention_rate }
          : null,
        section: "competitors",
        tone: leader.is_you ? "positive" : "negative",
        subjects: leader.is_you ? [brand] : [leader.name, brand],
        rows: [`competitors/${leader.name}`],
      });
  }
  if (!compared || !mine) return out;
  for (const row of rows) {
    if (row.is_you) continue;
    const metrics: Overtaking[] = HEADLINE.flatMap((metric) => {
      const you = { ...rateOf(mine, metric), name: brand };
      const them = rateOf(row, metric);
      // Previous rates are current − delta: compared with a tolerance, so a tie stays a tie.
      const ahead = them.current > you.current + TIE && them.previous <= you.previous + TIE;
      return ahead ? [{ metric, competitor: them, you }] : [];
    });
    if (metrics.length === 0) continue;
    // The overtaking says more than "leads": it replaces the leader's claim about the same rival.
    if (metrics.some((m) => m.metric === "share_of_voice"))
      out.splice(
        0,
        out.length,
        ...out.filter((c) => !(c.kind === "sov-leader" && c.leader.name === row.name)),
      );
    // An overtaking on mention rate says it already: the leader's claim keeps share of voice alone.
    else if (metrics.some((m) => m.metric === "mention_rate"))
      for (const c of out) if (c.kind === "sov-leader" && c.leader.name === row.name) c.mention = null;
    out.push({
      kind: "overtaken",
      competitor: row.name,
      you: brand,
      metrics,
      versus,
      section: "competitors",
      tone: "negative",
      subjects: [row.name, brand],
      rows: [`competitors/${row.name}`, `competitors/${mine.name}`],
    });
  }
  const rose = risingRival(rows, out);
  if (rose) out.push(rose);
  return out;
}

/** The competitor whose mention rate rose most, significantly (ties by name), if any. */
export function topRisingRival(
  rows: ApiSections["competitors"]["rows"],
): ApiSections["competitors"]["rows"][number] | undefined {
  return rows
    .filter((r) => !r.is_you && r.mention_stats.significant && r.mention_delta > 0)
    .sort((a, b) => b.mention_delta - a.mention_delta || a.name.localeCompare(b.name, "en"))[0];
}

/**
 * The competitor whose mention rate rose most, significantly, unless an overtaking on mention rate
 * already says it (its sentence gives both periods' rates). One, not a list: the table has the rest.
 */
function risingRival(rows: ApiSections["competitors"]["rows"], said: readonly Claim[]): Claim | null {
  const overtook = new Set(
    said.flatMap((c) =>
      c.kind === "overtaken" && c.metrics.some((m) => m.metric === "mention_rate") ? [c.competitor] : [],
    ),
  );
  const top = topRisingRival(rows);
  if (!top || overtook.has(top.name)) return null;
  return {
    kind: "competitor-rose",
    competitor: top.name,
    delta: top.mention_delta,
    rate: top.mention_rate,
    stats: top.mention_stats,
    section: "competitors",
    // A competitor's gain is bad news for the client (docs/decisions.md, "Colour follows meaning").
    tone: "negative",
    subjects: [top.name],
    rows: [`competitors/${top.name}`],
  };
}

/**
 * Whether the client's citation rate is above every tracked competitor's, alone (a tie leads
 * nothing): its citations theme then says so, so that an action to win citations does not read
 * as a weakness the competitors' table contradicts (docs/claims.md, "Focus themes").
 */
export function citationsLead(rows: ApiSections["competitors"]["rows"]): boolean {
  const mine = rows.find((r) => r.is_you);
  return (
    mine !== undefined &&
    rows.length >= 2 &&
    mine.citation_rate > 0 &&
    rows.every((r) => r === mine || r.citation_rate < mine.citation_rate - TIE)
  );
}
