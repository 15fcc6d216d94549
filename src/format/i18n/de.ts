import type { Catalogue, DoneWindow, Messages } from "./en.js";
import type { Figures } from "./figures.js";

const answersOf = { one: "Antwort", other: "Antworten" };
const promptsOf = { one: "Prompt", other: "Prompts" };
const platformsOf = { one: "Plattform", other: "Plattformen" };
const pagesOf = { one: "Seite", other: "Seiten" };

/** Vorher und nachher erledigter Arbeit (en.ts, doneWindows). */
const doneWindows = (f: Figures, scope: string, before: DoneWindow, after: DoneWindow, compared: boolean) => {
  if (compared && before.rate !== null && after.rate !== null)
    return `Erwähnungsrate ${scope} ${f.percent(before.rate)} in den 14 Tagen davor, ${f.percent(after.rate)} in den 14 Tagen danach.`;
  const short = [
    ...(before.days < 14 ? [`${f.count(before.days)} der 14 Tage davor`] : []),
    ...(after.days < 14 ? [`${f.count(after.days)} der 14 Tage danach`] : []),
  ];
  return short.length > 0
    ? `dieser Bericht enthält ${short.join(" und ")}: zu wenige für einen Vergleich vorher und nachher.`
    : `in den 14 Tagen ${before.rate === null ? "davor" : "danach"} wurden keine Antworten erfasst, daher kein Vergleich vorher und nachher.`;
};

/** German (docs/i18n.md): "Erwähnungsrate", "Zitierrate", "Share of Voice"; changes in "Pp." (Prozentpunkte). */
const messages = (f: Figures): Messages => ({
  colon: ":",
  semicolon: ";",
  sections: {
    executive_summary: "Management Summary",
    summary: "Überblick",
    trend: "Entwicklung",
    platforms: "Plattformen",
    categories: "Kategorien",
    competitors: "Wettbewerber",
    opportunities: "Chancen",
    evidence: "Belege",
    cited_sources: "Zitierte Quellen",
    your_pages: "Ihre zitierten Seiten",
    competitor_pages: "Seiten der Wettbewerber",
    prompts: "Beobachtete Prompts",
    answers: "Neueste Antworten",
    content_map: "Content-Landkarte",
    content: "Content-Pipeline",
    agency: "Unsere Arbeit, nächste Schritte",
    methodology: "Methodik",
  },

  cover: {
    lastDays: (days) => `letzte ${days} Tage`,
    title: (brand) => `KI-Sichtbarkeitsbericht — ${brand}`,
    eyebrow: "KI-Sichtbarkeitsbericht",
    project: "Projekt",
    brand: "Marke",
    brandDomain: "Domain der Marke",
    workspace: "Workspace",
    range: "Zeitraum (Kürzel)",
    period: "Zeitraum",
    periodStart: "Beginn des Zeitraums",
    periodEnd: "Ende des Zeitraums",
    asOf: "Stand",
    timezone: "Zeitzone",
    preparedBy: "Erstellt von",
    preparedByAgency: (agency) => `Erstellt von ${agency}`,
    accountManager: "Kundenbetreuung",
    contact: (name, contacts) => [name, ...contacts].join(" · "),
    generatedAt: "Erzeugt am",
    profile: "Profil",
    span: (start, end) => `${start} bis ${end}`,
    notAvailable: "nicht verfügbar",
  },

  email: {
    noFinding: "Keine Feststellung für diesen Zeitraum.",
    attached: "Anhänge",
  },

  pdf: {
    contents: "Inhalt",
    pageBefore: "Seite ",
    pageBetween: " von ",
    pageAfter: "",
    coverLabel: "Deckblatt",
    versus: "ggü.",
  },

  draft: {
    mark: "ENTWURF",
    notice: "eine Prüffassung, nicht der endgültige Bericht.",
    reviewTitle: "Zur Prüfung",
    reviewIntro:
      "Was vor dem Versand zu klären ist: fehlender Kommentar und was die Selbstprüfung des Berichts gefunden und nicht selbst gelöst hat (nicht im endgültigen Bericht):",
    noCommentary: (period: string) =>
      `Noch kein Kommentar: für diesen Zeitraum (${period}) sind keine Notizen geschrieben; vreport notes init entwirft sie.`,
  },

  values: {
    yes: "Ja",
    no: "Nein",
    status: {
      on_track: "Im Plan",
      at_risk: "Gefährdet",
      off_track: "Verfehlt",
      no_data: "Keine Daten",
    },
    stages: {
      AWARENESS: "Aufmerksamkeit",
      CONSIDERATION: "Abwägung",
      DECISION: "Entscheidung",
      BALANCED: "Ausgewogen",
      NA: "Ohne Phase",
    },
    contentStatus: {
      NEW: "Neu",
      PLANNED: "Geplant",
      GENERATING: "In Erstellung",
      GENERATED: "Erstellt",
      PUBLISHED: "Veröffentlicht",
      FAILED: "Fehlgeschlagen",
    },
    uncategorized: "Ohne Kategorie",
    allPlatforms: "Alle Plattformen",
    everything: "Alle Prompts und Plattformen",
    category: (name) => `Kategorie: ${name}`,
  },

  kpis: {
    metrics: {
      mention_rate: "Erwähnungsrate",
      citation_rate: "Zitierrate",
      share_of_voice: "Share of Voice",
    },
    answersAnalysed: "Ausgewertete Antworten",
    noSignificantChange: "keine signifikante Veränderung",
    interval: (low, high) =>
      low === null || high === null
        ? "95-%-Intervall nicht bestimmbar"
        : `95-%-Intervall ${f.boundPoints(low)} bis ${f.boundPp(high)}`,
    metric: "Kennzahl",
    value: "Wert",
    change: "Veränderung",
    significance: "Signifikanz",
    changeLow: "Veränderung 95 % unten",
    changeHigh: "Veränderung 95 % oben",
    significant: "Signifikant",
    answers: "Antworten",
    prompts: "Prompts",
  },

  columns: {
    theme: "Thema",
    prompt: "Prompt",
    prompts: "Prompts",
    category: "Kategorie",
    platform: "Plattform",
    answers: "Antworten",
    mentionRate: "Erwähnungsrate",
    citationRate: "Zitierrate",
    shareOfVoice: "Share of Voice",
    deltaMention: "Δ Erwähnung",
    deltaCitation: "Δ Zitierung",
    deltaShare: "Δ Share of Voice",
    deltaCitations: "Δ Zitierungen",
    deltaRate: "Δ Rate",
    deltaPrompts: "Δ Prompts",
    date: "Datum",
    collected: "Erhoben",
    mentioned: "Erwähnt",
    cited: "Zitiert",
    competitorsMentioned: "Erwähnte Wettbewerber",
    answerPreview: "Antwort (Auszug)",
    owner: "Inhaber",
    citations: "Zitierungen",
    share: "Anteil",
    mostCited: (n) => `Meistzitiert (Top ${f.count(n)})`,
    rank: "Rang",
    domain: "Domain",
    competitor: "Wettbewerber",
    brand: "Marke",
    page: "Seite",
    folder: "Verzeichnis",
    status: "Status",
    items: "Einträge",
    title: "Titel",
    buyerStage: "Kaufphase",
    source: "Quelle",
    created: "Angelegt",
    plannedFor: "Geplant für",
    published: "Veröffentlicht",
    url: "URL",
    topic: "Thema",
    yourPages: "Ihre Seiten",
    topCompetitor: "Stärkster Wettbewerber",
    theirPages: "Dessen Seiten",
    quotedFor: "Zitiert als",
    excerpt: "Auszug",
    competitorsNamed: "Genannte Wettbewerber",
    promptMentionRate: "Erwähnungsrate des Prompts",
    deltaPromptMentionRate: "Δ Erwähnungsrate des Prompts",
    scope: "Bereich",
    metric: "Kennzahl",
    target: "Ziel",
    thisPeriod: "Dieser Zeitraum",
    gap: "Abstand",
    interval95: "95-%-Intervall",
    low95: "95 % unten",
    high95: "95 % oben",
    whatWeDid: "Maßnahme",
    windowBefore: (days) => `Erwähnungsrate, ${f.count(days)} Tage davor`,
    windowAfter: (days) => `Erwähnungsrate, ${f.count(days)} Tage danach`,
    change: "Veränderung",
    days: "Tage",
    definition: "Definition",
    platformsWithGap: "Plattformen mit Lücke",
    platformsAnswering: "Antwortende Plattformen",
    platformsWithGapNames: "Plattformen mit Lücke (Namen)",
    platformsNaming: (brand) => `Plattformen, die ${brand} nennen`,
    answersWithGap: "Antworten mit Lücke",
    answersNaming: (brand) => `Antworten, die ${brand} nennen`,
    competitorsNamedAll: "Genannte Wettbewerber (alle)",
    mostCitedCompetitorPage: "Meistzitierte Wettbewerberseite",
    itsCitations: "Zitierungen der Seite in diesen Antworten",
    suggestedAction: "Empfohlene Maßnahme",
    rule: "Regel",
  },

  stats: {
    mention: "Erwähnung",
    citation: "Zitierung",
    share: "Share",
    low: (rate) => `${rate} 95 % unten`,
    high: (rate) => `${rate} 95 % oben`,
    deltaLow: (rate) => `Δ ${rate} 95 % unten`,
    deltaHigh: (rate) => `Δ ${rate} 95 % oben`,
    significant: (rate) => `Δ ${rate} signifikant`,
  },

  versus: {
    previous: {
      label: "Vorperiode",
      start: "Beginn der Vorperiode",
      end: "Ende der Vorperiode",
      inThe: "in der Vorperiode",
      withThe: "gegenüber der Vorperiode",
      dashed: "Vorperiode gestrichelt",
    },
    year: {
      label: "Vorjahreszeitraum",
      start: "Beginn des Vorjahreszeitraums",
      end: "Ende des Vorjahreszeitraums",
      inThe: "im Vorjahreszeitraum",
      withThe: "gegenüber dem Vorjahreszeitraum",
      dashed: "Vorjahreszeitraum gestrichelt",
    },
  },

  charts: {
    mentionRate: "Erwähnungsrate",
    citationRate: "Zitierrate",
    shareOfVoice: "Share of Voice",
    byCategory: "Erwähnungs- und Zitierrate nach Kategorie",
    byPlatform: "Erwähnungs- und Zitierrate nach Plattform",
    ratesByWeek: "Raten nach Woche",
    ratesByDay: "Raten nach Tag",
    topCitedDomains: "Meistzitierte Domains nach Inhaber (Anteil an den Zitierungen)",
    pagesByTopic: "Ihre Seiten nach Thema und Kaufphase",
  },

  alt: {
    kind: {
      line: "Liniendiagramm",
      bar: "Balkendiagramm",
      horizontal_bar: "Balkendiagramm",
      stacked_bar: "Gestapeltes Balkendiagramm",
      doughnut: "Ringdiagramm",
    },
    span: (from, to) => `Von ${from} bis ${to}.`,
    noData: "keine Daten",
    more: (shown, more) => `${shown} und ${more} weitere`,
    line: (label, first, last, low, high) =>
      `${label}: erster Wert ${first}, letzter ${last}, niedrigster ${low}, höchster ${high}.`,
    marked: (items) => `Markiert: ${items}.`,
  },

  notices: {
    noAnswers: "In diesem Zeitraum wurden keine Antworten erhoben.",
    noAnswersBetween: (start, end) =>
      `In diesem Zeitraum (${start} – ${end}) wurden keine Antworten erhoben.`,
    missingScope: (part, scopes) =>
      `${part}: Dafür ist der Scope ${scopes.join(", ")} nötig, den der API-Schlüssel nicht hat.`,
    parts: {
      workspace: "Name des Workspace",
      setup: "Sichtbarkeits-Einrichtung",
      visibility: "Sichtbarkeitsdaten",
      contentMap: "Content-Landkarte",
      content: "Content",
    },
    noComparisonData: (label) =>
      `Für ${label}, den Vergleichszeitraum, liegen keine Daten vor: Es werden keine Veränderungen ausgewiesen.`,
    partialComparison: (label, covered, days) =>
      `Der Vergleichszeitraum ${label} wurde an ${f.count(covered)} von ${f.countOf(days, { one: "Tag", other: "Tagen" })} erfasst: Es werden keine Veränderungen ausgewiesen.`,
  },

  trim: {
    rows: {
      executive_summary: { one: "Aussage", other: "Aussagen" },
      summary: { one: "Kennzahl", other: "Kennzahlen" },
      trend: { one: "Tag", other: "Tage" },
      platforms: { one: "Plattform", other: "Plattformen" },
      categories: { one: "Kategorie", other: "Kategorien" },
      competitors: { one: "Marke", other: "Marken" },
      opportunities: promptsOf,
      evidence: answersOf,
      cited_sources: { one: "Domain", other: "Domains" },
      your_pages: pagesOf,
      competitor_pages: pagesOf,
      prompts: promptsOf,
      answers: answersOf,
      content_map: { one: "Thema", other: "Themen" },
      content: { one: "Eintrag", other: "Einträge" },
      agency: { one: "Zeile", other: "Zeilen" },
      methodology: { one: "Zeile", other: "Zeilen" },
    },
    where: (sheet) => `in der Arbeitsmappe (Tabellenblatt „${sheet}“)`,
    onlyRow: (_noun, where) => `Die Tabelle (eine Zeile) steht ${where}.`,
    allRows: (n, noun, where) =>
      n === 2
        ? `Die Tabelle beider ${noun.other} steht ${where}.`
        : `Die Tabelle aller ${f.countOf(n, noun)} steht ${where}.`,
    top: (shown, n, noun, where) =>
      `Top ${f.count(shown)} von ${f.countOf(n, noun)}${where === null ? "" : `; die vollständige Liste steht ${where}`}.`,
    first: (shown, n, noun, where) =>
      `Die ersten ${f.count(shown)} von ${f.countOf(n, noun)}${where === null ? "" : `; die vollständige Liste steht ${where}`}.`,
  },

  workbook: {
    about: "Über den Bericht",
    notes: "Anmerkungen",
    contents: "Inhalt",
    charts: "Diagramme",
    complete:
      "Diese Arbeitsmappe enthält jeden Abschnitt und jede Zeile des Berichts, auch die, die der gedruckte Bericht auslässt. " +
      "Jede Tabelle steht auf einem eigenen Tabellenblatt, mit der Kopfzeile in Zeile 1 und nur Daten darunter.",
    sample: (sheet) =>
      `Ausgenommen das Tabellenblatt „${sheet}“, eine Stichprobe, wie seine Anmerkung im Inhalt sagt.`,
    sheet: "Tabellenblatt",
    section: "Abschnitt",
    table: "Tabelle",
    rows: "Zeilen",
    note: "Hinweis",
    technical: "Technisch",
    technicalNote:
      "Nur für die Agentur: die Regeln und Agenten hinter den Vorschlägen des Berichts, die eigenen Status der Content-Pipeline und das Profil des Berichts.",
  },

  legend: {
    good: (brand) =>
      `Grün: eine gute Nachricht für ${brand} (ein eigener Zuwachs oder ein Rückgang bei einem Wettbewerber).`,
    bad: (brand) =>
      `Rot: eine schlechte Nachricht für ${brand} (ein eigener Rückgang oder ein Zuwachs bei einem Wettbewerber).`,
    neutral: "Grau: eine nicht signifikante oder nicht geprüfte Veränderung.",
  },

  executiveSummary: {
    glossary:
      "Pp.: Prozentpunkte, die Differenz zweier Prozentwerte. 95-%-Intervall: der Bereich, in dem die wahre Rate oder die wahre Veränderung zwischen den Zeiträumen mit 95 % Sicherheit liegt, gemessen an der Zahl der beobachteten Prompts und daran, wie stark ihre Antworten schwanken. Signifikant: Das Intervall der Veränderung schließt null aus, die Veränderung ist also mit hoher Wahrscheinlichkeit kein Zufall. Share of Voice: der Anteil der Marke an allen Erwähnungen von ihr und ihren beobachteten Wettbewerbern.",
    notInReport: (reasons) => `Nicht in diesem Bericht: ${reasons.join(" ")}`,
    notEnoughData: "Für eine Zusammenfassung liegen in diesem Zeitraum nicht genug Daten vor.",
    noAnswers: "In diesem Zeitraum wurden keine Antworten erhoben, daher lassen sich keine Raten angeben.",
    targets: (met, total, short) =>
      `${f.count(met)} von ${f.countOf(total, { one: "Ziel", other: "Zielen" })} im Plan${short.length > 0 ? `; ${f.list(short)}` : ""}.`,
    targetShort: (scope, metric, status, value, target) =>
      `${metric}${scope !== null ? ` bei ${scope}` : ""} ${{ at_risk: "gefährdet", off_track: "verfehlt", no_data: "ohne Daten" }[status]}${value !== null ? ` (${f.percent(value)} gegenüber ${f.percent(target)})` : ""}`,
    rateWas: (label, value) => `${label}: ${f.percent(value)}.`,
    steady: (label, current, previous, delta, interval, versus) =>
      `${label}: keine signifikante Veränderung, ${f.percent(current)} gegenüber ${f.percent(previous)} ${versus} (${f.deltaPp(delta)}; ${interval}).`,
    moved: (label, current, previous, delta, interval, versus) =>
      `${label}: signifikanter ${delta > 0 ? "Anstieg" : "Rückgang"} von ${f.percent(previous)}${versus === null ? "" : ` ${versus}`} auf ${f.percent(current)} (${f.deltaPp(delta)}; ${interval}).`,
    platformMove: (platform, delta, rate, interval) =>
      `${platform} (${f.deltaPp(delta)} auf ${f.percent(rate)}; ${interval})`,
    platformsRose: (moves) => `Die Erwähnungsrate ist bei ${f.list(moves)} signifikant gestiegen.`,
    platformsFell: (moves) => `Die Erwähnungsrate ist bei ${f.list(moves)} signifikant gesunken.`,
    categoryMoved: (category, delta, rate, interval, since) =>
      `Unter den Kategorien hat sich ${category} am stärksten bewegt: Erwähnungsrate ${f.deltaPp(delta)} auf ${f.percent(rate)} (${interval})${since ? `; „${since.label}“ ist seit dem ${since.date} live` : ""}.`,
    competitorRose: (competitor, delta, rate, interval) =>
      `Unter den Wettbewerbern hat ${competitor} am stärksten zugelegt: Erwähnungsrate ${f.deltaPp(delta)} auf ${f.percent(rate)} (${interval}).`,
    platformsFlat: (platforms) =>
      `Keine signifikante Veränderung der Erwähnungsrate bei ${f.list(platforms)}.`,
    strongestWeakest: (best, bestRate, worst, worstRate) =>
      `${best} ist die stärkste Plattform (Erwähnungsrate ${f.percent(bestRate)}), ${worst} die schwächste (${f.percent(worstRate)}).`,
    youLead: (brand, sov, mention) =>
      `${brand} führt beim Share of Voice mit ${f.percent(sov)}${mention === null ? "" : ` und bei der Erwähnungsrate mit ${f.percent(mention)}`}.`,
    rivalLeads: (leader, sov, brand, yours, mention) =>
      `${leader} führt beim Share of Voice mit ${f.percent(sov)}, gegenüber ${f.percent(yours)} für ${brand}${mention === null ? "" : `, und bei der Erwähnungsrate mit ${f.percent(mention.leader)}, gegenüber ${f.percent(mention.you)}`}.`,
    gapsAny: (prompts, tracked, brand, widest) =>
      `Bei ${f.count(prompts)} von ${f.countOf(tracked, { one: "beobachteten Prompt", other: "beobachteten Prompts" })} nennen Antworten einen Wettbewerber, aber nicht ${brand}; ${widest}`,
    gapsMost: (prompts, tracked, brand, widest) =>
      `Bei ${f.count(prompts)} von ${f.countOf(tracked, { one: "beobachteten Prompt", other: "beobachteten Prompts" })} nennt die Mehrheit der Antworten einen Wettbewerber, aber nicht ${brand}; ${widest}`,
    gapsWidestOnly: (brand, widest) =>
      `Bei jedem beobachteten Prompt nennen Antworten einen Wettbewerber, aber nicht ${brand}, jeweils in weniger als der Hälfte der Antworten; ${widest}`,
    widestGap: (prompt, gapPlatforms, platforms, gapAnswers, answers, done) =>
      `die größte Lücke zeigt „${prompt}“ (auf ${gapPlatforms === platforms && platforms > 1 ? `allen ${f.count(platforms)} Plattformen` : `${f.count(gapPlatforms)} von ${f.countOf(platforms, platformsOf)}`}, in ${f.count(gapAnswers)} von ${f.countOf(answers, answersOf)})${done === null ? "" : `; dafür wurde am ${done.date} „${done.label}“ veröffentlicht`}.`,
    strongestOnly: (best, rate, tied) =>
      `${best} ist die stärkste Plattform (Erwähnungsrate ${f.percent(rate)}); die niedrigste Rate teilen sich ${f.count(tied)} Plattformen.`,
    weakestOnly: (worst, rate, tied) =>
      `${worst} ist die schwächste Plattform (Erwähnungsrate ${f.percent(rate)}); die höchste Rate teilen sich ${f.count(tied)} Plattformen.`,
    overtook: (competitor, brand, metrics) => `${competitor} hat ${brand} ${f.list(metrics)} überholt.`,
    fellBelow: (competitor, brand, metrics) =>
      `${brand} ist ${f.list(metrics)} hinter ${competitor} zurückgefallen.`,
    overtookOn: (metric, theirs, yours, theirsBefore, yoursBefore, versus) =>
      // "bei der Erwähnungsrate", "beim Share of Voice": the metric's article decides the preposition.
      `${metric === "Share of Voice" ? "beim" : "bei der"} ${metric} (${f.percent(theirs)} gegenüber ${f.percent(yours)}; ${versus} ${f.percent(theirsBefore)} gegenüber ${f.percent(yoursBefore)})`,
    topics: (shown, more) => (more > 0 ? `${shown.join(", ")} und ${f.count(more)} weitere` : f.list(shown)),
    untapped: (n, topics) =>
      `${f.countOf(n, { one: "unbesetztes Thema", other: "unbesetzte Themen" })}, zu denen Wettbewerber publizieren und Sie nicht: ${topics}.`,
    coverageGaps: (n, topics, underway) =>
      `${f.countOf(n, { one: "Abdeckungslücke", other: "Abdeckungslücken" })}, Themen mit eigenen Seiten, zu denen der stärkste Wettbewerber mehr hat: ${topics}${underway === null ? "" : underway === "all" ? `; zu ${n === 1 ? "diesem" : "jedem"} sind Seiten geplant oder in Arbeit` : `; zu ${underway} sind Seiten geplant oder in Arbeit`}.`,
    topicOwnContent: (topic, items, cited, theirs, whose) =>
      `${topic}: Sie haben ${f.countOf(items, { one: "Artikel", other: "Artikel" })} veröffentlicht, ${cited === 0 ? "noch nicht zitiert" : `${f.count(cited)} zitiert`}; Wettbewerber haben ${f.countOf(theirs, pagesOf)}${whose ? ` (${whose})` : ""}.`,
    coverageRange: (start, end) => (start === end ? f.date(start) : `${f.date(start)} bis ${f.date(end)}`),
    coveragePlatform: (platform, missing, partial, days, missingDays, partialDays) =>
      missing > 0
        ? `keine Antworten von ${platform} an ${f.count(missing)} von ${f.count(days)} Erhebungstagen (${f.list(missingDays)})${partial > 0 ? ` und an ${f.countOf(partial, { one: "Tag", other: "Tagen" })} weniger als von den anderen Plattformen (${f.list(partialDays)})` : ""}`
        : `weniger Antworten von ${platform} als von den anderen Plattformen an ${f.count(partial)} von ${f.count(days)} Erhebungstagen (${f.list(partialDays)})`,
    weekdayMix: (days, current, previous) =>
      days === 1
        ? `Der berichtete Tag ist ein ${current[0]}, der Vergleichstag ein ${previous[0]}: Antworten schwanken je Wochentag, die folgenden Veränderungen können also eher am Wochentag liegen als an einem Trend.`
        : `Die ${f.count(days)} berichteten Tage reichen von ${current[0]} bis ${current[1]}, die Vergleichstage von ${previous[0]} bis ${previous[1]}: Antworten schwanken je Wochentag, die folgenden Veränderungen können also eher an den Wochentagen liegen als an einem Trend.`,
    coverage: (platforms, shortfall, change) =>
      `${f.sentenceStart(platforms.join("; "))}: ${platforms.length > 1 ? "zusammen " : ""}${f.countOf(shortfall, { one: "Antwort", other: "Antworten" })} weniger als bei vollständiger Erhebung${change !== null && change < 0 ? (shortfall >= -change ? `; das erklärt den Rückgang der ausgewerteten Antworten (${f.deltaCount(change)})` : `; das sind ${f.count(shortfall)} des Rückgangs der ausgewerteten Antworten (${f.deltaCount(change)})`) : ""}.`,
    targetLine: (scope, metric, status, value, target) =>
      `${metric}${scope !== null ? ` bei ${scope}` : ""} ${{ on_track: "im Plan", at_risk: "gefährdet", off_track: "verfehlt", no_data: "ohne Daten" }[status]}${value !== null ? ` (${f.percent(value)} gegenüber dem Ziel von ${f.percent(target)})` : ""}.`,
  },

  agency: {
    titleWithoutPlan: "Unsere Arbeit",
    winsAndRisks: "Erfolge und Risiken",
    win: "Erfolg",
    risk: "Risiko",
    page: "Seite",
    nextSteps: "Nächste Schritte",
    delivered: "Geleistete Arbeit",
    finding: "Befund",
    step: "Nächster Schritt",
    owner: "Verantwortlich",
    due: "Fällig",
    kind: "Art",
    change: "Maßnahme",
    published: "Veröffentlichter Inhalt",
    item: "Was",
    noNews:
      "In diesem Zeitraum gab es keine signifikante Veränderung, keinen Wettbewerber vorn und kein Ziel zu melden.",
    noSteps: "Für diesen Zeitraum sind keine nächsten Schritte festgelegt.",
    noDelivered: "In diesen Zeitraum fallen keine Maßnahme und kein veröffentlichter Inhalt.",
    noContent: "Der Bericht enthält keine Inhaltsdaten; veröffentlichte Inhalte sind daher nicht aufgeführt.",
    nextReview: (date) => `Nächste Besprechung: ${f.date(date)}.`,
    noReview: "Für die nächste Besprechung ist kein Termin festgelegt.",
    deliveredNote: (days) =>
      `Unsere Maßnahmen mit der Erwähnungsrate in ihrem Bereich in den ${f.count(days)} Tagen davor und danach (nicht auf Signifikanz geprüft; eine Veränderung nur bei vollständigen Zeitfenstern) und die im Zeitraum veröffentlichten Inhalte.`,
    partialWindows: (entries) => `Unvollständige Zeitfenster: ${f.list(entries)}.`,
  },

  themes: {
    unit: { one: "Thema", other: "Themen" },
    tableTitle: "Themen",
    promptsTitle: "Nach Prompt",
    prompts: (shown, more) =>
      shown.map((p) => `„${p}“`).join(", ") + (more > 0 ? ` und ${f.count(more)} weitere` : ""),
    evidence: (subject, winners, gapAnswers, answers, prompts, brand, page) =>
      `${subject !== null ? `${subject} wird` : "Wettbewerber werden"} ohne ${brand} in ${f.count(gapAnswers)} der ${f.countOf(answers, answersOf)} auf ${prompts === 1 ? "diesen Prompt" : "diese Prompts"} genannt${winners.length > 0 ? `, am häufigsten ${f.list(winners.map((w) => `${w.name} (${f.countOf(w.answers, answersOf)})`))}` : ""}${page ? `; ${page.again ? "dieselbe Seite ist auch dort die meistzitierte" : `${page.url} von ${page.competitor} ist dort die meistzitierte Seite`}, in ${f.count(page.citations)} davon` : ""}.`,
    comparison: (rival, n, prompts, evidence) =>
      `Veröffentlichen Sie eine Vergleichsseite zu ${rival}, die ${n === 1 ? "den Prompt" : `die ${f.count(n)} Prompts`} beantwortet, ${n === 1 ? "der" : "die"} ${rival} nennen (${prompts}): ${evidence}`,
    category: (category, n, prompts, evidence, since) =>
      `${since ? `Bauen Sie auf „${since.label}“ (${since.date}) auf, mit Seiten zu ${category}` : `Veröffentlichen Sie für ${n === 1 ? "den Prompt" : `die ${f.count(n)} Prompts`} zu ${category} neue Seiten oder bauen Sie vorhandene aus`}${since ? ` für ${n === 1 ? "den Prompt dazu" : `die ${f.count(n)} Prompts dazu`}` : ""} (${prompts}): ${evidence}`,
    other: (n, prompts, evidence) =>
      `Veröffentlichen Sie Seiten, die ${n === 1 ? "diesen Prompt" : `diese ${f.count(n)} Prompts`} beantworten (${prompts}): ${evidence}`,
    stillOpen: (gapAnswers, answers, brand) =>
      `Wettbewerber werden weiterhin ohne ${brand} in ${f.count(gapAnswers)} ihrer ${f.countOf(answers, answersOf)} genannt.`,
    changeScope: (platform, category) =>
      platform !== null
        ? `bei ${platform}`
        : category !== null
          ? `in ${category}`
          : "über alle Prompts und Plattformen",
    done: (label, date, n, scope, before, after, compared) =>
      `Für ${n === 1 ? "diesen Prompt" : `diese ${f.count(n)} Prompts`} bereits erledigt: „${label}“ ist seit dem ${date} live; ${doneWindows(f, scope, before, after, compared)}`,
    citations: (n, prompts, brand, page, lead) =>
      `Gewinnen Sie Zitierungen: ${lead ? `${brand} hat die höchste Zitierrate der beobachteten Marken, doch ` : ""}Antworten auf ${n === 1 ? "diesen Prompt" : `diese ${f.count(n)} Prompts`} (${prompts}) zitieren Seiten der Wettbewerber; am häufigsten ${page.url} von ${page.competitor}, in ${f.countOf(page.citations, answersOf)}, die Wettbewerber nennen und ${brand} nicht. Veröffentlichen Sie Seiten zu denselben Fragen mit den Zahlen, Definitionen und Quellen, die Antworten zitieren.`,
    platform: (platform, rate, brand, n, sharing, never, prompts, evidence) => {
      const where = never
        ? `Wettbewerber nennt und ${brand} nie`
        : `in einem Teil seiner Antworten Wettbewerber nennt und ${brand} nicht`;
      const start =
        sharing > n
          ? `von den ${f.count(sharing)} Prompts, bei denen ${platform} ${where}, ${sharing - n === 1 ? "ist einer" : `sind ${f.count(sharing - n)}`} durch bereits erledigte Arbeit abgedeckt; beginnen Sie mit ${n === 1 ? "dem übrigen" : `den übrigen ${f.count(n)}`} (${prompts}).`
          : `beginnen Sie mit ${n === 1 ? "dem Prompt" : `den ${f.count(n)} Prompts`}, bei denen ${platform} ${where} (${prompts}).`;
      return `Schließen Sie die Lücke bei ${platform}: ${platform} nennt ${brand} in ${f.percent(rate)} seiner Antworten, seltener als jede andere Plattform; ${start} Auf allen Plattformen: ${evidence}`;
    },
    citationsTheme: "Zitierungen",
    platformTheme: (platform) => `Schwächste Plattform: ${platform}`,
    focusIntro: (citations, platform) =>
      `${citations && platform !== null ? "Zwei übergreifende Themen stehen vorn" : "Ein übergreifendes Thema steht vorn"}: ${f.list([...(citations ? ["Zitierungen"] : []), ...(platform !== null ? [`${platform} als schwächste Plattform`] : [])])}.`,
    competitorTheme: (rival) => `Prompts, die ${rival} nennen`,
    intro: (brand, themes, prompts, every) =>
      every
        ? `Jeder der ${f.countOf(every.tracked, { one: "beobachteten Prompt", other: "beobachteten Prompts" })} hat mindestens eine Antwort, die einen beobachteten Wettbewerber nennt und ${brand} nicht${every.mostly > 0 ? `; bei ${f.count(every.mostly)} davon tut das die Mehrheit der Antworten` : ", jeweils in weniger als der Hälfte seiner Antworten"}. Alle ${f.count(every.tracked)} sind in ${f.countOf(themes, { one: "Thema", other: "Themen" })} gruppiert: nach dem Wettbewerber, den der Prompt nennt, sonst nach seiner Kategorie. Eine Maßnahme je Thema.`
        : `Die ${f.countOf(prompts, promptsOf)} mit mindestens einer Antwort, die einen beobachteten Wettbewerber nennt und ${brand} nicht, gruppiert in ${f.countOf(themes, { one: "Thema", other: "Themen" })}: nach dem Wettbewerber, den der Prompt nennt, sonst nach seiner Kategorie. Eine Maßnahme je Thema.`,
    doneOpen: (label, date, kind, name, n, answers, mentioned, gapAnswers, brand) =>
      `„${label}“ wurde am ${date} für ${n === 1 ? "den Prompt" : `die ${f.count(n)} Prompts`} veröffentlicht, ${kind === "competitor" ? (n === 1 ? `der ${name} nennt` : `die ${name} nennen`) : `zu ${name}`}; in diesem Zeitraum nennt ${mentioned === 0 ? "keine" : f.count(mentioned)} ${n === 1 ? "seiner" : "ihrer"} ${f.countOf(answers, answersOf)} ${brand}, und ${f.count(gapAnswers)} nennen Wettbewerber ohne ${brand}.`,
    workbookPointer: "Die Arbeitsmappe listet jeden Prompt mit seinen eigenen Zahlen.",
  },

  actions: {
    absent: (answers, brand, top, page) =>
      `Veröffentlichen Sie eine Seite, die diesen Prompt beantwortet: Keine seiner ${f.countOf(answers, answersOf)} nennt ${brand}${top ? `; ${top.name} wird in ${f.count(top.answers)} genannt` : ""}${page ? `, und ${page.url} von ${page.competitor} wird in ${f.count(page.citations)} zitiert` : ""}.`,
    platforms: (never, brand, naming, mentioned, answers) =>
      `Prüfen Sie, was ${f.list(never)} zu diesem Prompt ${never.length === 1 ? "zitiert" : "zitieren"}: ${never.length === 1 ? "Diese Plattform nennt" : "Diese Plattformen nennen"} ${brand} nie, ${f.list(naming)} dagegen schon (${f.count(mentioned)} von ${f.countOf(answers, answersOf)}).`,
    page: (competitor, url, citations, gapAnswers, brand) =>
      `Veröffentlichen Sie eine Seite, die diesen Prompt besser beantwortet, oder bauen Sie Ihre aus: ${url} von ${competitor} wird in ${f.count(citations)} der ${f.countOf(gapAnswers, answersOf)} zitiert, die einen Wettbewerber nennen, aber nicht ${brand}.`,
    done: (label, date, scope, before, after, compared) =>
      `Bereits erledigt: „${label}“ ist seit dem ${date} live; ${doneWindows(f, scope, before, after, compared)}`,
    consistency: (brand, mentioned, answers, top) =>
      `Stärken Sie, was ${brand} hier Erwähnungen einbringt: Die Marke wird in ${f.count(mentioned)} von ${f.countOf(answers, answersOf)} genannt${top ? `, ${top.name} ohne ${brand} in ${f.count(top.answers)}` : ""}.`,
  },

  summary: {
    volume: (prompts, platforms, competitors) =>
      `${f.countOf(prompts, { one: "beobachteter Prompt", other: "beobachtete Prompts" })} auf ${f.countOf(platforms, platformsOf)}, verglichen mit ${f.countOf(competitors, { one: "Wettbewerber", other: "Wettbewerbern" })}.`,
    headline: "Kennzahlen",
    targets: "Ziele",
    noTargets: "Es sind keine Ziele festgelegt.",
    rateInterval: (low, high) => `${f.percent(low)} bis ${f.percent(high)}`,
    targetsNote:
      "Im Plan: am oder über dem Ziel. Gefährdet: darunter, im 95-%-Intervall der Rate. Verfehlt: das ganze Intervall darunter.",
  },

  trend: {
    dailyRates: "Tageswerte",
    compared: (column, versus) => `${versus}: ${column}`,
    onePoint: "Ein einziger Tag in diesem Zeitraum, also keine Linie: seine Raten sind die Kennzahlen.",
    platformsByDay: "Tage je Plattform",
    platformsByDayNote:
      "Eine Zeile je Tag mit Antworten; eine leere Zelle ist ein Tag, an dem diese Plattform nichts erfasst hat (keine Antworten, also keine Rate), nie 0.",
    platformRate: (platform) => `Erwähnungsrate ${platform}`,
    platformAnswers: (platform) => `Antworten ${platform}`,
    whatWeDid: "Unsere Maßnahmen",
    noChanges: "Kein Eintrag des Änderungsprotokolls fällt in diesen Zeitraum.",
    changesNote: (days) =>
      `Eine Veränderung ist hier die Differenz der beiden ${f.count(days)}-Tage-Fenster und nicht auf Signifikanz geprüft: Sie zeigt, was sich rund um den Eintrag bewegt hat, nicht, dass der Eintrag es bewegt hat.`,
    window: (days, whole, answers) =>
      `${days === whole ? `${f.count(whole)} Tage` : `${f.count(days)} von ${f.count(whole)} Tagen`}${answers === 0 ? ", keine Antworten" : ""}`,
    basis: (before, after) =>
      [before === null ? null : `davor: ${before}`, after === null ? null : `danach: ${after}`]
        .filter((x) => x !== null)
        .join("; "),
    partial: (basis, whole) => `${basis}; weniger als ${f.count(whole)} Tage, keine Veränderung ausgewiesen`,
  },

  platforms: {
    empty: "Keine Plattform hat in diesem Zeitraum Antworten erhoben.",
  },

  categories: {
    empty: "Keine Kategorie hat in diesem Zeitraum Antworten.",
  },

  competitors: {
    rank: (metric, rank, of, value, delta) =>
      `${metric}: Rang ${f.count(rank)} von ${f.count(of)} mit ${f.percent(value)}${delta === null ? "" : ` (${f.deltaPp(delta)})`}.`,
    empty: "Es werden keine Wettbewerber beobachtet.",
    note: (answers) => `Grundlage: ${f.countOf(answers, answersOf)}. Die erste Zeile ist Ihre Marke.`,
  },

  opportunities: {
    intro: (brand) =>
      `Prompts, bei denen mindestens ein beobachteter Wettbewerber genannt wird und ${brand} nicht, sortiert danach, auf wie vielen Plattformen und in wie vielen Antworten das geschieht. Jede empfohlene Maßnahme folgt den Regeln der Methodik und nennt die Zahlen, auf denen sie beruht.`,
    named: (names, more) => names.join(", ") + (more > 0 ? ` und ${f.count(more)} weitere` : ""),
    empty: (brand) =>
      `Kein Prompt hat in diesem Zeitraum eine Antwort, die einen Wettbewerber nennt, aber nicht ${brand}.`,
  },

  evidence: {
    gapWhy: (competitors, brand) => `nennt ${f.list(competitors)}, nicht ${brand}`,
    winWhy: (brand, rate, delta, versus) =>
      `${brand} wird in ${f.percent(rate)} der Antworten auf diesen Prompt auf allen Plattformen genannt${delta === null ? "" : ` (${f.deltaPp(delta)} ${versus})`}`,
    source: (platform, day, why) => `${platform}, ${day}: ${why}`,
    quoted: (prompt) => `„${prompt}“`,
    none: "Keine Antwort dieses Zeitraums zeigt eine Lücke oder nennt die Marke, daher wird keine zitiert.",
    gapsIntro: (brand) =>
      `Wo Wettbewerber genannt werden und ${brand} nicht: zu jeder der wichtigsten Chancen die neueste Antwort dieser Art.`,
    winsIntro: (brand, compared) =>
      `Wo ${brand} genannt wird: die neueste Antwort mit der Marke zu den Prompts, deren Erwähnungsrate ${compared ? "am stärksten gestiegen ist (die Veränderung eines einzelnen Prompts ist nicht auf Signifikanz geprüft)" : "am höchsten ist"}.`,
    opportunity: "Chance",
    whereNamed: "Genannt",
    empty: "Es wird keine Antwort zitiert.",
  },

  citedSources: {
    yours: (brand) => `${brand} (Ihre Marke)`,
    competitors: "Wettbewerber",
    otherSites: "Andere Websites",
    owners: { you: "Ihre Marke", competitor: "Wettbewerber", other: "Andere Website" },
    byOwner: "Nach Inhaber",
    domains: "Domains",
    empty: "In diesem Zeitraum gibt es keine Zitierungen.",
    note: (n) => `${f.countOf(n, { one: "Zitierung", other: "Zitierungen" })} insgesamt.`,
  },

  yourPages: {
    empty: "In diesem Zeitraum wurde keine Seite Ihrer Website zitiert.",
    note: (n) => `${f.countOf(n, pagesOf)} insgesamt zitiert.`,
  },

  competitorPages: {
    empty: "In diesem Zeitraum wurde keine Seite eines Wettbewerbers zitiert.",
  },

  prompts: {
    empty: "Es werden keine Prompts beobachtet.",
  },

  answers: {
    empty: "In diesem Zeitraum wurden keine Antworten erhoben.",
    sample: (shown, total, missing) =>
      `Eine Stichprobe: ${f.count(shown)} der ${f.count(total)} neuesten Antworten (eine je Prompt und Plattform), von der API gleichmäßig über die Plattformen gezogen, die jüngsten zuerst` +
      (missing.length > 0 ? `; keine von ${missing.join(", ")}.` : ", von jeder Plattform."),
  },

  contentMap: {
    publishedUnclassified: "Veröffentlicht, unklassifiziert",
    untapped: "Unbesetzt",
    coverageGap: "Abdeckungslücke",
    empty: "Es wurden noch keine Themen ermittelt.",
    noData:
      "Für dieses Projekt gibt es keine Content-Daten: Keine Seite seiner Website wurde erfasst und Themen zugeordnet.",
    unclassified: (n) =>
      n === 1
        ? "Eine Ihrer Seiten ist noch nicht klassifiziert."
        : `${f.count(n)} Ihrer Seiten sind noch nicht klassifiziert.`,
    asOf: (asOf, end) =>
      `Die Karte zeigt die Seiten, wie sie bis zum ${asOf} erfasst wurden, nicht ihren Stand am Ende des Zeitraums (${end}).`,
    publishedNoBar: (topics) =>
      `${f.list(topics.map((t) => `„${t}“`))} ${topics.length === 1 ? "hat" : "haben"} keinen Balken im Diagramm Ihrer Seiten, denn was dazu veröffentlicht wurde, ist noch nicht unter den Seiten, die die Content-Landkarte klassifiziert hat.`,
  },

  content: {
    none: "Keine Content-Einträge.",
    byStatus: (counts) => `Einträge nach Status: ${counts.join(", ")}.`,
    statusCount: (n, status) => `${f.count(n)} ${status}`,
    itemsByStatus: "Einträge nach Status",
    ideas: "Ideen",
    noIdeas: "Keine Ideen.",
    planned: "Geplant",
    nothingPlanned: "Nichts ist geplant.",
    produced: "Erstellt",
    nothingProduced: "Es wurde nichts erstellt.",
    noData:
      "Für dieses Projekt gibt es keine Content-Daten: keine Content-Ideen, keine Planung und keine Artikel.",
    pipeline: "Status der Content-Pipeline",
  },

  methodology: {
    comparedYear: (label, start, end) => `denselben Tagen ein Jahr zuvor, ${label} (${start} bis ${end})`,
    comparedWith: (label, start, end) => `${label} (${start} bis ${end})`,
    customPeriod: (label, start, end, timezone, compared) =>
      `Der aktuelle Zeitraum ist ${label} (${start} bis ${end}, Tage in ${timezone}); er wird verglichen mit ${compared}.`,
    yearPeriod: (start, end, range, asOf, timezone, compared) =>
      `Der aktuelle Zeitraum reicht vom ${start} bis zum ${end} (${range}, endet am Stichtag ${asOf} in ${timezone}); er wird verglichen mit ${compared}.`,
    rangePeriod: (start, end, range, asOf, timezone, previousStart, previousEnd) =>
      `Der aktuelle Zeitraum reicht vom ${start} bis zum ${end} (${range}, endet am Stichtag ${asOf} in ${timezone}); er wird mit der gleich langen Vorperiode verglichen, ${previousStart} bis ${previousEnd}.`,
    noPeriod: (range) =>
      `Der Zeitraum umfasst ${range} bis zum Stichtag; seine Daten sind nicht verfügbar, weil die Sichtbarkeitsdaten nicht gelesen werden konnten.`,
    volume: (answers, prompts, platforms) =>
      `Dieser Bericht beruht auf ${f.countOf(answers, answersOf)} (Snapshots) zu ${f.countOf(prompts, { one: "beobachteten Prompt", other: "beobachteten Prompts" })}, erhoben auf ${f.countOf(platforms.length, platformsOf)} (${platforms.join(", ")}).`,
    noVolume:
      "Die Sichtbarkeitsdaten konnten nicht gelesen werden, daher werden keine Antwortzahlen angegeben.",
    sample: (prompts, answers, previousPrompts, previousAnswers, versus) =>
      ` Die Kernraten beruhen auf ${f.countOf(prompts, promptsOf)} (${f.countOf(answers, answersOf)}) in diesem Zeitraum und ${f.countOf(previousPrompts, promptsOf)} (${f.countOf(previousAnswers, answersOf)}) ${versus}.`,
    significance: (sample) =>
      `Antworten auf denselben Prompt ähneln sich von Tag zu Tag, daher zählen als Stichprobe die Prompts, nicht die Antworten: Das 95-%-Intervall jeder Rate behandelt die Prompts als Einheiten (ein Verhältnis von Summen über Prompts, mit Student-t-Verteilung). Eine Veränderung gilt als signifikant, wenn das 95-%-Intervall der Differenz zwischen den Zeiträumen, berechnet aus der Veränderung jedes einzelnen Prompts, die Null ausschließt; nicht signifikante oder nicht geprüfte Veränderungen sind grau dargestellt (ohne Farbe kursiv).${sample}`,
    timezone: (shown, workspace) =>
      `Daten von Antworten und Content-Einträgen werden in ${shown} angezeigt, wie in der Berichtskonfiguration festgelegt; die Tage des Zeitraums sind die der Workspace-Zeitzone ${workspace}.`,
    definitions: "Definitionen",
    metric: "Kennzahl",
    definition: "Definition",
    terms: [
      ["Snapshot", "Eine erhobene Antwort auf einen beobachteten Prompt auf einer KI-Plattform."],
      ["Erwähnungsrate", "Snapshots, die die Marke erwähnen ÷ Snapshots."],
      ["Zitierrate", "Snapshots, die eine Seite der Marken-Domain zitieren ÷ Snapshots."],
      [
        "Share of Voice",
        "Snapshots, die die Marke erwähnen ÷ Summe der Snapshots, die jeweils die Marke bzw. einen beobachteten Wettbewerber erwähnen.",
      ],
      [
        "Δ (Veränderung)",
        "Aktueller Zeitraum minus Vergleichszeitraum, aus ungerundeten Werten; Raten in Prozentpunkten (Pp.).",
      ],
      [
        "Trendpunkt",
        "Ein Tag in einem 7-Tage-Bericht, sonst eine Woche, rückwärts gezählt vom letzten Tag des Zeitraums (der erste Punkt kann kürzer sein oder die ein, zwei Tage davor mit aufnehmen). Seine Rate beruht auf den summierten Zahlen der Woche (z. B. Erwähnungen ÷ Antworten ihrer Tage), nicht auf einem Mittel der Tagesraten.",
      ],
      [
        "95-%-Intervall",
        "Der Bereich, der die wahre Rate (oder Veränderung) mit 95 % Sicherheit enthält, bei den erhobenen Prompts.",
      ],
      ["Signifikante Veränderung", "Eine Veränderung, deren 95-%-Intervall die Null ausschließt (α = 0,05)."],
      ["Rang", "1 ist der beste; Gleichstände teilen sich einen Rang (1, 2, 2, 4)."],
      [
        "Seiten-Zitierungen",
        "Snapshots, die die Seite zitieren; ihre Zitierrate bezieht sich auf alle Snapshots.",
      ],
      ["Anteil zitierter Quellen", "Zitierungen der Domain ÷ alle Zitierungen im Zeitraum."],
      [
        "Chance",
        "Ein Prompt, dessen Antworten einen beobachteten Wettbewerber nennen, aber nicht die Marke (Lücken-Antworten).",
      ],
      [
        "Empfohlene Maßnahme",
        "Eine je Thema: Prompts, die einen beobachteten Wettbewerber nennen, verlangen eine Vergleichsseite, die anderen Seiten zu ihrer Kategorie; was laut Änderungsprotokoll erledigt ist, steht mit Vorher und Nachher da.",
      ],
      [
        "Belege",
        "Die neueste Lücken-Antwort der drei wichtigsten Chancen und die neueste Antwort mit der Marke zu den drei Prompts, deren Erwähnungsrate am stärksten gestiegen ist, ab dem ersten Satz, der einen Wettbewerber (oder die Marke) nennt, rund 320 Zeichen.",
      ],
    ],
  },
});

/** German, as written in Germany unless the locale names another region (de-AT, de-CH). */
export const de: Catalogue = {
  language: "de",
  defaultLocale: "de-DE",
  name: "Deutsch",
  style: { pp: "Pp.", isoDates: false, englishLists: false },
  messages,
};
