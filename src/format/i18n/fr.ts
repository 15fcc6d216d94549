import type { Catalogue, DoneWindow, Messages } from "./en.js";
import type { Figures } from "./figures.js";

const answersOf = { one: "réponse", other: "réponses" };
const promptsOf = { one: "prompt", other: "prompts" };
const platformsOf = { one: "plateforme", other: "plateformes" };
const pagesOf = { one: "page", other: "pages" };

/** L’avant et l’après d’un travail déjà fait (en.ts, doneWindows). */
const doneWindows = (f: Figures, scope: string, before: DoneWindow, after: DoneWindow, compared: boolean) => {
  if (compared && before.rate !== null && after.rate !== null)
    return `taux de mention ${scope} de ${f.percent(before.rate)} sur les 14 jours précédents, ${f.percent(after.rate)} sur les 14 jours suivants.`;
  const short = [
    ...(before.days < 14 ? [`${f.count(before.days)} des 14 jours précédents`] : []),
    ...(after.days < 14 ? [`${f.count(after.days)} des 14 jours suivants`] : []),
  ];
  return short.length > 0
    ? `ce rapport couvre ${short.join(" et ")} : trop peu pour comparer avant et après.`
    : `aucune réponse n’a été collectée sur les 14 jours ${before.rate === null ? "précédents" : "suivants"}, donc pas de comparaison avant et après.`;
};

/** French (docs/i18n.md): "taux de mention", "taux de citation", "part de voix"; changes in "pt" (points de pourcentage). */
const messages = (f: Figures): Messages => ({
  colon: "\u00a0:",
  semicolon: "\u00a0;",
  sections: {
    executive_summary: "Synthèse",
    summary: "Vue d’ensemble",
    trend: "Évolution",
    platforms: "Plateformes",
    categories: "Catégories",
    competitors: "Concurrents",
    opportunities: "Opportunités",
    evidence: "Exemples de réponses",
    cited_sources: "Sources citées",
    your_pages: "Vos pages citées",
    competitor_pages: "Pages des concurrents",
    prompts: "Prompts suivis",
    answers: "Dernières réponses",
    content_map: "Cartographie des contenus",
    content: "Contenus",
    agency: "Notre travail et la suite",
    methodology: "Méthodologie",
  },

  cover: {
    lastDays: (days) => `${days} derniers jours`,
    title: (brand) => `Rapport de visibilité IA — ${brand}`,
    eyebrow: "Rapport de visibilité IA",
    project: "Projet",
    brand: "Marque",
    brandDomain: "Domaine de la marque",
    workspace: "Espace de travail",
    range: "Durée",
    period: "Période",
    periodStart: "Début de la période",
    periodEnd: "Fin de la période",
    asOf: "Arrêté au",
    timezone: "Fuseau horaire",
    preparedBy: "Préparé par",
    preparedByAgency: (agency) => `Préparé par ${agency}`,
    accountManager: "Responsable de compte",
    contact: (name, contacts) => [name, ...contacts].join(" · "),
    generatedAt: "Généré le",
    profile: "Profil",
    span: (start, end) => `du ${start} au ${end}`,
    notAvailable: "non disponible",
  },

  email: {
    noFinding: "Aucun constat pour cette période.",
    attached: "Pièces jointes",
  },

  pdf: {
    contents: "Sommaire",
    pageBefore: "Page ",
    pageBetween: " sur ",
    pageAfter: "",
    coverLabel: "Couverture",
    versus: "contre",
  },

  draft: {
    mark: "BROUILLON",
    notice: "une version de relecture, pas le rapport définitif.",
    reviewTitle: "À revoir",
    reviewIntro:
      "Ce qu’il reste à régler avant l’envoi : commentaire manquant, et ce que l’autocontrôle du rapport a trouvé sans pouvoir le résoudre (absent du rapport final) :",
    noCommentary: (period: string) =>
      `Pas encore de commentaire : aucune note n’est écrite pour cette période (${period}) ; vreport notes init en rédige une ébauche.`,
  },

  values: {
    yes: "Oui",
    no: "Non",
    status: {
      on_track: "En bonne voie",
      at_risk: "À risque",
      off_track: "Hors trajectoire",
      no_data: "Pas de données",
    },
    stages: {
      AWARENESS: "Découverte",
      CONSIDERATION: "Considération",
      DECISION: "Décision",
      BALANCED: "Équilibré",
      NA: "Sans étape",
    },
    contentStatus: {
      NEW: "Nouveau",
      PLANNED: "Planifié",
      GENERATING: "En rédaction",
      GENERATED: "Rédigé",
      PUBLISHED: "Publié",
      FAILED: "Échec",
    },
    uncategorized: "Sans catégorie",
    allPlatforms: "Toutes les plateformes",
    everything: "Tous les prompts et plateformes",
    category: (name) => `Catégorie : ${name}`,
  },

  kpis: {
    metrics: {
      mention_rate: "Taux de mention",
      citation_rate: "Taux de citation",
      share_of_voice: "Part de voix",
    },
    answersAnalysed: "Réponses analysées",
    noSignificantChange: "pas de variation significative",
    interval: (low, high) =>
      low === null || high === null
        ? "intervalle à 95 % non estimable"
        : `intervalle à 95 % de ${f.boundPoints(low)} à ${f.boundPp(high)}`,
    metric: "Indicateur",
    value: "Valeur",
    change: "Variation",
    significance: "Significativité",
    changeLow: "Variation, borne basse à 95 %",
    changeHigh: "Variation, borne haute à 95 %",
    significant: "Significative",
    answers: "Réponses",
    prompts: "Prompts",
  },

  columns: {
    theme: "Thème",
    prompt: "Prompt",
    prompts: "Prompts",
    category: "Catégorie",
    platform: "Plateforme",
    answers: "Réponses",
    mentionRate: "Taux de mention",
    citationRate: "Taux de citation",
    shareOfVoice: "Part de voix",
    deltaMention: "Δ mention",
    deltaCitation: "Δ citation",
    deltaShare: "Δ part",
    deltaCitations: "Δ citations",
    deltaRate: "Δ taux",
    deltaPrompts: "Δ prompts",
    date: "Date",
    collected: "Collectée le",
    mentioned: "Mentionnée",
    cited: "Citée",
    competitorsMentioned: "Concurrents mentionnés",
    answerPreview: "Aperçu de la réponse",
    owner: "Propriétaire",
    citations: "Citations",
    share: "Part",
    mostCited: (n) => `Les plus cités (top ${f.count(n)})`,
    rank: "Rang",
    domain: "Domaine",
    competitor: "Concurrent",
    brand: "Marque",
    page: "Page",
    folder: "Dossier",
    status: "Statut",
    items: "Éléments",
    title: "Titre",
    buyerStage: "Étape d’achat",
    source: "Source",
    created: "Créé le",
    plannedFor: "Prévu pour",
    published: "Publié le",
    url: "URL",
    topic: "Thème",
    yourPages: "Vos pages",
    topCompetitor: "Premier concurrent",
    theirPages: "Ses pages",
    quotedFor: "Citée comme",
    excerpt: "Extrait",
    competitorsNamed: "Concurrents nommés",
    promptMentionRate: "Taux de mention du prompt",
    deltaPromptMentionRate: "Δ taux de mention du prompt",
    scope: "Périmètre",
    metric: "Indicateur",
    target: "Objectif",
    thisPeriod: "Cette période",
    gap: "Écart",
    interval95: "Intervalle à 95 %",
    low95: "Borne basse à 95 %",
    high95: "Borne haute à 95 %",
    whatWeDid: "Action menée",
    windowBefore: (days) => `Taux de mention, ${f.count(days)} jours avant`,
    windowAfter: (days) => `Taux de mention, ${f.count(days)} jours après`,
    change: "Variation",
    days: "Jours",
    definition: "Définition",
    platformsWithGap: "Plateformes avec écart",
    platformsAnswering: "Plateformes ayant répondu",
    platformsWithGapNames: "Plateformes avec écart (noms)",
    platformsNaming: (brand) => `Plateformes mentionnant ${brand}`,
    answersWithGap: "Réponses avec écart",
    answersNaming: (brand) => `Réponses mentionnant ${brand}`,
    competitorsNamedAll: "Concurrents nommés (tous)",
    mostCitedCompetitorPage: "Page concurrente la plus citée",
    itsCitations: "Ses citations dans ces réponses",
    suggestedAction: "Action recommandée",
    rule: "Règle",
  },

  stats: {
    mention: "mention",
    citation: "citation",
    share: "part",
    low: (rate) => `${rate}, borne basse à 95 %`,
    high: (rate) => `${rate}, borne haute à 95 %`,
    deltaLow: (rate) => `Δ ${rate}, borne basse à 95 %`,
    deltaHigh: (rate) => `Δ ${rate}, borne haute à 95 %`,
    significant: (rate) => `Δ ${rate} significative`,
  },

  versus: {
    previous: {
      label: "Période précédente",
      start: "Début de la période précédente",
      end: "Fin de la période précédente",
      inThe: "sur la période précédente",
      withThe: "par rapport à la période précédente",
      dashed: "période précédente en pointillés",
    },
    year: {
      label: "Un an plus tôt",
      start: "Début de la période un an plus tôt",
      end: "Fin de la période un an plus tôt",
      inThe: "un an plus tôt",
      withThe: "par rapport à un an plus tôt",
      dashed: "un an plus tôt en pointillés",
    },
  },

  charts: {
    mentionRate: "Taux de mention",
    citationRate: "Taux de citation",
    shareOfVoice: "Part de voix",
    byCategory: "Taux de mention et de citation par catégorie",
    byPlatform: "Taux de mention et de citation par plateforme",
    ratesByWeek: "Taux par semaine",
    ratesByDay: "Taux par jour",
    topCitedDomains: "Domaines les plus cités par propriétaire (part des citations)",
    pagesByTopic: "Vos pages par thème et étape d’achat",
  },

  alt: {
    kind: {
      line: "Graphique linéaire",
      bar: "Graphique à barres",
      horizontal_bar: "Graphique à barres",
      stacked_bar: "Graphique à barres empilées",
      doughnut: "Graphique en anneau",
    },
    span: (from, to) => `Du ${from} au ${to}.`,
    noData: "aucune donnée",
    more: (shown, more) => `${shown} et ${more} autres`,
    line: (label, first, last, low, high) =>
      `${label} : premier point ${first}, dernier ${last}, minimum ${low}, maximum ${high}.`,
    marked: (items) => `Repères : ${items}.`,
  },

  notices: {
    noAnswers: "Aucune réponse n’a été collectée sur cette période.",
    noAnswersBetween: (start, end) =>
      `Aucune réponse n’a été collectée sur cette période (${start} – ${end}).`,
    missingScope: (part, scopes) =>
      `${part} : il faut le scope ${scopes.join(", ")}, que la clé d’API n’a pas.`,
    parts: {
      workspace: "Nom de l’espace de travail",
      setup: "Configuration de la visibilité",
      visibility: "Données de visibilité",
      contentMap: "Cartographie des contenus",
      content: "Contenus",
    },
    noComparisonData: (label) =>
      `Aucune donnée pour ${label}, la période de comparaison : aucune variation n’est affichée.`,
    partialComparison: (label, covered, days) =>
      `La période de comparaison, ${label}, a été suivie sur ${f.countOf(covered, { one: "jour", other: "jours" })} sur ${f.count(days)} : aucune variation n’est affichée.`,
  },

  trim: {
    rows: {
      executive_summary: { one: "constat", other: "constats" },
      summary: { one: "indicateur", other: "indicateurs" },
      trend: { one: "jour", other: "jours" },
      platforms: platformsOf,
      categories: { one: "catégorie", other: "catégories" },
      competitors: { one: "marque", other: "marques" },
      opportunities: promptsOf,
      evidence: answersOf,
      cited_sources: { one: "domaine", other: "domaines" },
      your_pages: pagesOf,
      competitor_pages: pagesOf,
      prompts: promptsOf,
      answers: answersOf,
      content_map: { one: "thème", other: "thèmes" },
      content: { one: "élément", other: "éléments" },
      agency: { one: "ligne", other: "lignes" },
      methodology: { one: "ligne", other: "lignes" },
    },
    where: (sheet) => `dans le classeur (onglet « ${sheet} »)`,
    onlyRow: (_noun, where) => `Le tableau (une seule ligne) figure ${where}.`,
    allRows: (n, noun, where) => `Le tableau des ${f.countOf(n, noun)} figure ${where}.`,
    top: (shown, n, noun, where) =>
      `Top ${f.count(shown)} sur ${f.countOf(n, noun)}${where === null ? "" : ` ; la liste complète figure ${where}`}.`,
    first: (shown, n, noun, where) =>
      `Extrait : ${f.count(shown)} sur ${f.countOf(n, noun)}${where === null ? "" : ` ; la liste complète figure ${where}`}.`,
  },

  workbook: {
    about: "À propos",
    notes: "Commentaires",
    contents: "Sommaire",
    charts: "Graphiques",
    complete:
      "Ce classeur contient toutes les sections et toutes les lignes du rapport, y compris celles que le rapport imprimé omet. " +
      "Chaque tableau figure dans un onglet distinct, avec son en-tête en ligne 1 et uniquement des données en dessous.",
    sample: (sheet) =>
      `Sauf l’onglet « ${sheet} », un échantillon, comme l’indique sa note dans le sommaire.`,
    sheet: "Onglet",
    section: "Section",
    table: "Tableau",
    rows: "Lignes",
    note: "Remarque",
    technical: "Technique",
    technicalNote:
      "Pour l’agence uniquement : les règles et les agents derrière les suggestions du rapport, les statuts propres au pipeline de contenu et le profil du rapport.",
  },

  legend: {
    good: (brand) => `Vert : bonne nouvelle pour ${brand} (sa propre hausse, ou la baisse d’un concurrent).`,
    bad: (brand) =>
      `Rouge : mauvaise nouvelle pour ${brand} (sa propre baisse, ou la hausse d’un concurrent).`,
    neutral: "Gris : une variation non significative ou non testée.",
  },

  executiveSummary: {
    glossary:
      "pt : points de pourcentage, l’écart entre deux pourcentages. Intervalle à 95 % : la plage où se situe le vrai taux, ou la vraie variation entre les périodes, avec 95 % de confiance, compte tenu du nombre de prompts suivis et de la variation de leurs réponses. Significatif : l’intervalle de la variation exclut zéro, il est donc peu probable que la variation soit due au hasard. Part de voix : la part de la marque dans toutes les mentions d’elle-même et de ses concurrents suivis.",
    notInReport: (reasons) => `Absent de ce rapport : ${reasons.join(" ")}`,
    notEnoughData: "Les données de cette période ne suffisent pas pour une synthèse.",
    noAnswers: "Aucune réponse n’a été collectée sur cette période : aucun taux ne peut être indiqué.",
    targets: (met, total, short) =>
      `${f.count(met)} ${met > 1 ? "objectifs" : "objectif"} sur ${f.count(total)} en bonne voie${short.length > 0 ? ` ; ${f.list(short)}` : ""}.`,
    targetShort: (scope, metric, status, value, target) =>
      `${metric.toLowerCase()}${scope !== null ? ` sur ${scope}` : ""} ${{ at_risk: "à risque", off_track: "hors trajectoire", no_data: "sans données" }[status]}${value !== null ? ` (${f.percent(value)} contre ${f.percent(target)})` : ""}`,
    rateWas: (label, value) => `${label} : ${f.percent(value)}.`,
    steady: (label, current, previous, delta, interval, versus) =>
      `${label} : pas de variation significative, ${f.percent(current)} contre ${f.percent(previous)} ${versus} (${f.deltaPp(delta)} ; ${interval}).`,
    moved: (label, current, previous, delta, interval, versus) =>
      `${label} : ${delta > 0 ? "hausse" : "baisse"} significative, de ${f.percent(previous)}${versus === null ? "" : ` ${versus}`} à ${f.percent(current)} (${f.deltaPp(delta)} ; ${interval}).`,
    platformMove: (platform, delta, rate, interval) =>
      `${platform} (${f.deltaPp(delta)}, à ${f.percent(rate)} ; ${interval})`,
    platformsRose: (moves) => `Le taux de mention a augmenté significativement sur ${f.list(moves)}.`,
    platformsFell: (moves) => `Le taux de mention a baissé significativement sur ${f.list(moves)}.`,
    categoryMoved: (category, delta, rate, interval, since) =>
      `Parmi les catégories, ${category} a le plus bougé : taux de mention ${f.deltaPp(delta)}, à ${f.percent(rate)} (${interval})${since ? ` ; « ${since.label} » est en ligne depuis le ${since.date}` : ""}.`,
    competitorRose: (competitor, delta, rate, interval) =>
      `Parmi les concurrents, ${competitor} a le plus progressé : taux de mention ${f.deltaPp(delta)}, à ${f.percent(rate)} (${interval}).`,
    platformsFlat: (platforms) =>
      `Pas de variation significative du taux de mention sur ${f.list(platforms)}.`,
    strongestWeakest: (best, bestRate, worst, worstRate) =>
      `${best} est la plateforme la plus favorable (taux de mention de ${f.percent(bestRate)}) ; ${worst} la moins favorable (${f.percent(worstRate)}).`,
    youLead: (brand, sov, mention) =>
      `${brand} est en tête de la part de voix avec ${f.percent(sov)}${mention === null ? "" : ` et du taux de mention avec ${f.percent(mention)}`}.`,
    rivalLeads: (leader, sov, brand, yours, mention) =>
      `${leader} est en tête de la part de voix avec ${f.percent(sov)}, contre ${f.percent(yours)} pour ${brand}${mention === null ? "" : `, et du taux de mention avec ${f.percent(mention.leader)}, contre ${f.percent(mention.you)}`}.`,
    gapsAny: (prompts, tracked, brand, widest) =>
      `Sur ${f.count(prompts)} des ${f.countOf(tracked, { one: "prompt suivi", other: "prompts suivis" })}, des réponses mentionnent un concurrent mais pas ${brand} ; ${widest}`,
    gapsMost: (prompts, tracked, brand, widest) =>
      `Sur ${f.count(prompts)} des ${f.countOf(tracked, { one: "prompt suivi", other: "prompts suivis" })}, la plupart des réponses mentionnent un concurrent mais pas ${brand} ; ${widest}`,
    gapsWidestOnly: (brand, widest) =>
      `Sur chaque prompt suivi, des réponses mentionnent un concurrent mais pas ${brand}, chaque fois dans moins de la moitié des réponses ; ${widest}`,
    widestGap: (prompt, gapPlatforms, platforms, gapAnswers, answers, done) =>
      `l’écart le plus large concerne « ${prompt} » (${gapPlatforms === platforms && platforms > 1 ? `sur les ${f.count(platforms)} plateformes` : `sur ${f.countOf(gapPlatforms, platformsOf)} sur ${f.count(platforms)}`}, ${f.countOf(gapAnswers, answersOf)} sur ${f.count(answers)})${done === null ? "" : ` ; son action est faite : « ${done.label} », en ligne depuis le ${done.date}`}.`,
    strongestOnly: (best, rate, tied) =>
      `${best} est la plateforme la plus favorable (taux de mention de ${f.percent(rate)}) ; ${f.count(tied)} plateformes partagent le taux le plus bas.`,
    weakestOnly: (worst, rate, tied) =>
      `${worst} est la plateforme la moins favorable (taux de mention de ${f.percent(rate)}) ; ${f.count(tied)} plateformes partagent le taux le plus haut.`,
    overtook: (competitor, brand, metrics) => `${competitor} a dépassé ${brand} : ${f.list(metrics)}.`,
    fellBelow: (competitor, brand, metrics) =>
      `${brand} est passé derrière ${competitor} : ${f.list(metrics)}.`,
    overtookOn: (metric, theirs, yours, theirsBefore, yoursBefore, versus) =>
      `${metric.toLowerCase()} (${f.percent(theirs)} contre ${f.percent(yours)} ; ${f.percent(theirsBefore)} contre ${f.percent(yoursBefore)} ${versus})`,
    topics: (shown, more) => (more > 0 ? `${shown.join(", ")} et ${f.count(more)} autres` : f.list(shown)),
    untapped: (n, topics) =>
      `${f.countOf(n, { one: "thème inexploité", other: "thèmes inexploités" })}, où les concurrents publient et pas vous : ${topics}.`,
    coverageGaps: (n, topics, underway) =>
      `${f.countOf(n, { one: "lacune de couverture", other: "lacunes de couverture" })}, des thèmes où vous avez des pages et le premier concurrent davantage : ${topics}${underway === null ? "" : underway === "all" ? ` ; des pages sont prévues ou en cours de rédaction sur ${n === 1 ? "celui-ci" : "chacun"}` : ` ; des pages sont prévues ou en cours de rédaction sur ${underway}`}.`,
    topicOwnContent: (topic, items, cited, theirs, whose) =>
      `${topic} : vous avez publié ${f.countOf(items, { one: "article", other: "articles" })}, ${cited === 0 ? "pas encore cité" : `dont ${f.count(cited)} cité(s)`} ; les concurrents ont ${f.countOf(theirs, pagesOf)}${whose ? ` (${whose})` : ""}.`,
    coverageRange: (start, end) => (start === end ? f.date(start) : `du ${f.date(start)} au ${f.date(end)}`),
    coveragePlatform: (platform, missing, partial, days, missingDays, partialDays) =>
      missing > 0
        ? `aucune réponse de ${platform} pendant ${f.count(missing)} des ${f.count(days)} jours de collecte (${f.list(missingDays)})${partial > 0 ? ` et moins que des autres plateformes pendant ${f.countOf(partial, { one: "jour", other: "jours" })} (${f.list(partialDays)})` : ""}`
        : `moins de réponses de ${platform} que des autres plateformes pendant ${f.count(partial)} des ${f.count(days)} jours de collecte (${f.list(partialDays)})`,
    weekdayMix: (days, current, previous) =>
      days === 1
        ? `Le jour présenté est un ${current[0]} et le jour de comparaison un ${previous[0]} : les réponses varient selon le jour de la semaine, les variations qui suivent peuvent donc tenir au jour plus qu’à une tendance.`
        : `Les ${f.count(days)} jours présentés vont du ${current[0]} au ${current[1]} et les jours de comparaison du ${previous[0]} au ${previous[1]} : les réponses varient selon le jour de la semaine, les variations qui suivent peuvent donc tenir aux jours plus qu’à une tendance.`,
    coverage: (platforms, shortfall, change) =>
      `${f.sentenceStart(platforms.join(" ; "))} : ${platforms.length > 1 ? "au total, " : ""}${f.countOf(shortfall, { one: "réponse", other: "réponses" })} de moins qu’une collecte complète${change !== null && change < 0 ? (shortfall >= -change ? `, ce qui explique la baisse des réponses analysées (${f.deltaCount(change)})` : `, soit ${f.count(shortfall)} de la baisse des réponses analysées (${f.deltaCount(change)})`) : ""}.`,
    targetLine: (scope, metric, status, value, target) =>
      `${metric}${scope !== null ? ` sur ${scope}` : ""} : ${{ on_track: "en bonne voie", at_risk: "à risque", off_track: "hors trajectoire", no_data: "sans données" }[status]}${value !== null ? ` (${f.percent(value)} contre un objectif de ${f.percent(target)})` : ""}.`,
  },

  agency: {
    titleWithoutPlan: "Notre travail",
    winsAndRisks: "Réussites et risques",
    win: "Réussite",
    risk: "Risque",
    page: "Page",
    nextSteps: "Prochaines étapes",
    delivered: "Travail réalisé",
    finding: "Constat",
    step: "Prochaine étape",
    owner: "Responsable",
    due: "Échéance",
    kind: "Type",
    change: "Action menée",
    published: "Contenu publié",
    item: "Quoi",
    noNews:
      "Aucune variation significative, aucun concurrent devant et aucun objectif à signaler sur cette période.",
    noSteps: "Aucune prochaine étape n’est fixée pour cette période.",
    noDelivered: "Aucune action menée et aucun contenu publié sur cette période.",
    noContent:
      "Le rapport ne contient pas de données de contenu : les contenus publiés ne sont donc pas listés.",
    nextReview: (date) => `Prochain point : ${f.date(date)}.`,
    noReview: "Aucune date n’est fixée pour le prochain point.",
    deliveredNote: (days) =>
      `Nos actions, avec le taux de mention dans leur périmètre sur les ${f.count(days)} jours avant et après (sans test de significativité ; une variation seulement si les deux fenêtres sont complètes), et les contenus publiés sur la période.`,
    partialWindows: (entries) => `Fenêtres incomplètes : ${f.list(entries)}.`,
  },

  themes: {
    unit: { one: "thème", other: "thèmes" },
    tableTitle: "Thèmes",
    promptsTitle: "Par prompt",
    prompts: (shown, more) =>
      shown.map((p) => `« ${p} »`).join(", ") + (more > 0 ? ` et ${f.count(more)} autres` : ""),
    evidence: (subject, winners, gapAnswers, answers, prompts, brand, page) =>
      `${subject !== null ? `${subject} est mentionné` : "des concurrents sont mentionnés"} sans ${brand} dans ${f.count(gapAnswers)} des ${f.countOf(answers, answersOf)} ${prompts === 1 ? "du prompt" : "de ces prompts"}${winners.length > 0 ? `, le plus souvent ${f.list(winners.map((w) => `${w.name} (${f.countOf(w.answers, answersOf)})`))}` : ""}${page ? ` ; ${page.again ? "la même page y est aussi la plus citée" : `la page ${page.url} de ${page.competitor} y est la plus citée`}, dans ${f.count(page.citations)} d’entre elles` : ""}.`,
    comparison: (rival, n, prompts, evidence) =>
      `Publiez une page comparative face à ${rival} qui réponde ${n === 1 ? "au prompt qui le mentionne" : `aux ${f.count(n)} prompts qui le mentionnent`} (${prompts}) : ${evidence}`,
    category: (category, n, prompts, evidence, since) =>
      `${since ? `Prolongez « ${since.label} » (${since.date}) par des pages sur ${category}` : `Publiez ou renforcez des pages sur ${category}`} pour ${n === 1 ? "son prompt" : `ses ${f.count(n)} prompts`} (${prompts}) : ${evidence}`,
    other: (n, prompts, evidence) =>
      `Publiez des pages qui répondent à ${n === 1 ? "ce prompt" : `ces ${f.count(n)} prompts`} (${prompts}) : ${evidence}`,
    stillOpen: (gapAnswers, answers, brand) =>
      `Des concurrents restent mentionnés sans ${brand} dans ${f.count(gapAnswers)} de leurs ${f.countOf(answers, answersOf)}.`,
    changeScope: (platform, category) =>
      platform !== null
        ? `sur ${platform}`
        : category !== null
          ? `dans ${category}`
          : "sur l’ensemble des prompts et plateformes",
    done: (label, date, n, scope, before, after, compared) =>
      `Déjà fait pour ${n === 1 ? "ce prompt" : `ces ${f.count(n)} prompts`} : « ${label} » est en ligne depuis le ${date} ; ${doneWindows(f, scope, before, after, compared)}`,
    citations: (n, prompts, brand, page, lead) =>
      `Gagnez des citations : ${lead ? `${brand} a le taux de citation le plus élevé des marques suivies, mais ` : ""}les réponses à ${n === 1 ? "ce prompt" : `ces ${f.count(n)} prompts`} (${prompts}) citent des pages de concurrents ; la plus citée est ${page.url} de ${page.competitor}, dans ${f.countOf(page.citations, answersOf)} qui ${page.citations === 1 ? "mentionne" : "mentionnent"} des concurrents et pas ${brand}. Publiez sur les mêmes questions des pages avec les chiffres, définitions et sources que les réponses citent.`,
    platform: (platform, rate, brand, n, sharing, never, prompts, evidence) => {
      const where = never
        ? `il mentionne des concurrents et jamais ${brand}`
        : `une partie de ses réponses mentionnent des concurrents et pas ${brand}`;
      const start =
        sharing > n
          ? `sur les ${f.count(sharing)} prompts où ${where}, ${sharing - n === 1 ? "un est couvert" : `${f.count(sharing - n)} sont couverts`} par un travail déjà fait ; commencez par ${n === 1 ? "l’autre" : `les ${f.count(n)} autres`} (${prompts}).`
          : `commencez par ${n === 1 ? "le prompt" : `les ${f.count(n)} prompts`} où ${where} (${prompts}).`;
      return `Comblez l’écart sur ${platform}, qui mentionne ${brand} dans ${f.percent(rate)} de ses réponses, moins que toute autre plateforme : ${start} Sur toutes les plateformes : ${evidence}`;
    },
    citationsTheme: "Citations",
    platformTheme: (platform) => `Plateforme la plus faible : ${platform}`,
    focusIntro: (citations, platform) =>
      `${citations && platform !== null ? "Deux thèmes transversaux ouvrent le tableau" : "Un thème transversal ouvre le tableau"} : ${f.list([...(citations ? ["les citations"] : []), ...(platform !== null ? [`${platform}, la plateforme la plus faible`] : [])])}.`,
    competitorTheme: (rival) => `Prompts qui mentionnent ${rival}`,
    intro: (brand, themes, prompts, every) =>
      every
        ? `Chacun des ${f.countOf(every.tracked, { one: "prompt suivi", other: "prompts suivis" })} a au moins une réponse qui mentionne un concurrent suivi et pas ${brand}${every.mostly > 0 ? `, et sur ${f.count(every.mostly)} d’entre eux la plupart des réponses le font` : ", chaque fois dans moins de la moitié de ses réponses"}. Ils sont regroupés en ${f.countOf(themes, { one: "thème", other: "thèmes" })} selon ce qu’ils partagent : le concurrent que le prompt mentionne, sinon sa catégorie. Une action par thème.`
        : `Les ${f.countOf(prompts, promptsOf)} dont au moins une réponse mentionne un concurrent suivi et pas ${brand}, regroupés en ${f.countOf(themes, { one: "thème", other: "thèmes" })} selon ce qu’ils partagent : le concurrent que le prompt mentionne, sinon sa catégorie. Une action par thème.`,
    doneOpen: (label, date, kind, name, n, answers, mentioned, gapAnswers, brand) =>
      `« ${label} » est en ligne depuis le ${date} pour ${n === 1 ? "le prompt" : `les ${f.count(n)} prompts`} ${kind === "competitor" ? (n === 1 ? `qui mentionne ${name}` : `qui mentionnent ${name}`) : `sur ${name}`} ; sur cette période, ${mentioned === 0 ? `${brand} n’est mentionné dans aucune` : `${brand} est mentionné dans ${f.count(mentioned)}`} de ${n === 1 ? "ses" : "leurs"} ${f.countOf(answers, answersOf)}, et des concurrents sans ${brand} dans ${f.count(gapAnswers)}.`,
    workbookPointer: "Le classeur liste chaque prompt avec ses propres chiffres.",
  },

  actions: {
    absent: (answers, brand, top, page) =>
      `Publiez une page qui répond à ce prompt : aucune de ses ${f.countOf(answers, answersOf)} ne mentionne ${brand}${top ? ` ; ${top.name} est mentionné dans ${f.count(top.answers)}` : ""}${page ? `, et la page ${page.url} de ${page.competitor} est citée dans ${f.count(page.citations)}` : ""}.`,
    platforms: (never, brand, naming, mentioned, answers) =>
      `Identifiez ce que ${f.list(never)} ${never.length === 1 ? "cite" : "citent"} pour ce prompt : ${never.length === 1 ? "cette plateforme ne mentionne" : "ces plateformes ne mentionnent"} jamais ${brand}, alors que ${f.list(naming)} ${naming.length === 1 ? "le fait" : "le font"} (${f.countOf(mentioned, answersOf)} sur ${f.count(answers)}).`,
    page: (competitor, url, citations, gapAnswers, brand) =>
      `Publiez ou renforcez une page qui réponde mieux à ce prompt : la page ${url} de ${competitor} est citée dans ${f.count(citations)} des ${f.countOf(gapAnswers, answersOf)} qui mentionnent un concurrent mais pas ${brand}.`,
    done: (label, date, scope, before, after, compared) =>
      `Déjà fait : « ${label} » est en ligne depuis le ${date} ; ${doneWindows(f, scope, before, after, compared)}`,
    consistency: (brand, mentioned, answers, top) =>
      `Renforcez ce qui vaut ses mentions à ${brand} ici : la marque est mentionnée dans ${f.countOf(mentioned, answersOf)} sur ${f.count(answers)}${top ? `, et ${top.name} l’est sans ${brand} dans ${f.count(top.answers)}` : ""}.`,
  },

  summary: {
    volume: (prompts, platforms, competitors) =>
      `${f.countOf(prompts, { one: "prompt suivi", other: "prompts suivis" })} sur ${f.countOf(platforms, platformsOf)}, comparés à ${f.countOf(competitors, { one: "concurrent", other: "concurrents" })}.`,
    headline: "Indicateurs clés",
    targets: "Objectifs",
    noTargets: "Aucun objectif n’est défini.",
    rateInterval: (low, high) => `${f.percent(low)} à ${f.percent(high)}`,
    targetsNote:
      "En bonne voie : à l’objectif ou au-dessus. À risque : en dessous, dans l’intervalle à 95 % du taux. Hors trajectoire : tout l’intervalle en dessous.",
  },

  trend: {
    dailyRates: "Taux quotidiens",
    compared: (column, versus) => `${versus}\u00a0: ${column.toLowerCase()}`,
    onePoint: "Un seul jour dans cette période, donc pas de courbe : ses taux sont les chiffres clés.",
    platformsByDay: "Par plateforme",
    platformsByDayNote:
      "Une ligne par jour avec des réponses ; une cellule vide est un jour où cette plateforme n’a rien collecté (aucune réponse, donc aucun taux), jamais 0.",
    platformRate: (platform) => `Taux de mention ${platform}`,
    platformAnswers: (platform) => `Réponses ${platform}`,
    whatWeDid: "Nos actions",
    noChanges: "Aucune entrée du journal des actions ne tombe dans cette période.",
    changesNote: (days) =>
      `Une variation est ici la différence entre les deux fenêtres de ${f.count(days)} jours, sans test de significativité : elle indique ce qui a bougé autour de l’action, pas que l’action en est la cause.`,
    window: (days, whole, answers) =>
      `${days === whole ? `${f.count(whole)} jours` : `${f.count(days)} jours sur ${f.count(whole)}`}${answers === 0 ? ", aucune réponse" : ""}`,
    basis: (before, after) =>
      [before === null ? null : `avant : ${before}`, after === null ? null : `après : ${after}`]
        .filter((x) => x !== null)
        .join(" ; "),
    partial: (basis, whole) => `${basis} ; moins de ${f.count(whole)} jours, aucune variation affichée`,
  },

  platforms: {
    empty: "Aucune plateforme n’a collecté de réponses sur cette période.",
  },

  categories: {
    empty: "Aucune catégorie n’a de réponses sur cette période.",
  },

  competitors: {
    rank: (metric, rank, of, value, delta) =>
      `${metric} : rang ${f.count(rank)} sur ${f.count(of)}, à ${f.percent(value)}${delta === null ? "" : ` (${f.deltaPp(delta)})`}.`,
    empty: "Aucun concurrent n’est suivi.",
    note: (answers) => `Sur la base de ${f.countOf(answers, answersOf)}. La première ligne est votre marque.`,
  },

  opportunities: {
    intro: (brand) =>
      `Prompts pour lesquels au moins un concurrent suivi est mentionné et ${brand} ne l’est pas, classés selon le nombre de plateformes et de réponses concernées. Chaque action recommandée suit les règles de la méthodologie et reprend les chiffres sur lesquels elle s’appuie.`,
    named: (names, more) => names.join(", ") + (more > 0 ? ` et ${f.count(more)} autres` : ""),
    empty: (brand) =>
      `Aucun prompt n’a, sur cette période, de réponse mentionnant un concurrent sans mentionner ${brand}.`,
  },

  evidence: {
    gapWhy: (competitors, brand) => `mentionne ${f.list(competitors)}, pas ${brand}`,
    winWhy: (brand, rate, delta, versus) =>
      `${brand} est mentionné dans ${f.percent(rate)} des réponses à ce prompt sur toutes les plateformes${delta === null ? "" : ` (${f.deltaPp(delta)} ${versus})`}`,
    source: (platform, day, why) => `${platform}, ${day} : ${why}`,
    quoted: (prompt) => `« ${prompt} »`,
    none: "Aucune réponse de cette période ne présente d’écart ni ne mentionne la marque : aucune n’est reproduite.",
    gapsIntro: (brand) =>
      `Là où des concurrents sont mentionnés et ${brand} ne l’est pas : la dernière réponse de ce type pour chacune des principales opportunités.`,
    winsIntro: (brand, compared) =>
      `Là où ${brand} est mentionné : la dernière réponse le mentionnant pour les prompts dont le taux de mention ${compared ? "a le plus progressé (la variation d’un prompt isolé n’est pas testée)" : "est le plus élevé"}.`,
    opportunity: "Opportunité",
    whereNamed: "Marque mentionnée",
    empty: "Aucune réponse n’est reproduite.",
  },

  citedSources: {
    yours: (brand) => `${brand} (vous)`,
    competitors: "Concurrents",
    otherSites: "Autres sites",
    owners: { you: "Vous", competitor: "Concurrent", other: "Autre" },
    byOwner: "Par propriétaire",
    domains: "Domaines",
    empty: "Aucune citation sur cette période.",
    note: (n) => `${f.countOf(n, { one: "citation", other: "citations" })} au total.`,
  },

  yourPages: {
    empty: "Aucune page de votre site n’a été citée sur cette période.",
    note: (n) => `${f.countOf(n, { one: "page citée", other: "pages citées" })} au total.`,
  },

  competitorPages: {
    empty: "Aucune page de concurrent n’a été citée sur cette période.",
  },

  prompts: {
    empty: "Aucun prompt n’est suivi.",
  },

  answers: {
    empty: "Aucune réponse n’a été collectée sur cette période.",
    sample: (shown, total, missing) =>
      `Un échantillon : ${f.count(shown)} des ${f.count(total)} dernières réponses (une par prompt et plateforme), tirées à parts égales entre plateformes par l’API, les plus récentes d’abord` +
      (missing.length > 0 ? ` ; aucune de ${missing.join(", ")}.` : ", de toutes les plateformes."),
  },

  contentMap: {
    publishedUnclassified: "Publié, non classé",
    untapped: "Inexploité",
    coverageGap: "Lacune de couverture",
    empty: "Aucun thème n’a encore été identifié.",
    noData:
      "Ce projet n’a pas de données de contenu : aucune page de son site n’a été explorée ni classée par thème.",
    unclassified: (n) =>
      `${f.count(n)} de vos pages ${f.noun(n, { one: "n’est", other: "ne sont" })} pas encore ${f.noun(n, { one: "classée", other: "classées" })}.`,
    asOf: (asOf, end) =>
      `La carte montre les pages explorées jusqu’au ${asOf}, et non leur état à la fin de la période (${end}).`,
    publishedNoBar: (topics) =>
      `${f.list(topics.map((t) => `« ${t} »`))} ${topics.length === 1 ? "n’a" : "n’ont"} pas de barre dans le graphique de vos pages, car ce qui y a été publié n’est pas encore parmi les pages que la cartographie des contenus a classées.`,
  },

  content: {
    none: "Aucun contenu.",
    byStatus: (counts) => `Éléments par statut : ${counts.join(", ")}.`,
    statusCount: (n, status) => `${f.count(n)} ${status}`,
    itemsByStatus: "Éléments par statut",
    ideas: "Idées",
    noIdeas: "Aucune idée.",
    planned: "Planifiés",
    nothingPlanned: "Rien n’est planifié.",
    produced: "Produits",
    nothingProduced: "Rien n’a été produit.",
    noData: "Ce projet n’a pas de données de contenu : aucune idée, aucun contenu planifié ni aucun article.",
    pipeline: "Statuts du pipeline de contenu",
  },

  methodology: {
    comparedYear: (label, start, end) => `les mêmes dates un an plus tôt, ${label} (du ${start} au ${end})`,
    comparedWith: (label, start, end) => `${label} (du ${start} au ${end})`,
    customPeriod: (label, start, end, timezone, compared) =>
      `La période étudiée est ${label} (du ${start} au ${end}, jours en ${timezone}) ; elle est comparée à ${compared}.`,
    yearPeriod: (start, end, range, asOf, timezone, compared) =>
      `La période étudiée va du ${start} au ${end} (${range}, se terminant à la date d’arrêté du ${asOf} en ${timezone}) ; elle est comparée à ${compared}.`,
    rangePeriod: (start, end, range, asOf, timezone, previousStart, previousEnd) =>
      `La période étudiée va du ${start} au ${end} (${range}, se terminant à la date d’arrêté du ${asOf} en ${timezone}) ; elle est comparée à la période précédente de même durée, du ${previousStart} au ${previousEnd}.`,
    noPeriod: (range) =>
      `La période couvre ${range} jusqu’à la date d’arrêté ; ses dates ne sont pas disponibles car les données de visibilité n’ont pas pu être lues.`,
    volume: (answers, prompts, platforms) =>
      `Ce rapport repose sur ${f.countOf(answers, answersOf)} (snapshots) à ${f.countOf(prompts, { one: "prompt suivi", other: "prompts suivis" })}, collectées sur ${f.countOf(platforms.length, platformsOf)} (${platforms.join(", ")}).`,
    noVolume: "Les données de visibilité n’ont pas pu être lues : aucun nombre de réponses n’est indiqué.",
    sample: (prompts, answers, previousPrompts, previousAnswers, versus) =>
      ` Les taux principaux reposent sur ${f.countOf(prompts, promptsOf)} (${f.countOf(answers, answersOf)}) sur cette période et ${f.countOf(previousPrompts, promptsOf)} (${f.countOf(previousAnswers, answersOf)}) ${versus}.`,
    significance: (sample) =>
      `Les réponses à un même prompt se ressemblent d’un jour à l’autre : l’échantillon qui compte est donc celui des prompts, pas des réponses. L’intervalle à 95 % de chaque taux traite les prompts comme unités (un rapport de sommes sur les prompts, avec la loi de Student). Une variation est significative lorsque l’intervalle à 95 % de la différence entre les périodes, calculé à partir de la variation propre à chaque prompt, exclut zéro ; les variations non significatives ou non testées sont grisées (en italique là où il n’y a pas de couleur).${sample}`,
    timezone: (shown, workspace) =>
      `Les dates des réponses et des contenus sont affichées en ${shown}, comme le demande la configuration du rapport ; les jours de la période sont ceux du fuseau horaire de l’espace de travail, ${workspace}.`,
    definitions: "Définitions",
    metric: "Indicateur",
    definition: "Définition",
    terms: [
      ["Snapshot", "Une réponse collectée à un prompt suivi sur une plateforme d’IA."],
      ["Taux de mention", "Snapshots mentionnant la marque ÷ snapshots."],
      ["Taux de citation", "Snapshots citant une page du domaine de la marque ÷ snapshots."],
      [
        "Part de voix",
        "Snapshots mentionnant la marque ÷ somme, pour la marque et chaque concurrent suivi, des snapshots mentionnant chacun.",
      ],
      [
        "Δ (variation)",
        "Période étudiée moins période de comparaison, à partir des valeurs non arrondies ; taux en points de pourcentage (pt).",
      ],
      [
        "Point de tendance",
        "Un jour dans un rapport sur 7 jours ; sinon une semaine, comptée à rebours depuis le dernier jour de la période (la première peut être plus courte, ou inclure le jour ou les deux jours qui la précèdent). Son taux porte sur les totaux de la semaine (p. ex. mentions ÷ réponses de ses jours), pas sur une moyenne des taux quotidiens.",
      ],
      [
        "Intervalle à 95 %",
        "La plage qui contient le vrai taux (ou la vraie variation) avec 95 % de confiance, compte tenu des prompts échantillonnés.",
      ],
      ["Variation significative", "Une variation dont l’intervalle à 95 % exclut zéro (α = 0,05)."],
      ["Rang", "1 est le meilleur ; les ex æquo partagent un rang (1, 2, 2, 4)."],
      [
        "Citations de page",
        "Snapshots citant la page ; son taux de citation se rapporte à tous les snapshots.",
      ],
      ["Part d’une source citée", "Citations du domaine ÷ toutes les citations de la période."],
      [
        "Opportunité",
        "Un prompt dont les réponses mentionnent un concurrent suivi et pas la marque (réponses d’écart).",
      ],
      [
        "Action recommandée",
        "Une par thème : les prompts qui mentionnent un concurrent suivi appellent une page comparative, les autres des pages sur leur catégorie ; le travail que le journal des changements dit fait est montré avec son avant et après.",
      ],
      [
        "Exemples de réponses",
        "La dernière réponse avec écart des trois principales opportunités et la dernière réponse mentionnant la marque pour les trois prompts dont le taux de mention a le plus progressé, à partir de la première phrase mentionnant un concurrent (ou la marque), environ 320 caractères.",
      ],
    ],
  },
});

/** French, as written in France unless the locale names another region (fr-BE, fr-CA, fr-CH). */
export const fr: Catalogue = {
  language: "fr",
  defaultLocale: "fr-FR",
  name: "Français",
  style: { pp: "pt", isoDates: false, englishLists: false },
  messages,
};
