import type { ChangeEntry } from "../../config/changes-file.js";
import type { PromptGap } from "../../contract/index.js";
import { platformName } from "../../format/figures.js";
import type { DoneWindow, Lang } from "../../format/i18n/index.js";
import type { ChangeImpact, ChangeLogModel } from "../change-log.js";

/**
 * The kinds of action a suggested action or a change-log entry can be (docs/claims.md, "Work
 * already done"). A change-log entry is the agency's free text: its kind is read from the words it
 * uses, and an entry whose words say nothing known has no kind and repeats nothing.
 */
export type ActionKind = "publish" | "technical";

const KIND_WORDS: readonly [ActionKind, RegExp][] = [
  ["technical", /\b(schema|markup|structured data|robots|sitemap|llms\.txt|canonical|speed)\b/i],
  [
    "publish",
    /\b(pages?|guides?|hub|articles?|posts?|comparisons?|content|faq|landing|alternatives?|vs\.?|versus)\b/i,
  ],
];

/** The kind of action an entry's label describes, if its words name one. */
export function kindOf(label: string): ActionKind | null {
  for (const [kind, words] of KIND_WORDS) if (words.test(label)) return kind;
  return null;
}

/** Whether `text` names `name` as a word (case-insensitive). */
function names(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "iu").test(text);
}

/** The tracked competitors an entry's label names. */
export function competitorsNamed(label: string, competitors: readonly string[]): string[] {
  return competitors.filter((c) => names(label, c));
}

/**
 * The change-log entry that already did what publishing a page for `gap` would do: an entry of
 * the "publish" kind, dated by the report's last day (in its period or before it), about a
 * competitor the prompt itself names ("Lumora alternatives…": a comparison page against Lumora
 * answers it), or about the prompt's category, and within the entry's platform when it has one.
 * The latest such entry, or null. A competitor merely named in the answers is not enough: a page
 * against it answers other prompts.
 */
export function doneFor(
  gap: PromptGap,
  log: ChangeLogModel | null,
  competitors: readonly string[],
): ChangeImpact | null {
  if (!log) return null;
  const about = new Set(competitors.filter((c) => names(gap.prompt_text, c)));
  const matches = log.done.filter(({ entry }) => {
    if (kindOf(entry.label) !== "publish") return false;
    if (entry.platform !== undefined && !gap.gap_platforms.includes(entry.platform)) return false;
    const rival = competitorsNamed(entry.label, competitors).some((c) => about.has(c));
    const category = entry.category !== undefined && entry.category === gap.category;
    return rival || category;
  });
  return matches.at(-1) ?? null;
}

/**
 * Whose mention rate an entry's before and after measure, in words: "on Perplexity", "in CRM",
 * "over all prompts and platforms".
 */
export function rateScope(entry: ChangeEntry, lang: Lang): string {
  return lang.m.themes.changeScope(
    entry.platform === undefined ? null : platformName(entry.platform),
    entry.category ?? null,
  );
}

/**
 * The latest `publish` entry dated by the period's end about a category: its `category`, or a
 * label naming the category as a word ("Attribution guide hub live"). A category theme builds on
 * it rather than proposing pages as if none had gone live (docs/claims.md, "Opportunities as
 * themes").
 */
export function publishedFor(log: ChangeLogModel | null, category: string): ChangeEntry | null {
  if (!log) return null;
  const about = (e: ChangeEntry) =>
    e.category?.toLocaleLowerCase() === category.toLocaleLowerCase() || names(e.label, category);
  return (
    log.done
      .map((i) => i.entry)
      .filter((e) => kindOf(e.label) === "publish" && about(e))
      .at(-1) ?? null
  );
}

/**
 * An entry's two windows as a "done" sentence quotes them: each one's days in the report and its
 * rate, and whether they were compared (both whole, as the "What we did" table's change is).
 */
export function doneWindows(done: ChangeImpact): [DoneWindow, DoneWindow, boolean] {
  return [
    { days: done.before.days, rate: done.before.mentionRate },
    { days: done.after.days, rate: done.after.mentionRate },
    done.change !== null,
  ];
}
