import type { FullReport, Platform, ReportSectionOf } from "../contract/index.js";
import { dayIn } from "../contract/index.js";
import { comparisonOf } from "./comparison.js";

/** Answers quoted per kind: the top opportunities and the biggest wins, 3–6 in all (docs/metrics.md, "Evidence"). */
export const EVIDENCE_PER_KIND = 3;

/**
 * An answer to quote, and how to find it through GET /visibility/prompts/{prompt}/answers:
 * a gap's latest gap answer by its platform and day, a win's latest answer naming the brand.
 */
export type EvidencePick =
  | {
      kind: "gap";
      promptId: string;
      promptText: string;
      answerId: string;
      query: { platform: Platform; date: string };
    }
  | {
      kind: "win";
      promptId: string;
      promptText: string;
      /** The prompt's mention rate, and its change when the comparison period allows one. */
      mentionRate: number;
      delta: number | null;
    };

type PromptRow = ReportSectionOf<"prompts">["rows"][number];

/**
 * Which answers the evidence section quotes, from the report alone (pure): the latest gap answer
 * of the top opportunities, then the latest answer naming the brand on the prompts whose mention
 * rate rose most (or, with no comparison, the prompts that name it most), skipping prompts
 * already quoted. Ties go to the prompt text, so the picks are the same on every run.
 */
export function evidencePicks(report: FullReport): EvidencePick[] {
  const prompts = report.sections.find((s) => s.key === "prompts");
  if (prompts?.key !== "prompts") return [];
  const tz = report.period.timezone;
  const gaps: EvidencePick[] = prompts.gaps.slice(0, EVIDENCE_PER_KIND).map((g) => ({
    kind: "gap",
    promptId: g.prompt_id,
    promptText: g.prompt_text,
    answerId: g.latest.answer_id,
    query: { platform: g.latest.platform, date: dayIn(tz, new Date(g.latest.collected_at)) },
  }));
  const quoted = new Set(gaps.map((g) => g.promptId));
  const changes = comparisonOf(report.period).kind === "full";
  const score = (p: PromptRow) => (changes ? p.mention_rate_delta : p.mention_rate);
  const wins: EvidencePick[] = prompts.rows
    .filter((p) => p.snapshots > 0 && p.mention_rate > 0 && score(p) > 0 && !quoted.has(p.id))
    .sort(
      (a, b) => score(b) - score(a) || b.mention_rate - a.mention_rate || a.text.localeCompare(b.text, "en"),
    )
    .slice(0, EVIDENCE_PER_KIND)
    .map((p) => ({
      kind: "win",
      promptId: p.id,
      promptText: p.text,
      mentionRate: p.mention_rate,
      delta: changes ? p.mention_rate_delta : null,
    }));
  return [...gaps, ...wins];
}
