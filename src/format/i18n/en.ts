import type { FigureStyle, Figures } from "./figures.js";

/**
 * The English catalogue: the source of every key (docs/i18n.md). Each other language's file is
 * typed `Messages` (the type of this one), so a missing key fails to compile, and a test compares
 * the keys at runtime for a catalogue the compiler does not see. Figures come from `f` (Intl for
 * the locale), plurals from `f.noun`/`f.countOf` (Intl.PluralRules). English here is exactly the
 * text every report had before translations (the golden files pin it).
 */
/** One 14-day window of a change-log entry, as a "done" sentence quotes it: days in the report, rate. */
export interface DoneWindow {
  days: number;
  rate: number | null;
}

/**
 * The before and after of work already done, in a "done" sentence: the two rates when both whole
 * windows were compared, else what the report lacks for it (docs/changes.md).
 */
const doneWindows = (f: Figures, scope: string, before: DoneWindow, after: DoneWindow, compared: boolean) => {
  if (compared && before.rate !== null && after.rate !== null)
    return `mention rate ${scope} ${f.percent(before.rate)} in the 14 days before, ${f.percent(after.rate)} in the 14 days after.`;
  const short = [
    ...(before.days < 14 ? [`${f.count(before.days)} of the 14 days before it`] : []),
    ...(after.days < 14
      ? [`${f.count(after.days)} of the 14 ${before.days < 14 ? "after" : "days after it"}`]
      : []),
  ];
  return short.length > 0
    ? `this report holds ${short.join(" and ")}: too few to compare before and after.`
    : `no answers were collected in the 14 days ${before.rate === null ? "before" : "after"} it, so before and after are not compared.`;
};

/** An English possessive: "Lumora's", "Nimbus Metrics'" (a name ending in s takes the apostrophe alone). */
const owner = (name: string): string => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

const enMessages = (f: Figures) => ({
  /** Section titles; the API's sections carry these English ones (service/analytics/handlers/report.ts). */
  /** The colon after a label ("Project:"): French sets a no-break space before it. */
  colon: ":",
  /** The semicolon between clauses: French sets a no-break space before it. */
  semicolon: ";",
  sections: {
    executive_summary: "Executive summary",
    summary: "Key figures",
    trend: "Trend",
    platforms: "Platforms",
    categories: "Categories",
    competitors: "Competitors",
    opportunities: "Opportunities",
    evidence: "Evidence",
    cited_sources: "Cited sources",
    your_pages: "Your cited pages",
    competitor_pages: "Competitor pages",
    prompts: "Prompts",
    answers: "Latest answers",
    content_map: "Content map",
    content: "Content",
    agency: "Our work and next steps",
    methodology: "Methodology",
  },

  /** The cover, the Markdown heading's facts and the workbook's About facts. */
  cover: {
    lastDays: (days: number) => `last ${days} days`,
    title: (brand: string) => `AI visibility report — ${brand}`,
    eyebrow: "AI visibility report",
    project: "Project",
    brand: "Brand",
    brandDomain: "Brand domain",
    workspace: "Workspace",
    range: "Range",
    period: "Period",
    periodStart: "Period start",
    periodEnd: "Period end",
    asOf: "As of",
    timezone: "Timezone",
    preparedBy: "Prepared by",
    preparedByAgency: (agency: string) => `Prepared by ${agency}`,
    accountManager: "Account manager",
    /** The account manager's name and contacts on the cover: "Dana Weiss · dana@… · +49 …". */
    contact: (name: string, contacts: readonly string[]) => [name, ...contacts].join(" · "),
    generatedAt: "Generated at",
    profile: "Profile",
    /** Two days of a period in the Markdown facts: "2026-08-04 to 2026-11-01". */
    span: (start: string, end: string) => `${start} to ${end}`,
    notAvailable: "not available",
  },

  /** The built-in report email's own words (src/email/compose.ts). */
  email: {
    noFinding: "No finding for this period.",
    attached: "Attached",
  },

  /** The PDF's own words: contents title, footer, page label of the cover, KPI card comparison. */
  pdf: {
    contents: "Contents",
    /** The footer "Page 3 of 12", around CSS counters. */
    pageBefore: "Page ",
    pageBetween: " of ",
    pageAfter: "",
    coverLabel: "Cover",
    versus: "vs",
  },

  /** A review copy (`generate --draft`, docs/notes.md). */
  draft: {
    mark: "DRAFT",
    notice: "a review copy, not the final report.",
    reviewTitle: "For review",
    reviewIntro:
      "What to settle before this report is sent: missing commentary, and what the report's self-check found and could not resolve itself (not in the final report):",
    noCommentary: (period: string) =>
      `No commentary yet: no notes are written for this period (${period}); vreport notes init drafts them.`,
  },

  /** Values of typed cells shown as words. */
  values: {
    yes: "Yes",
    no: "No",
    status: {
      on_track: "On track",
      at_risk: "At risk",
      off_track: "Off track",
      no_data: "No data",
    } as Record<string, string>,
    stages: {
      AWARENESS: "Awareness",
      CONSIDERATION: "Consideration",
      DECISION: "Decision",
      BALANCED: "Balanced",
      NA: "Not staged",
    } as Record<string, string>,
    /**
     * A content item's status in plain words: the API's own (GENERATING, FAILED) are the agency's
     * pipeline, never shown to a client (docs/decisions.md, "Nothing internal reaches a client").
     */
    contentStatus: {
      NEW: "New",
      PLANNED: "Planned",
      GENERATING: "Being written",
      GENERATED: "Written",
      PUBLISHED: "Published",
      FAILED: "Failed",
    } as Record<string, string>,
    uncategorized: "Uncategorized",
    allPlatforms: "All platforms",
    /** A change-log entry about neither a platform nor a category: its rates are every prompt's. */
    everything: "All prompts and platforms",
    category: (name: string) => `Category: ${name}`,
  },

  /** The headline KPIs and the words under a change (render/kpi-change.ts). */
  kpis: {
    metrics: {
      mention_rate: "Mention rate",
      citation_rate: "Citation rate",
      share_of_voice: "Share of voice",
    } as Record<string, string>,
    answersAnalysed: "Answers analysed",
    noSignificantChange: "no significant change",
    /** A change's 95 % interval: "95% interval +2.0 to +23.0 pp". */
    interval: (low: number | null, high: number | null) =>
      low === null || high === null
        ? "95% interval not estimable"
        : `95% interval ${f.boundPoints(low)} to ${f.boundPp(high)}`,
    /** The Markdown KPI table's header. */
    metric: "Metric",
    value: "Value",
    change: "Change",
    significance: "Significance",
    changeLow: "Change 95% low",
    changeHigh: "Change 95% high",
    significant: "Significant",
    answers: "Answers",
    prompts: "Prompts",
  },

  /** Table column headers. */
  columns: {
    theme: "Theme",
    prompt: "Prompt",
    prompts: "Prompts",
    category: "Category",
    platform: "Platform",
    answers: "Answers",
    mentionRate: "Mention rate",
    citationRate: "Citation rate",
    shareOfVoice: "Share of voice",
    deltaMention: "Δ mention",
    deltaCitation: "Δ citation",
    deltaShare: "Δ share",
    deltaCitations: "Δ citations",
    deltaRate: "Δ rate",
    deltaPrompts: "Δ prompts",
    date: "Date",
    collected: "Collected",
    mentioned: "Mentioned",
    cited: "Cited",
    competitorsMentioned: "Competitors mentioned",
    answerPreview: "Answer preview",
    owner: "Owner",
    citations: "Citations",
    share: "Share",
    mostCited: (n: number) => `Most cited (top ${f.count(n)})`,
    rank: "Rank",
    domain: "Domain",
    competitor: "Competitor",
    brand: "Brand",
    page: "Page",
    folder: "Folder",
    status: "Status",
    items: "Items",
    title: "Title",
    buyerStage: "Buyer stage",
    source: "Source",
    created: "Created",
    plannedFor: "Planned for",
    published: "Published",
    url: "URL",
    topic: "Topic",
    yourPages: "Your pages",
    topCompetitor: "Top competitor",
    theirPages: "Their pages",
    quotedFor: "Quoted for",
    excerpt: "Excerpt",
    competitorsNamed: "Competitors named",
    promptMentionRate: "Prompt mention rate",
    deltaPromptMentionRate: "Δ prompt mention rate",
    scope: "Scope",
    metric: "Metric",
    target: "Target",
    thisPeriod: "This period",
    gap: "Gap",
    interval95: "95% interval",
    low95: "95% low",
    high95: "95% high",
    whatWeDid: "What we did",
    windowBefore: (days: number) => `Mention rate, ${f.count(days)} days before`,
    windowAfter: (days: number) => `Mention rate, ${f.count(days)} days after`,
    change: "Change",
    days: "Days",
    definition: "Definition",
    platformsWithGap: "Platforms with the gap",
    platformsAnswering: "Platforms answering",
    platformsWithGapNames: "Platforms with the gap (names)",
    platformsNaming: (brand: string) => `Platforms naming ${brand}`,
    answersWithGap: "Answers with the gap",
    answersNaming: (brand: string) => `Answers naming ${brand}`,
    competitorsNamedAll: "Competitors named (all)",
    mostCitedCompetitorPage: "Most cited competitor page",
    itsCitations: "Its citations in these answers",
    suggestedAction: "Suggested action",
    rule: "Rule",
  },

  /** The workbook-only interval columns of a rate (render/sections/_helpers.ts statColumns). */
  stats: {
    mention: "mention",
    citation: "citation",
    share: "share",
    low: (rate: string) => `${rate} 95% low`,
    high: (rate: string) => `${rate} 95% high`,
    deltaLow: (rate: string) => `Δ ${rate} 95% low`,
    deltaHigh: (rate: string) => `Δ ${rate} 95% high`,
    significant: (rate: string) => `Δ ${rate} significant`,
  },

  /**
   * The comparison period in words, by how it was chosen: the period before, or the same days a
   * year earlier (docs/decisions.md#period). `label` heads its column (KPIs, headline table) and
   * names it on the cover, `start`/`end` its days in the workbook's facts; `inThe` ends a
   * comparison ("… against 19.5% in the previous period"), `withThe` follows a change, `dashed`
   * names the chart's faint lines.
   */
  versus: {
    previous: {
      label: "Previous period",
      start: "Previous period start",
      end: "Previous period end",
      inThe: "in the previous period",
      withThe: "compared with the previous period",
      dashed: "the previous period dashed",
    },
    year: {
      label: "A year earlier",
      start: "Year-earlier period start",
      end: "Year-earlier period end",
      inThe: "a year earlier",
      withThe: "compared with a year earlier",
      dashed: "a year earlier dashed",
    },
  },

  /** Chart titles and series. */
  charts: {
    mentionRate: "Mention rate",
    citationRate: "Citation rate",
    shareOfVoice: "Share of voice",
    byCategory: "Mention and citation rate by category",
    byPlatform: "Mention and citation rate by platform",
    ratesByWeek: "Rates by week",
    ratesByDay: "Rates by day",
    topCitedDomains: "Top cited domains by owner (share of citations)",
    pagesByTopic: "Your pages by topic and buyer stage",
  },

  /** Charts' alternative texts (render/chart-alt.ts, docs/accessibility.md). */
  alt: {
    kind: {
      line: "Line chart",
      bar: "Bar chart",
      horizontal_bar: "Bar chart",
      stacked_bar: "Stacked bar chart",
      doughnut: "Doughnut chart",
    },
    span: (from: string, to: string) => `From ${from} to ${to}.`,
    noData: "no data",
    /** The first labels named, the rest counted. */
    more: (shown: string, more: number) => `${shown} and ${more} more`,
    line: (label: string, first: string, last: string, low: string, high: string) =>
      `${label}: first ${first}, last ${last}, lowest ${low}, highest ${high}.`,
    marked: (items: string) => `Marked: ${items}.`,
  },

  /** Sentences every section may show instead of its figures. */
  notices: {
    noAnswers: "No answers were collected in this period.",
    noAnswersBetween: (start: string, end: string) =>
      `No answers were collected in this period (${start} – ${end}).`,
    /** A part of the data the API key's scopes leave out (report/fetch.ts). */
    missingScope: (part: string, scopes: readonly string[]) =>
      `${part} needs the ${scopes.join(", ")} scope, which the API key lacks.`,
    parts: {
      workspace: "The workspace name",
      setup: "The visibility setup",
      visibility: "Visibility data",
      contentMap: "The content map",
      content: "Content",
    },
    /** Changes withheld (docs/decisions.md#period). */
    noComparisonData: (label: string) => `No data for ${label}, the comparison period: no change is shown.`,
    partialComparison: (label: string, covered: number, days: number) =>
      `The comparison period, ${label}, was tracked on ${f.count(covered)} of ${f.countOf(days, { one: "day", other: "days" })}: no change is shown.`,
  },

  /** A cut table's note, or the sentence replacing a table left to the workbook (render/present.ts). */
  trim: {
    rows: {
      executive_summary: { one: "finding", other: "findings" },
      summary: { one: "figure", other: "figures" },
      trend: { one: "day", other: "days" },
      platforms: { one: "platform", other: "platforms" },
      categories: { one: "category", other: "categories" },
      competitors: { one: "brand", other: "brands" },
      opportunities: { one: "prompt", other: "prompts" },
      evidence: { one: "answer", other: "answers" },
      cited_sources: { one: "domain", other: "domains" },
      your_pages: { one: "page", other: "pages" },
      competitor_pages: { one: "page", other: "pages" },
      prompts: { one: "prompt", other: "prompts" },
      answers: { one: "answer", other: "answers" },
      content_map: { one: "topic", other: "topics" },
      content: { one: "item", other: "items" },
      agency: { one: "row", other: "rows" },
      methodology: { one: "line", other: "lines" },
    },
    where: (sheet: string) => `in the workbook (sheet "${sheet}")`,
    /** Said where the table's place is: the page shows no row of it, so it names the table, not "this table". */
    onlyRow: (noun: { one: string; other: string }, where: string) =>
      `The table of its one ${noun.one} is ${where}.`,
    allRows: (n: number, noun: { one: string; other: string }, where: string) =>
      n === 2
        ? `The table of both ${noun.other} is ${where}.`
        : `The table of all ${f.countOf(n, noun)} is ${where}.`,
    /** `where` null: the run makes no workbook, so the note points nowhere. */
    top: (shown: number, n: number, noun: { one: string; other: string }, where: string | null) =>
      `Top ${f.count(shown)} of ${f.countOf(n, noun)}${where === null ? "" : `; all of them are ${where}`}.`,
    first: (shown: number, n: number, noun: { one: string; other: string }, where: string | null) =>
      `The first ${f.count(shown)} of ${f.countOf(n, noun)}${where === null ? "" : `; all of them are ${where}`}.`,
  },

  /** The workbook's About sheet. */
  workbook: {
    about: "About",
    notes: "Notes",
    contents: "Contents",
    charts: "Charts",
    complete:
      "This workbook holds every section and every row of the report, including those the printed report leaves out. " +
      "Each table is on a sheet of its own, with its header in row 1 and only data below it.",
    /** After `complete` when a sheet holds a sample (the latest answers). */
    sample: (sheet: string) => `Except the sheet “${sheet}”, a sample, as its note in the contents says.`,
    sheet: "Sheet",
    section: "Section",
    table: "Table",
    rows: "Rows",
    note: "Note",
    /** The full profile's sheet of what only the agency reads (render/technical.ts). */
    technical: "Technical",
    technicalNote:
      "For the agency only: the rules and agents behind the report's suggestions, the content pipeline's own statuses and the report's profile.",
  },

  /** What the colours of changes mean (render/legend.ts): once per report, by the first coloured figures. */
  legend: {
    good: (brand: string) => `Green: good news for ${brand} (its own gain, or a competitor's loss).`,
    bad: (brand: string) => `Red: bad news for ${brand} (its own loss, or a competitor's gain).`,
    neutral: "Grey: a change that is not significant or not tested.",
  },

  executiveSummary: {
    /** The words the summary uses, said where they are first used (not only in the methodology). */
    glossary:
      "pp: percentage points, the difference between two percentages. 95% interval: the range the true rate, or the true change between periods, lies in with 95% confidence, given how many prompts were tracked and how much their answers vary. Significant: the interval of the change excludes zero, so the change is unlikely to be noise. Share of voice: the brand's share of all mentions of it and its tracked competitors.",
    notInReport: (reasons: readonly string[]) => `Not in this report: ${reasons.join(" ")}`,
    notEnoughData: "There is not enough data in this period for a summary.",
    noAnswers: "No answers were collected in this period, so no rates can be reported.",
    /** The agency's targets (docs/targets.md): how many are on track, then each one that is not. */
    targets: (met: number, total: number, short: readonly string[]) =>
      `${f.count(met)} of ${f.countOf(total, { one: "target", other: "targets" })} on track${short.length > 0 ? `; ${f.list(short)}` : ""}.`,
    targetShort: (
      scope: string | null,
      metric: string,
      status: "at_risk" | "off_track" | "no_data",
      value: number | null,
      target: number,
    ) =>
      `${scope !== null ? `${scope} ` : ""}${metric.toLowerCase()} ${{ at_risk: "at risk", off_track: "off track", no_data: "without data" }[status]}${value !== null ? ` (${f.percent(value)} against ${f.percent(target)})` : ""}`,
    rateWas: (label: string, value: number) => `${label} was ${f.percent(value)}.`,
    /** `versus`: the comparison period's `inThe` words. */
    steady: (
      label: string,
      current: number,
      previous: number,
      delta: number,
      interval: string,
      versus: string,
    ) =>
      `${label} did not change significantly: ${f.percent(current)} against ${f.percent(previous)} ${versus} (${f.deltaPp(delta)}; ${interval}).`,
    /**
     * `versus`: the comparison period's `inThe` words where a reader would not assume it (a year
     * earlier), else null: "from 28.3% a year earlier to 31.4%".
     */
    moved: (
      label: string,
      current: number,
      previous: number,
      delta: number,
      interval: string,
      versus: string | null,
    ) =>
      `${label} ${delta > 0 ? "rose" : "fell"} significantly from ${f.percent(previous)}${versus === null ? "" : ` ${versus}`} to ${f.percent(current)} (${f.deltaPp(delta)}; ${interval}).`,
    /** One platform's significant change: "Perplexity (+4.1 pp, to 38.2%; 95% interval …)". */
    platformMove: (platform: string, delta: number, rate: number, interval: string) =>
      `${platform} (${f.deltaPp(delta)}, to ${f.percent(rate)}; ${interval})`,
    platformsRose: (moves: readonly string[]) => `Mention rate rose significantly on ${f.list(moves)}.`,
    platformsFell: (moves: readonly string[]) => `Mention rate fell significantly on ${f.list(moves)}.`,
    /** The category whose mention rate changed most, significantly: its interval says so. */
    /** `since`: the change log's latest page published on the category by the period's end. */
    categoryMoved: (
      category: string,
      delta: number,
      rate: number,
      interval: string,
      since: { label: string; date: string } | null,
    ) =>
      `Of the categories, ${category} moved most: mention rate ${f.deltaPp(delta)}, to ${f.percent(rate)} (${interval})${since ? `; “${since.label}” went live on ${since.date}` : ""}.`,
    /** The competitor whose mention rate rose most, significantly: its interval says so. */
    competitorRose: (competitor: string, delta: number, rate: number, interval: string) =>
      `Of the competitors, ${competitor} gained most: mention rate ${f.deltaPp(delta)}, to ${f.percent(rate)} (${interval}).`,
    platformsFlat: (platforms: readonly string[]) =>
      `No significant change in mention rate on ${f.list(platforms)}.`,
    strongestWeakest: (best: string, bestRate: number, worst: string, worstRate: number) =>
      `${best} is the strongest platform (mention rate ${f.percent(bestRate)}); ${worst} the weakest (${f.percent(worstRate)}).`,
    /** `mention`: the leader's mention rate when it leads that too. */
    youLead: (brand: string, sov: number, mention: number | null) =>
      `${brand} leads share of voice with ${f.percent(sov)}${mention === null ? "" : ` and mention rate with ${f.percent(mention)}`}.`,
    rivalLeads: (
      leader: string,
      sov: number,
      brand: string,
      yours: number,
      mention: { leader: number; you: number } | null,
    ) =>
      `${leader} leads share of voice with ${f.percent(sov)}, against ${f.percent(yours)} for ${brand}${mention === null ? "" : `, and mention rate with ${f.percent(mention.leader)}, against ${f.percent(mention.you)}`}.`,
    gapsAny: (prompts: number, tracked: number, brand: string, widest: string) =>
      `On ${f.count(prompts)} of ${f.countOf(tracked, { one: "tracked prompt", other: "tracked prompts" })}, answers name a competitor and not ${brand}; ${widest}`,
    /** Said when every tracked prompt has such answers: how many have them in most answers tells prompts apart. */
    gapsMost: (prompts: number, tracked: number, brand: string, widest: string) =>
      `On ${f.count(prompts)} of ${f.countOf(tracked, { one: "tracked prompt", other: "tracked prompts" })}, most answers name a competitor and not ${brand}; ${widest}`,
    gapsWidestOnly: (brand: string, widest: string) =>
      `Answers name a competitor and not ${brand} on every tracked prompt, in fewer than half of the answers each; ${widest}`,
    widestGap: (
      prompt: string,
      gapPlatforms: number,
      platforms: number,
      gapAnswers: number,
      answers: number,
      /** The change-log entry that already did its action, and its day as the report writes days. */
      done: { label: string; date: string } | null,
    ) =>
      `the widest gap is “${prompt}” (on ${gapPlatforms === platforms && platforms > 1 ? `all ${f.count(platforms)} platforms` : `${f.count(gapPlatforms)} of ${f.countOf(platforms, { one: "platform", other: "platforms" })}`}, ${f.count(gapAnswers)} of ${f.countOf(answers, { one: "answer", other: "answers" })})${done === null ? "" : `; “${done.label}”, aimed at it, went live on ${done.date}`}.`,
    /** `tied`: how many platforms share the lowest rate (2 or more). */
    strongestOnly: (best: string, rate: number, tied: number) =>
      `${best} is the strongest platform (mention rate ${f.percent(rate)}); ${f.count(tied)} platforms share the lowest rate.`,
    /** `tied`: how many platforms share the highest rate (2 or more). */
    weakestOnly: (worst: string, rate: number, tied: number) =>
      `${worst} is the weakest platform (mention rate ${f.percent(rate)}); ${f.count(tied)} platforms share the highest rate.`,
    /** A competitor newly ahead: "Nimbus Metrics overtook Brightwave on share of voice (…) and mention rate (…)." */
    overtook: (competitor: string, brand: string, metrics: readonly string[]) =>
      `${competitor} overtook ${brand} on ${f.list(metrics)}.`,
    /** The same news when the competitor did not rise: the client fell behind it. */
    fellBelow: (competitor: string, brand: string, metrics: readonly string[]) =>
      `${brand} fell below ${competitor} on ${f.list(metrics)}.`,
    /** `versus`: the comparison period's `inThe` words. */
    overtookOn: (
      metric: string,
      theirs: number,
      yours: number,
      theirsBefore: number,
      yoursBefore: number,
      versus: string,
    ) =>
      `${metric.toLowerCase()} (${f.percent(theirs)} against ${f.percent(yours)}; ${f.percent(theirsBefore)} against ${f.percent(yoursBefore)} ${versus})`,
    /** "A, B, C and 2 more": the first three topics. */
    topics: (shown: readonly string[], more: number) =>
      more > 0 ? `${shown.join(", ")} and ${f.count(more)} more` : f.list(shown),
    untapped: (n: number, topics: string) =>
      `${f.countOf(n, { one: "untapped topic", other: "untapped topics" })} where competitors publish and you do not: ${topics}.`,
    /** `underway`: the topics with pages planned or being written ("all" when every one has). */
    coverageGaps: (n: number, topics: string, underway: string | null) =>
      `${f.countOf(n, { one: "coverage gap", other: "coverage gaps" })}, topics where you have pages and the top competitor has more: ${topics}${underway === null ? "" : underway === "all" ? `; pages on ${n === 1 ? "it" : "each"} are planned or being written` : `; pages on ${underway} are planned or being written`}.`,
    /** A topic flagged untapped or a gap among classified pages, on which the client has published. */
    /** `whose`: each competitor's pages, "Lumora 3, Nimbus Metrics 3" (empty when none has any). */
    topicOwnContent: (topic: string, items: number, cited: number, theirs: number, whose: string) =>
      `${topic}: you published ${f.countOf(items, { one: "article", other: "articles" })}, ${cited === 0 ? "not cited yet" : `${f.count(cited)} cited`}; competitors have ${f.countOf(theirs, { one: "page", other: "pages" })}${whose ? ` (${whose})` : ""}.`,
    /** Data coverage (docs/claims.md): days as the language writes a span of them. */
    coverageRange: (start: string, end: string) =>
      start === end ? f.date(start) : `${f.date(start)} to ${f.date(end)}`,
    coveragePlatform: (
      platform: string,
      missing: number,
      partial: number,
      days: number,
      missingDays: readonly string[],
      partialDays: readonly string[],
    ) =>
      missing > 0
        ? `no answers from ${platform} on ${f.count(missing)} of the period's ${f.countOf(days, { one: "collection day", other: "collection days" })} (${f.list(missingDays)})${partial > 0 ? ` and fewer than from the other platforms on ${f.countOf(partial, { one: "day", other: "days" })} (${f.list(partialDays)})` : ""}`
        : `fewer answers from ${platform} than from the other platforms on ${f.count(partial)} of the period's ${f.countOf(days, { one: "collection day", other: "collection days" })} (${f.list(partialDays)})`,
    /** Weekdays compared (docs/claims.md): each side's first and last weekday. */
    weekdayMix: (days: number, current: readonly [string, string], previous: readonly [string, string]) =>
      days === 1
        ? `The day reported is a ${current[0]} and the day it is compared with a ${previous[0]}: answers vary by weekday, so the changes below may owe more to the weekday than to a trend.`
        : `The ${f.count(days)} days reported run from ${current[0]} to ${current[1]} and the days they are compared with from ${previous[0]} to ${previous[1]}: answers vary by weekday, so the changes below may owe more to the weekdays than to a trend.`,
    coverage: (platforms: readonly string[], shortfall: number, change: number | null) =>
      `${f.sentenceStart(platforms.join("; "))}: ${platforms.length > 1 ? "together " : ""}${f.countOf(shortfall, { one: "answer", other: "answers" })} fewer than a full collection${change !== null && change < 0 ? (shortfall >= -change ? `, which explains the fall in answers analysed (${f.deltaCount(change)})` : `, ${f.count(shortfall)} of the fall in answers analysed (${f.deltaCount(change)})`) : ""}.`,
    /** One target on the agency's page: a win when on track, a risk when at risk or off track. */
    targetLine: (
      scope: string | null,
      metric: string,
      status: "on_track" | "at_risk" | "off_track" | "no_data",
      value: number | null,
      target: number,
    ) =>
      `${scope !== null ? `${scope} ` : ""}${metric.toLowerCase()} ${{ on_track: "on track", at_risk: "at risk", off_track: "off track", no_data: "without data" }[status]}${value !== null ? ` (${f.percent(value)} against a target of ${f.percent(target)})` : ""}.`,
  },

  /** The agency's page (render/sections/agency.ts, docs/agency.md). */
  agency: {
    /** The section's title when the notes set no next step and no review: no plan is promised. */
    titleWithoutPlan: "Our work",
    winsAndRisks: "Wins and risks",
    win: "Win",
    risk: "Risk",
    page: "Page",
    nextSteps: "Next steps",
    delivered: "Work delivered",
    finding: "Finding",
    step: "Next step",
    owner: "Owner",
    due: "Due",
    kind: "Kind",
    change: "Change we made",
    published: "Published content",
    item: "What",
    noNews: "No significant change, no competitor ahead and no target to report in this period.",
    noSteps: "No next steps are set for this period.",
    noDelivered: "No change-log entry and no published content fall in this period.",
    noContent: "The report has no content data, so published content is not listed.",
    nextReview: (date: string) => `Next review: ${f.date(date)}.`,
    noReview: "No date is set for the next review.",
    deliveredNote: (days: number) =>
      `Our changes with the mention rate in their scope over the ${f.count(days)} days before and after them (not tested for significance; a change only where both windows are whole), and the content published in the period.`,
    /** After the note: the changes whose rates rest on fewer days than the columns say, each with its days. */
    partialWindows: (entries: readonly string[]) => `Partial windows: ${f.list(entries)}.`,
  },

  /** Opportunities as themes (report/opportunity-themes.ts, docs/claims.md). */
  themes: {
    unit: { one: "theme", other: "themes" },
    tableTitle: "Themes",
    promptsTitle: "By prompt",
    /** "“A”, “B” and 3 more". */
    prompts: (shown: readonly string[], more: number) =>
      shown.map((p) => `“${p}”`).join(", ") + (more > 0 ? ` and ${f.count(more)} more` : ""),
    /**
     * `answers` are the theme's prompts' answers: "of the prompt's", never "of their", which read as
     * the competitors'. The gap answers are those naming any competitor: `subject` is the one
     * competitor named in all of them, else the most named (`winners`) are said with their own
     * counts, never as if they alone made the gap.
     */
    evidence: (
      subject: string | null,
      winners: readonly { name: string; answers: number }[],
      gapAnswers: number,
      answers: number,
      prompts: number,
      brand: string,
      page: { url: string; competitor: string; citations: number; again: boolean } | null,
    ) =>
      `${subject !== null ? `${subject} is named` : "competitors are named"} without ${brand} in ${f.count(gapAnswers)} of the ${prompts === 1 ? "prompt's" : "prompts'"} ${f.countOf(answers, { one: "answer", other: "answers" })}${winners.length > 0 ? `, most often ${f.list(winners.map((w) => `${w.name} (${f.countOf(w.answers, { one: "answer", other: "answers" })})`))}` : ""}${page ? `; ${page.again ? "the same page is the most cited there too" : `${owner(page.competitor)} ${page.url} is the page most cited there`}, in ${f.count(page.citations)} of them` : ""}.`,
    comparison: (rival: string, n: number, prompts: string, evidence: string) =>
      `Publish a comparison page against ${rival} that answers the ${f.countOf(n, { one: "prompt", other: "prompts" })} naming it (${prompts}): ${evidence}`,
    /** `since`: a change-log entry that published on the category already, which the action builds on. */
    category: (
      category: string,
      n: number,
      prompts: string,
      evidence: string,
      since: { label: string; date: string } | null,
    ) =>
      `${since ? `Build on “${since.label}” (${since.date}) with pages on ${category}` : `Publish or strengthen pages on ${category}`} for its ${f.countOf(n, { one: "prompt", other: "prompts" })} (${prompts}): ${evidence}`,
    other: (n: number, prompts: string, evidence: string) =>
      `Publish pages that answer ${n === 1 ? "this prompt" : `these ${f.count(n)} prompts`} (${prompts}): ${evidence}`,
    /**
     * The change-log entry's rates are its scope's (`changeScope`), not the prompts': no daily
     * series exists per prompt, so the sentence says whose rate it quotes.
     */
    done: (
      label: string,
      date: string,
      n: number,
      scope: string,
      before: DoneWindow,
      after: DoneWindow,
      compared: boolean,
    ) =>
      `Already done for ${n === 1 ? "this prompt" : `these ${f.count(n)} prompts`}: “${label}” went live on ${date}; ${doneWindows(f, scope, before, after, compared)}`,
    /** After "Already done": the gap the prompts still show, so done work does not read as closed. */
    stillOpen: (gapAnswers: number, answers: number, brand: string) =>
      `Competitors are still named without ${brand} in ${f.count(gapAnswers)} of their ${f.countOf(answers, { one: "answer", other: "answers" })}.`,
    /** Whose rate a change-log entry's before and after are: its platform's, its category's, or all. */
    changeScope: (platform: string | null, category: string | null) =>
      platform !== null
        ? `on ${platform}`
        : category !== null
          ? `in ${category}`
          : "over all prompts and platforms",
    /** Focus themes (docs/claims.md, "Focus themes"): the citation rate and the weakest platform. */
    /** `page.citations`: the answers that name competitors and not the brand and cite the page. */
    citations: (
      n: number,
      prompts: string,
      brand: string,
      page: { url: string; competitor: string; citations: number },
      lead: boolean,
    ) =>
      `Win citations: ${lead ? `${brand} has the highest citation rate of the tracked brands, yet ` : ""}answers to ${n === 1 ? "this prompt" : `these ${f.count(n)} prompts`} (${prompts}) cite competitors' pages; ${owner(page.competitor)} ${page.url} is cited most, in ${f.countOf(page.citations, { one: "answer", other: "answers" })} that ${page.citations === 1 ? "names" : "name"} competitors and not ${brand}. Publish pages on the same questions with the figures, definitions and sources answers quote.`,
    /**
     * `never`: the prompts are those where the platform never names the brand, else all its gap
     * prompts; `sharing`: how many prompts are such, work already done included (`n` leaves it out).
     */
    platform: (
      platform: string,
      rate: number,
      brand: string,
      n: number,
      sharing: number,
      never: boolean,
      prompts: string,
      evidence: string,
    ) => {
      const where = never
        ? `it names competitors and never ${brand}`
        : `some of its answers name competitors and not ${brand}`;
      const start =
        sharing > n
          ? `of the ${f.count(sharing)} prompts where ${where}, ${f.count(sharing - n)} ${sharing - n === 1 ? "is" : "are"} covered by work already done; start with the other ${n === 1 ? "one" : f.count(n)} (${prompts}).`
          : `start with the ${n === 1 ? "prompt" : `${f.count(n)} prompts`} where ${where} (${prompts}).`;
      return `Close the gap on ${platform}, which names ${brand} in ${f.percent(rate)} of its answers, the fewest of any platform: ${start} On all platforms, ${evidence}`;
    },
    citationsTheme: "Citations",
    platformTheme: (platform: string) => `Weakest platform: ${platform}`,
    /** After the intro, when focus themes lead the table. */
    focusIntro: (citations: boolean, platform: string | null) =>
      `${citations && platform !== null ? "Two more themes lead the table" : "One more theme leads the table"}, drawn from across the others: ${f.list([...(citations ? ["citations"] : []), ...(platform !== null ? [`${platform}, the weakest platform`] : [])])}.`,
    /** The theme's name in the table. */
    competitorTheme: (rival: string) => `Prompts naming ${rival}`,
    /** `every`: the gap prompts are every tracked prompt, `mostly` of them gaps in most answers. */
    intro: (
      brand: string,
      themes: number,
      prompts: number,
      every: { tracked: number; mostly: number } | null,
    ) =>
      every
        ? `Every one of the ${f.countOf(every.tracked, { one: "tracked prompt", other: "tracked prompts" })} has at least one answer that names a tracked competitor and not ${brand}${every.mostly > 0 ? `, and on ${f.count(every.mostly)} of them most answers do` : ", each in fewer than half of its answers"}. They are grouped into ${f.countOf(themes, { one: "theme", other: "themes" })}: by the competitor the prompt names, else by its category. One action per theme.`
        : `The ${f.countOf(prompts, { one: "prompt", other: "prompts" })} with at least one answer that names a tracked competitor and not ${brand}, grouped into ${f.countOf(themes, { one: "theme", other: "themes" })}: by the competitor the prompt names, else by its category. One action per theme.`,
    /**
     * After the intro: work done whose prompts still show the gap (docs/claims.md, "Work already
     * done"). `kind` says what the prompts share: the competitor they name or their category.
     */
    doneOpen: (
      label: string,
      date: string,
      kind: "competitor" | "category",
      name: string,
      n: number,
      answers: number,
      mentioned: number,
      gapAnswers: number,
      brand: string,
    ) =>
      `“${label}” went live on ${date} for the ${n === 1 ? "prompt" : `${f.count(n)} prompts`} ${kind === "competitor" ? `naming ${name}` : `on ${name}`}; in this period ${brand} is named in ${mentioned === 0 ? "none" : f.count(mentioned)} of ${n === 1 ? "its" : "their"} ${f.countOf(answers, { one: "answer", other: "answers" })}, and competitors without it in ${f.count(gapAnswers)}.`,
    /** After the intro, when the run makes the workbook. */
    workbookPointer: "The workbook lists every prompt with its own figures.",
  },

  /** The suggested action of an opportunity (report/opportunities.ts, docs/metrics.md "Opportunities"). */
  actions: {
    absent: (
      answers: number,
      brand: string,
      top: { name: string; answers: number } | undefined,
      page: { competitor: string; url: string; citations: number } | undefined,
    ) =>
      `Publish a page that answers this prompt: none of its ${f.countOf(answers, { one: "answer", other: "answers" })} names ${brand}${top ? `; ${top.name} is named in ${f.count(top.answers)}` : ""}${page ? ` and ${owner(page.competitor)} ${page.url} is cited in ${f.count(page.citations)}` : ""}.`,
    platforms: (
      never: readonly string[],
      brand: string,
      naming: readonly string[],
      mentioned: number,
      answers: number,
    ) =>
      `Find out what ${f.list(never)} cite${never.length === 1 ? "s" : ""} for this prompt: ${never.length === 1 ? "it never names" : "they never name"} ${brand}, while ${f.list(naming)} ${naming.length === 1 ? "does" : "do"} (${f.count(mentioned)} of ${f.countOf(answers, { one: "answer", other: "answers" })}).`,
    page: (competitor: string, url: string, citations: number, gapAnswers: number, brand: string) =>
      `Publish or strengthen a page that answers this prompt better: ${owner(competitor)} ${url} is cited in ${f.count(citations)} of the ${f.countOf(gapAnswers, { one: "answer", other: "answers" })} naming a competitor and not ${brand}.`,
    done: (
      label: string,
      date: string,
      scope: string,
      before: DoneWindow,
      after: DoneWindow,
      compared: boolean,
    ) => `Already done: “${label}” went live on ${date}; ${doneWindows(f, scope, before, after, compared)}`,
    consistency: (
      brand: string,
      mentioned: number,
      answers: number,
      top: { name: string; answers: number } | undefined,
    ) =>
      `Strengthen what earns ${brand} its mentions here: it is named in ${f.count(mentioned)} of ${f.countOf(answers, { one: "answer", other: "answers" })}, and ${top ? `${top.name} is named without ${brand} in ${f.count(top.answers)}` : ""}.`,
  },

  summary: {
    volume: (prompts: number, platforms: number, competitors: number) =>
      `${f.countOf(prompts, { one: "tracked prompt", other: "tracked prompts" })} on ${f.countOf(platforms, { one: "platform", other: "platforms" })}, compared with ${f.countOf(competitors, { one: "competitor", other: "competitors" })}.`,
    /** The workbook's sheet of the headline metrics. */
    headline: "Headline metrics",
    targets: "Targets",
    noTargets: "No targets are set.",
    targetsNote:
      "On track: at or above the target. At risk: below it, within the rate's 95% interval. Off track: the whole interval below it.",
    /** A rate's 95 % interval in a cell of the targets' table: "18.0% to 21.2%". */
    rateInterval: (low: number, high: number) => `${f.percent(low)} to ${f.percent(high)}`,
  },

  trend: {
    dailyRates: "Daily rates",
    /** A workbook column of the compared period's day: "Previous period: mention rate". */
    compared: (column: string, versus: string): string => `${versus}: ${column.toLowerCase()}`,
    /** A period of one day: a line needs two points. */
    onePoint: "One day in this period, so no line to draw: its rates are the key figures.",
    platformsByDay: "Platforms by day",
    platformsByDayNote:
      "One row per day with answers; a blank cell is a day on which that platform collected nothing (no answers, so no rate), never 0.",
    platformRate: (platform: string) => `${platform} mention rate`,
    platformAnswers: (platform: string) => `${platform} answers`,
    whatWeDid: "What we did",
    noChanges: "No entry of the change log falls in this period.",
    changesNote: (days: number) =>
      `A change here is the difference of the two ${f.count(days)}-day windows, not tested for significance: it says what moved around the entry, not that the entry moved it.`,
    /** "14 days" or "9 of 14 days", and ", no answers" when the window had none. */
    window: (days: number, whole: number, answers: number) =>
      `${days === whole ? `${f.count(whole)} days` : `${f.count(days)} of ${f.count(whole)} days`}${answers === 0 ? ", no answers" : ""}`,
    /** Either side null: the other alone (a partial window named without its whole one). */
    basis: (before: string | null, after: string | null) =>
      [before === null ? null : `before: ${before}`, after === null ? null : `after: ${after}`]
        .filter((x) => x !== null)
        .join("; "),
    partial: (basis: string, whole: number) => `${basis}; fewer than ${f.count(whole)} days, no change shown`,
  },

  platforms: {
    empty: "No platform collected answers in this period.",
  },

  categories: {
    empty: "No category has answers in this period.",
  },

  competitors: {
    rank: (metric: string, rank: number, of: number, value: number, delta: number | null) =>
      `${metric}: rank ${f.count(rank)} of ${f.count(of)} at ${f.percent(value)}${delta === null ? "" : ` (${f.deltaPp(delta)})`}.`,
    empty: "No competitors are tracked.",
    note: (answers: number) =>
      `Based on ${f.countOf(answers, { one: "answer", other: "answers" })}. The first row is your brand.`,
  },

  opportunities: {
    intro: (brand: string) =>
      `Prompts where at least one tracked competitor is named and ${brand} is not, ranked by how many platforms and answers show it. Each suggested action follows the rules in the methodology and quotes the figures it rests on.`,
    /** "Lumora (227), Pulsegrid (188) and 2 more". */
    named: (names: readonly string[], more: number) =>
      names.join(", ") + (more > 0 ? ` and ${more} more` : ""),
    empty: (brand: string) => `No prompt has an answer naming a competitor and not ${brand} in this period.`,
  },

  evidence: {
    gapWhy: (competitors: readonly string[], brand: string) => `names ${f.list(competitors)}, not ${brand}`,
    /** `versus`: the comparison period's `withThe` words. */
    winWhy: (brand: string, rate: number, delta: number | null, versus: string) =>
      `${brand} is named in ${f.percent(rate)} of this prompt's answers on all platforms${delta === null ? "" : ` (${f.deltaPp(delta)} ${versus})`}`,
    source: (platform: string, day: string, why: string) => `${platform}, ${day}: ${why}`,
    quoted: (prompt: string) => `“${prompt}”`,
    none: "No answer of this period shows a gap or names the brand, so none is quoted.",
    gapsIntro: (brand: string) =>
      `Where competitors are named and ${brand} is not: the latest such answer to each of the top opportunities.`,
    winsIntro: (brand: string, compared: boolean) =>
      `Where ${brand} is named: the latest answer naming it on the prompts whose mention rate ${compared ? "grew most (a single prompt's change is not tested for significance)" : "is highest"}.`,
    opportunity: "Opportunity",
    whereNamed: "Where named",
    empty: "No answer is quoted.",
  },

  citedSources: {
    yours: (brand: string) => `${brand} (yours)`,
    competitors: "Competitors",
    otherSites: "Other sites",
    owners: { you: "Yours", competitor: "Competitor", other: "Other" },
    byOwner: "By owner",
    domains: "Domains",
    empty: "No citations in this period.",
    note: (n: number) => `${f.countOf(n, { one: "citation", other: "citations" })} in all.`,
  },

  yourPages: {
    empty: "No page of your site was cited in this period.",
    note: (n: number) => `${f.countOf(n, { one: "page", other: "pages" })} cited in all.`,
  },

  competitorPages: {
    empty: "No competitor page was cited in this period.",
  },

  prompts: {
    empty: "No prompts are tracked.",
  },

  answers: {
    empty: "No answers were collected in this period.",
    /**
     * The API returns at most 500 of the latest answers (one per prompt and platform), the most
     * recent first: a sample, which may leave a platform out entirely.
     */
    sample: (shown: number, total: number, missing: readonly string[]) =>
      `A sample: ${f.count(shown)} of the ${f.count(total)} latest answers (one per prompt and platform), drawn evenly across platforms by the API, most recent first` +
      (missing.length > 0 ? `; none from ${missing.join(", ")}.` : ", from every platform."),
  },

  contentMap: {
    publishedUnclassified: "Published, unclassified",
    untapped: "Untapped",
    coverageGap: "Coverage gap",
    empty: "No topics have been induced yet.",
    /** A project with no content data at all (one imported from CSV): no site crawled, no topic. */
    noData:
      "This project has no content data: no page of its site has been crawled and classified into topics.",
    unclassified: (n: number) =>
      `${f.count(n)} of your pages ${f.noun(n, { one: "is", other: "are" })} not classified yet.`,
    /** A period that ended before the report's day: the map is the pages crawled by that day. */
    asOf: (asOf: string, end: string) =>
      `The map shows the pages as crawled up to ${asOf}, not as they stood at the period's end (${end}).`,
    /**
     * Under the chart: topics the client has published on (the work delivered) that the content
     * map has not classified yet, so the chart, which counts classified pages, draws no bar.
     */
    publishedNoBar: (topics: readonly string[]) =>
      `${f.list(topics.map((t) => `“${t}”`))} ${topics.length === 1 ? "has" : "have"} no bar in the chart of your pages: what was published on ${topics.length === 1 ? "it" : "them"} is not yet among the pages the content map has classified.`,
  },

  content: {
    none: "No content items.",
    byStatus: (counts: readonly string[]) => `Items by status: ${counts.join(", ")}.`,
    /** "12 PUBLISHED": a count of items in a REST status (statuses are the API's words). */
    statusCount: (n: number, status: string) => `${f.count(n)} ${status.toLowerCase()}`,
    itemsByStatus: "Items by status",
    ideas: "Ideas",
    noIdeas: "No ideas.",
    planned: "Planned",
    nothingPlanned: "Nothing is planned.",
    produced: "Produced",
    nothingProduced: "Nothing has been produced.",
    /** A project with no content data at all (one imported from CSV). */
    noData: "This project has no content data: no content ideas, plans or articles.",
    /** The technical sheet's table of the pipeline's own statuses. */
    pipeline: "Content pipeline statuses",
  },

  methodology: {
    comparedYear: (label: string, start: string, end: string) =>
      `the same dates a year earlier, ${label} (${start} to ${end})`,
    comparedWith: (label: string, start: string, end: string) => `${label} (${start} to ${end})`,
    customPeriod: (label: string, start: string, end: string, timezone: string, compared: string) =>
      `The current period is ${label} (${start} to ${end}, days in ${timezone}); it is compared with ${compared}.`,
    yearPeriod: (
      start: string,
      end: string,
      range: string,
      asOf: string,
      timezone: string,
      compared: string,
    ) =>
      `The current period runs from ${start} to ${end} (${range}, ending on the as-of day ${asOf} in ${timezone}); it is compared with ${compared}.`,
    rangePeriod: (
      start: string,
      end: string,
      range: string,
      asOf: string,
      timezone: string,
      previousStart: string,
      previousEnd: string,
    ) =>
      `The current period runs from ${start} to ${end} (${range}, ending on the as-of day ${asOf} in ${timezone}); it is compared with the previous period of the same length, ${previousStart} to ${previousEnd}.`,
    noPeriod: (range: string) =>
      `The period is the ${range} ending on the as-of day; its dates are not available because the visibility data could not be read.`,
    volume: (answers: number, prompts: number, platforms: readonly string[]) =>
      `This report rests on ${f.countOf(answers, { one: "answer", other: "answers" })} (snapshots) to ${f.countOf(prompts, { one: "tracked prompt", other: "tracked prompts" })}, collected from ${f.countOf(platforms.length, { one: "platform", other: "platforms" })} (${platforms.join(", ")}).`,
    noVolume: "The visibility data could not be read, so no answer counts are given.",
    /** `versus`: the comparison period's `inThe` words. */
    sample: (
      prompts: number,
      answers: number,
      previousPrompts: number,
      previousAnswers: number,
      versus: string,
    ) =>
      ` The headline rates rest on ${f.countOf(prompts, { one: "prompt", other: "prompts" })} (${f.countOf(answers, { one: "answer", other: "answers" })}) in this period and ${f.countOf(previousPrompts, { one: "prompt", other: "prompts" })} (${f.countOf(previousAnswers, { one: "answer", other: "answers" })}) ${versus}.`,
    significance: (sample: string) =>
      `Answers to the same prompt resemble each other from day to day, so the sample that counts is the prompts, not the answers: each rate's 95% interval treats the prompts as the units (a ratio of sums over prompts, with Student's t). A change counts as significant when the 95% interval of the difference between the periods, computed from each prompt's own change, excludes zero; changes not significant, or not tested, are greyed (in italics where there is no colour).${sample}`,
    timezone: (shown: string, workspace: string) =>
      `Dates of answers and content items are shown in ${shown}, as the report configuration asks; the period's days are those of the workspace timezone, ${workspace}.`,
    definitions: "Definitions",
    metric: "Metric",
    definition: "Definition",
    terms: [
      ["Snapshot", "One collected answer of one tracked prompt on one AI platform."],
      ["Mention rate", "Snapshots mentioning the brand ÷ snapshots."],
      ["Citation rate", "Snapshots citing a page of the brand's domain ÷ snapshots."],
      [
        "Share of voice",
        "Snapshots mentioning the brand ÷ the sum, over the brand and every tracked competitor, of snapshots mentioning each.",
      ],
      [
        "Δ (change)",
        "Current period minus the period it is compared with, from unrounded values; rates in percentage points (pp).",
      ],
      [
        "Trend point",
        "A day in a 7-day report; otherwise a week, counted back from the period's last day (the first may be shorter, or take in the one or two days left before it). Its rate is over the week's summed counts (e.g. mentions ÷ answers of its days), not an average of daily rates.",
      ],
      [
        "95% interval",
        "The range that holds the true rate (or change) with 95% confidence, given the prompts sampled.",
      ],
      ["Significant change", "A change whose 95% interval excludes zero (α = 0.05)."],
      ["Rank", "1 is best; ties share a rank (1, 2, 2, 4)."],
      ["Page citations", "Snapshots citing the page; its citation rate divides by all snapshots."],
      ["Cited source share", "Citations of the domain ÷ all citations in the period."],
      ["Opportunity", "A prompt whose answers name a tracked competitor and not the brand (gap answers)."],
      [
        "Suggested action",
        "One per theme: prompts naming a tracked competitor call for a comparison page, the others for pages on their category; where the change log lists the work as done, the report shows its before and after instead.",
      ],
      [
        "Evidence",
        "The latest gap answer of the top three prompts, and the latest answer naming the brand on the three whose mention rate grew most: about 320 characters from the first name.",
      ],
    ] as [string, string][],
  },
});

/** Every message of a report; the English catalogue defines it, every other one must match it. */
export type Messages = ReturnType<typeof enMessages>;

/**
 * One language's file (docs/i18n.md): its language code, the locale its figures use when the
 * config names only the language, how it writes figures besides Intl, and its messages.
 */
export interface Catalogue {
  /** ISO 639-1 code, the part of a locale that picks this catalogue ("de" for de-DE, de-AT, de-CH). */
  language: string;
  /** The locale of `--locale de` (the language alone). */
  defaultLocale: string;
  /** Its name in the language itself, for the docs and help ("Deutsch"). */
  name: string;
  style: FigureStyle;
  messages: (f: Figures) => Messages;
}

/** English: the source of every key; its figures are the ones reports always had (en-US, ISO dates). */
export const en: Catalogue = {
  language: "en",
  defaultLocale: "en-US",
  name: "English",
  style: { pp: "pp", isoDates: true, englishLists: true },
  messages: enMessages,
};
