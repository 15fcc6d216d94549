import { PLATFORMS, type Platform, type PromptGap } from "../../../contract/index.js";
import { iso } from "../../_iso.js";
import { getOrSet } from "../_map.js";
import type { PlatformCell } from "../queries/prompt-cells.js";
import { type GapCounts, PAGES_PER_GAP } from "../queries/prompt-gaps.js";
import type { CompetitorRef } from "./leaderboard.js";
import type { CategoryRecord, PromptRecord } from "./prompt-rows.js";

// One collator for every comparison: localeCompare with a locale builds one per call (a third of
// the gap rows' time at scale 10).
const byText = new Intl.Collator("en").compare;

const byPlatform = (a: Platform, b: Platform) => PLATFORMS.indexOf(a) - PLATFORMS.indexOf(b);

/**
 * The report's gap rows (docs/metrics.md, "Opportunities"): one per prompt with a gap answer in
 * the current period, ranked by how many platforms show the gap, then by how many answers, then
 * by prompt text so that equal gaps keep one order on every request.
 */
export function gapRows(
  gaps: ReadonlyMap<string, GapCounts>,
  prompts: readonly PromptRecord[],
  categories: readonly CategoryRecord[],
  competitors: readonly CompetitorRef[],
  cells: readonly PlatformCell[],
): PromptGap[] {
  const names = new Map(competitors.map((c) => [c.id, c.name]));
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const cellsOf = new Map<string, PlatformCell[]>();
  for (const c of cells) getOrSet(cellsOf, c.promptId, () => []).push(c);
  const rows: PromptGap[] = [];
  for (const p of prompts) {
    const gap = gaps.get(p.id);
    if (!gap) continue;
    const own = cellsOf.get(p.id) ?? [];
    rows.push({
      prompt_id: p.id,
      prompt_text: p.text,
      category: p.category_id === null ? null : (categoryName.get(p.category_id) ?? null),
      snapshots: own.reduce((n, c) => n + c.snapshots, 0),
      mentioned: own.reduce((n, c) => n + c.mentioned, 0),
      gap_answers: gap.gapAnswers,
      platforms: own
        .filter((c) => c.snapshots > 0)
        .map((c) => c.platform)
        .sort(byPlatform),
      gap_platforms: [...gap.gapPlatforms].sort(byPlatform),
      brand_platforms: own
        .filter((c) => c.mentioned > 0)
        .map((c) => c.platform)
        .sort(byPlatform),
      competitors: [...gap.competitors]
        .flatMap(([id, answers]) => {
          const name = names.get(id);
          return name === undefined ? [] : [{ name, answers }];
        })
        .sort((a, b) => b.answers - a.answers || byText(a.name, b.name)),
      pages: [...gap.pages]
        .flatMap(([url, { competitorId, answers }]) => {
          const name = names.get(competitorId);
          return name === undefined ? [] : [{ url, competitor_name: name, citations: answers }];
        })
        // URLs in code-unit order, as the query ranks them.
        .sort((a, b) => b.citations - a.citations || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
        .slice(0, PAGES_PER_GAP),
      latest: {
        answer_id: gap.latest.answerId,
        platform: gap.latest.platform,
        collected_at: iso(gap.latest.collectedAt),
      },
    });
  }
  return rows.sort(
    (a, b) =>
      b.gap_platforms.length - a.gap_platforms.length ||
      b.gap_answers - a.gap_answers ||
      byText(a.prompt_text, b.prompt_text),
  );
}
