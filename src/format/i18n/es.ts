import type { Catalogue, DoneWindow, Messages } from "./en.js";
import type { Figures } from "./figures.js";

const answersOf = { one: "respuesta", other: "respuestas" };
const promptsOf = { one: "prompt", other: "prompts" };
const platformsOf = { one: "plataforma", other: "plataformas" };
const pagesOf = { one: "página", other: "páginas" };

/** El antes y el después de un trabajo ya hecho (en.ts, doneWindows). */
const doneWindows = (f: Figures, scope: string, before: DoneWindow, after: DoneWindow, compared: boolean) => {
  if (compared && before.rate !== null && after.rate !== null)
    return `tasa de mención ${scope} del ${f.percent(before.rate)} en los 14 días anteriores y del ${f.percent(after.rate)} en los 14 posteriores.`;
  const short = [
    ...(before.days < 14 ? [`${f.count(before.days)} de los 14 días anteriores`] : []),
    ...(after.days < 14 ? [`${f.count(after.days)} de los 14 posteriores`] : []),
  ];
  return short.length > 0
    ? `este informe cubre ${short.join(" y ")}: demasiado pocos para comparar antes y después.`
    : `no se recogieron respuestas en los 14 días ${before.rate === null ? "anteriores" : "posteriores"}, así que no se compara antes y después.`;
};

/** Spanish (docs/i18n.md): "tasa de mención", "tasa de citación", "cuota de voz"; changes in "p. p." (puntos porcentuales). */
const messages = (f: Figures): Messages => ({
  colon: ":",
  semicolon: ";",
  sections: {
    executive_summary: "Resumen ejecutivo",
    summary: "Panorama",
    trend: "Evolución",
    platforms: "Plataformas",
    categories: "Categorías",
    competitors: "Competidores",
    opportunities: "Oportunidades",
    evidence: "Ejemplos de respuestas",
    cited_sources: "Fuentes citadas",
    your_pages: "Sus páginas citadas",
    competitor_pages: "Páginas de la competencia",
    prompts: "Prompts monitorizados",
    answers: "Últimas respuestas",
    content_map: "Mapa de contenidos",
    content: "Contenidos",
    agency: "Nuestro trabajo, próximos pasos",
    methodology: "Metodología",
  },

  cover: {
    lastDays: (days) => `últimos ${days} días`,
    title: (brand) => `Informe de visibilidad en IA — ${brand}`,
    eyebrow: "Informe de visibilidad en IA",
    project: "Proyecto",
    brand: "Marca",
    brandDomain: "Dominio de la marca",
    workspace: "Espacio de trabajo",
    range: "Duración",
    period: "Período",
    periodStart: "Inicio del período",
    periodEnd: "Fin del período",
    asOf: "Fecha de corte",
    timezone: "Zona horaria",
    preparedBy: "Elaborado por",
    preparedByAgency: (agency) => `Elaborado por ${agency}`,
    accountManager: "Responsable de cuenta",
    contact: (name, contacts) => [name, ...contacts].join(" · "),
    generatedAt: "Generado el",
    profile: "Perfil",
    span: (start, end) => `del ${start} al ${end}`,
    notAvailable: "no disponible",
  },

  email: {
    noFinding: "Ningún hallazgo en este período.",
    attached: "Adjuntos",
  },

  pdf: {
    contents: "Índice",
    pageBefore: "Página ",
    pageBetween: " de ",
    pageAfter: "",
    coverLabel: "Portada",
    versus: "frente a",
  },

  draft: {
    mark: "BORRADOR",
    notice: "una copia de revisión, no el informe definitivo.",
    reviewTitle: "Para revisar",
    reviewIntro:
      "Lo que hay que resolver antes del envío: comentario que falta y lo que la autocomprobación del informe encontró y no pudo resolver (no figura en el informe final):",
    noCommentary: (period: string) =>
      `Aún no hay comentario: no hay notas escritas para este periodo (${period}); vreport notes init las redacta.`,
  },

  values: {
    yes: "Sí",
    no: "No",
    status: {
      on_track: "En línea",
      at_risk: "En riesgo",
      off_track: "Desviado",
      no_data: "Sin datos",
    },
    stages: {
      AWARENESS: "Descubrimiento",
      CONSIDERATION: "Consideración",
      DECISION: "Decisión",
      BALANCED: "Equilibrado",
      NA: "Sin etapa",
    },
    contentStatus: {
      NEW: "Nuevo",
      PLANNED: "Planificado",
      GENERATING: "En redacción",
      GENERATED: "Redactado",
      PUBLISHED: "Publicado",
      FAILED: "Fallido",
    },
    uncategorized: "Sin categoría",
    allPlatforms: "Todas las plataformas",
    everything: "Todos los prompts y plataformas",
    category: (name) => `Categoría: ${name}`,
  },

  kpis: {
    metrics: {
      mention_rate: "Tasa de mención",
      citation_rate: "Tasa de citación",
      share_of_voice: "Cuota de voz",
    },
    answersAnalysed: "Respuestas analizadas",
    noSignificantChange: "sin cambio significativo",
    interval: (low, high) =>
      low === null || high === null
        ? "intervalo del 95 % no estimable"
        : `intervalo del 95 % de ${f.boundPoints(low)} a ${f.boundPp(high)}`,
    metric: "Indicador",
    value: "Valor",
    change: "Cambio",
    significance: "Significación",
    changeLow: "Cambio, límite inferior 95 %",
    changeHigh: "Cambio, límite superior 95 %",
    significant: "Significativo",
    answers: "Respuestas",
    prompts: "Prompts",
  },

  columns: {
    theme: "Tema",
    prompt: "Prompt",
    prompts: "Prompts",
    category: "Categoría",
    platform: "Plataforma",
    answers: "Respuestas",
    mentionRate: "Tasa de mención",
    citationRate: "Tasa de citación",
    shareOfVoice: "Cuota de voz",
    deltaMention: "Δ mención",
    deltaCitation: "Δ citación",
    deltaShare: "Δ cuota",
    deltaCitations: "Δ citas",
    deltaRate: "Δ tasa",
    deltaPrompts: "Δ prompts",
    date: "Fecha",
    collected: "Recogida",
    mentioned: "Mencionada",
    cited: "Citada",
    competitorsMentioned: "Competidores mencionados",
    answerPreview: "Extracto de la respuesta",
    owner: "Titular",
    citations: "Citas",
    share: "Cuota",
    mostCited: (n) => `Más citados (top ${f.count(n)})`,
    rank: "Posición",
    domain: "Dominio",
    competitor: "Competidor",
    brand: "Marca",
    page: "Página",
    folder: "Carpeta",
    status: "Estado",
    items: "Elementos",
    title: "Título",
    buyerStage: "Etapa de compra",
    source: "Origen",
    created: "Creado",
    plannedFor: "Previsto para",
    published: "Publicado",
    url: "URL",
    topic: "Tema",
    yourPages: "Sus páginas",
    topCompetitor: "Competidor principal",
    theirPages: "Sus páginas (competidor)",
    quotedFor: "Citada como",
    excerpt: "Extracto",
    competitorsNamed: "Competidores nombrados",
    promptMentionRate: "Tasa de mención del prompt",
    deltaPromptMentionRate: "Δ tasa de mención del prompt",
    scope: "Ámbito",
    metric: "Indicador",
    target: "Objetivo",
    thisPeriod: "Este período",
    gap: "Diferencia",
    interval95: "Intervalo del 95 %",
    low95: "Límite inferior 95 %",
    high95: "Límite superior 95 %",
    whatWeDid: "Acción realizada",
    windowBefore: (days) => `Tasa de mención, ${f.count(days)} días antes`,
    windowAfter: (days) => `Tasa de mención, ${f.count(days)} días después`,
    change: "Cambio",
    days: "Días",
    definition: "Definición",
    platformsWithGap: "Plataformas con brecha",
    platformsAnswering: "Plataformas que responden",
    platformsWithGapNames: "Plataformas con brecha (nombres)",
    platformsNaming: (brand) => `Plataformas que nombran a ${brand}`,
    answersWithGap: "Respuestas con brecha",
    answersNaming: (brand) => `Respuestas que nombran a ${brand}`,
    competitorsNamedAll: "Competidores nombrados (todos)",
    mostCitedCompetitorPage: "Página de la competencia más citada",
    itsCitations: "Sus citas en estas respuestas",
    suggestedAction: "Acción recomendada",
    rule: "Regla",
  },

  stats: {
    mention: "mención",
    citation: "citación",
    share: "cuota",
    low: (rate) => `${rate}, límite inferior 95 %`,
    high: (rate) => `${rate}, límite superior 95 %`,
    deltaLow: (rate) => `Δ ${rate}, límite inferior 95 %`,
    deltaHigh: (rate) => `Δ ${rate}, límite superior 95 %`,
    significant: (rate) => `Δ ${rate} significativo`,
  },

  versus: {
    previous: {
      label: "Período anterior",
      start: "Inicio del período anterior",
      end: "Fin del período anterior",
      inThe: "en el período anterior",
      withThe: "respecto al período anterior",
      dashed: "período anterior en línea discontinua",
    },
    year: {
      label: "Un año antes",
      start: "Inicio del período un año antes",
      end: "Fin del período un año antes",
      inThe: "un año antes",
      withThe: "respecto a un año antes",
      dashed: "un año antes en línea discontinua",
    },
  },

  charts: {
    mentionRate: "Tasa de mención",
    citationRate: "Tasa de citación",
    shareOfVoice: "Cuota de voz",
    byCategory: "Tasa de mención y de citación por categoría",
    byPlatform: "Tasa de mención y de citación por plataforma",
    ratesByWeek: "Tasas por semana",
    ratesByDay: "Tasas por día",
    topCitedDomains: "Dominios más citados por titular (cuota de las citas)",
    pagesByTopic: "Sus páginas por tema y etapa de compra",
  },

  alt: {
    kind: {
      line: "Gráfico de líneas",
      bar: "Gráfico de barras",
      horizontal_bar: "Gráfico de barras",
      stacked_bar: "Gráfico de barras apiladas",
      doughnut: "Gráfico de anillo",
    },
    span: (from, to) => `Del ${from} al ${to}.`,
    noData: "sin datos",
    more: (shown, more) => `${shown} y ${more} más`,
    line: (label, first, last, low, high) =>
      `${label}: primer valor ${first}, último ${last}, mínimo ${low}, máximo ${high}.`,
    marked: (items) => `Marcados: ${items}.`,
  },

  notices: {
    noAnswers: "No se recogieron respuestas en este período.",
    noAnswersBetween: (start, end) => `No se recogieron respuestas en este período (${start} – ${end}).`,
    missingScope: (part, scopes) =>
      `${part}: se necesita el scope ${scopes.join(", ")}, que la clave de API no tiene.`,
    parts: {
      workspace: "Nombre del espacio de trabajo",
      setup: "Configuración de visibilidad",
      visibility: "Datos de visibilidad",
      contentMap: "Mapa de contenidos",
      content: "Contenidos",
    },
    noComparisonData: (label) =>
      `No hay datos de ${label}, el período de comparación: no se muestra ningún cambio.`,
    partialComparison: (label, covered, days) =>
      `El período de comparación, ${label}, se monitorizó ${f.count(covered)} de ${f.countOf(days, { one: "día", other: "días" })}: no se muestra ningún cambio.`,
  },

  trim: {
    rows: {
      executive_summary: { one: "conclusión", other: "conclusiones" },
      summary: { one: "indicador", other: "indicadores" },
      trend: { one: "día", other: "días" },
      platforms: platformsOf,
      categories: { one: "categoría", other: "categorías" },
      competitors: { one: "marca", other: "marcas" },
      opportunities: promptsOf,
      evidence: answersOf,
      cited_sources: { one: "dominio", other: "dominios" },
      your_pages: pagesOf,
      competitor_pages: pagesOf,
      prompts: promptsOf,
      answers: answersOf,
      content_map: { one: "tema", other: "temas" },
      content: { one: "elemento", other: "elementos" },
      agency: { one: "fila", other: "filas" },
      methodology: { one: "línea", other: "líneas" },
    },
    where: (sheet) => `en el libro (hoja «${sheet}»)`,
    onlyRow: (_noun, where) => `La tabla (una sola fila) está ${where}.`,
    allRows: (n, noun, where) => `La tabla completa (${f.countOf(n, noun)}) está ${where}.`,
    top: (shown, n, noun, where) =>
      `Top ${f.count(shown)} de ${f.countOf(n, noun)}${where === null ? "" : `; la lista completa está ${where}`}.`,
    first: (shown, n, noun, where) =>
      `Se muestran ${f.count(shown)} de ${f.countOf(n, noun)}${where === null ? "" : `; la lista completa está ${where}`}.`,
  },

  workbook: {
    about: "Acerca del informe",
    notes: "Comentarios",
    contents: "Índice",
    charts: "Gráficos",
    complete:
      "Este libro contiene todas las secciones y todas las filas del informe, incluidas las que el informe impreso omite. " +
      "Cada tabla está en su propia hoja, con el encabezado en la fila 1 y solo datos debajo.",
    sample: (sheet) => `Salvo la hoja «${sheet}», una muestra, como indica su nota en el índice.`,
    sheet: "Hoja",
    section: "Sección",
    table: "Tabla",
    rows: "Filas",
    note: "Nota",
    technical: "Técnico",
    technicalNote:
      "Solo para la agencia: las reglas y los agentes detrás de las sugerencias del informe, los estados propios del flujo de contenidos y el perfil del informe.",
  },

  legend: {
    good: (brand) => `Verde: buena noticia para ${brand} (una subida propia o una bajada de un competidor).`,
    bad: (brand) => `Rojo: mala noticia para ${brand} (una bajada propia o una subida de un competidor).`,
    neutral: "Gris: un cambio no significativo o no contrastado.",
  },

  executiveSummary: {
    glossary:
      "p. p.: puntos porcentuales, la diferencia entre dos porcentajes. Intervalo del 95 %: el rango en el que está la tasa real, o el cambio real entre períodos, con un 95 % de confianza, según cuántos prompts se siguieron y cuánto varían sus respuestas. Significativo: el intervalo del cambio excluye el cero, así que es poco probable que el cambio sea ruido. Cuota de voz: la parte de la marca en todas las menciones de ella y de sus competidores seguidos.",
    notInReport: (reasons) => `No incluido en este informe: ${reasons.join(" ")}`,
    notEnoughData: "No hay datos suficientes en este período para un resumen.",
    noAnswers: "No se recogieron respuestas en este período, por lo que no se puede indicar ninguna tasa.",
    targets: (met, total, short) =>
      `${f.count(met)} de ${f.countOf(total, { one: "objetivo", other: "objetivos" })} en línea${short.length > 0 ? `; ${f.list(short)}` : ""}.`,
    targetShort: (scope, metric, status, value, target) =>
      `${metric.toLowerCase()}${scope !== null ? ` en ${scope}` : ""} ${{ at_risk: "en riesgo", off_track: "desviada", no_data: "sin datos" }[status]}${value !== null ? ` (${f.percent(value)} frente a ${f.percent(target)})` : ""}`,
    rateWas: (label, value) => `${label}: ${f.percent(value)}.`,
    steady: (label, current, previous, delta, interval, versus) =>
      `${label}: sin cambio significativo, ${f.percent(current)} frente a ${f.percent(previous)} ${versus} (${f.deltaPp(delta)}; ${interval}).`,
    moved: (label, current, previous, delta, interval, versus) =>
      `${label}: ${delta > 0 ? "subida" : "bajada"} significativa, del ${f.percent(previous)}${versus === null ? "" : ` ${versus}`} al ${f.percent(current)} (${f.deltaPp(delta)}; ${interval}).`,
    platformMove: (platform, delta, rate, interval) =>
      `${platform} (${f.deltaPp(delta)}, hasta el ${f.percent(rate)}; ${interval})`,
    platformsRose: (moves) => `La tasa de mención subió significativamente en ${f.list(moves)}.`,
    platformsFell: (moves) => `La tasa de mención bajó significativamente en ${f.list(moves)}.`,
    categoryMoved: (category, delta, rate, interval, since) =>
      `Entre las categorías, ${category} es la que más se movió: tasa de mención ${f.deltaPp(delta)}, hasta el ${f.percent(rate)} (${interval})${since ? `; «${since.label}» está publicado desde el ${since.date}` : ""}.`,
    competitorRose: (competitor, delta, rate, interval) =>
      `Entre los competidores, ${competitor} es el que más creció: tasa de mención ${f.deltaPp(delta)}, hasta el ${f.percent(rate)} (${interval}).`,
    platformsFlat: (platforms) => `Sin cambio significativo de la tasa de mención en ${f.list(platforms)}.`,
    strongestWeakest: (best, bestRate, worst, worstRate) =>
      `${best} es la plataforma más favorable (tasa de mención del ${f.percent(bestRate)}); ${worst}, la menos favorable (${f.percent(worstRate)}).`,
    youLead: (brand, sov, mention) =>
      `${brand} lidera la cuota de voz con un ${f.percent(sov)}${mention === null ? "" : ` y la tasa de mención con un ${f.percent(mention)}`}.`,
    rivalLeads: (leader, sov, brand, yours, mention) =>
      `${leader} lidera la cuota de voz con un ${f.percent(sov)}, frente al ${f.percent(yours)} de ${brand}${mention === null ? "" : `, y la tasa de mención con un ${f.percent(mention.leader)}, frente al ${f.percent(mention.you)}`}.`,
    gapsAny: (prompts, tracked, brand, widest) =>
      `En ${f.count(prompts)} de ${f.countOf(tracked, { one: "prompt seguido", other: "prompts seguidos" })}, las respuestas nombran a un competidor y no a ${brand}; ${widest}`,
    gapsMost: (prompts, tracked, brand, widest) =>
      `En ${f.count(prompts)} de ${f.countOf(tracked, { one: "prompt seguido", other: "prompts seguidos" })}, la mayoría de las respuestas nombran a un competidor y no a ${brand}; ${widest}`,
    gapsWidestOnly: (brand, widest) =>
      `En cada prompt seguido hay respuestas que nombran a un competidor y no a ${brand}, siempre en menos de la mitad de las respuestas; ${widest}`,
    widestGap: (prompt, gapPlatforms, platforms, gapAnswers, answers, done) =>
      `la mayor brecha está en «${prompt}» (en ${gapPlatforms === platforms && platforms > 1 ? `las ${f.count(platforms)} plataformas` : `${f.count(gapPlatforms)} de ${f.countOf(platforms, platformsOf)}`}, ${f.count(gapAnswers)} de ${f.countOf(answers, answersOf)})${done === null ? "" : `; su acción está hecha: «${done.label}», publicado desde el ${done.date}`}.`,
    strongestOnly: (best, rate, tied) =>
      `${best} es la plataforma más favorable (tasa de mención del ${f.percent(rate)}); ${f.count(tied)} plataformas comparten la tasa más baja.`,
    weakestOnly: (worst, rate, tied) =>
      `${worst} es la plataforma menos favorable (tasa de mención del ${f.percent(rate)}); ${f.count(tied)} plataformas comparten la tasa más alta.`,
    overtook: (competitor, brand, metrics) => `${competitor} ha superado a ${brand}: ${f.list(metrics)}.`,
    fellBelow: (competitor, brand, metrics) =>
      `${brand} ha quedado por detrás de ${competitor}: ${f.list(metrics)}.`,
    overtookOn: (metric, theirs, yours, theirsBefore, yoursBefore, versus) =>
      `${metric.toLowerCase()} (${f.percent(theirs)} frente a ${f.percent(yours)}; ${f.percent(theirsBefore)} frente a ${f.percent(yoursBefore)} ${versus})`,
    topics: (shown, more) => (more > 0 ? `${shown.join(", ")} y ${f.count(more)} más` : f.list(shown)),
    untapped: (n, topics) =>
      `${f.countOf(n, { one: "tema sin explotar", other: "temas sin explotar" })} en los que la competencia publica y usted no: ${topics}.`,
    coverageGaps: (n, topics, underway) =>
      `${f.countOf(n, { one: "brecha de cobertura", other: "brechas de cobertura" })}, temas en los que usted tiene páginas y el competidor principal más: ${topics}${underway === null ? "" : underway === "all" ? `; hay páginas previstas o en redacción sobre ${n === 1 ? "él" : "cada uno"}` : `; hay páginas previstas o en redacción sobre ${underway}`}.`,
    topicOwnContent: (topic, items, cited, theirs, whose) =>
      `${topic}: ha publicado ${f.countOf(items, { one: "artículo", other: "artículos" })}, ${cited === 0 ? "aún sin citas" : `${f.count(cited)} citado(s)`}; la competencia tiene ${f.countOf(theirs, pagesOf)}${whose ? ` (${whose})` : ""}.`,
    coverageRange: (start, end) => (start === end ? f.date(start) : `del ${f.date(start)} al ${f.date(end)}`),
    coveragePlatform: (platform, missing, partial, days, missingDays, partialDays) =>
      missing > 0
        ? `ninguna respuesta de ${platform} en ${f.count(missing)} de los ${f.count(days)} días de recopilación (${f.list(missingDays)})${partial > 0 ? ` y menos que de las demás plataformas en ${f.countOf(partial, { one: "día", other: "días" })} (${f.list(partialDays)})` : ""}`
        : `menos respuestas de ${platform} que de las demás plataformas en ${f.count(partial)} de los ${f.count(days)} días de recopilación (${f.list(partialDays)})`,
    weekdayMix: (days, current, previous) =>
      days === 1
        ? `El día del informe es ${current[0]} y el de comparación ${previous[0]}: las respuestas varían según el día de la semana, así que los cambios que siguen pueden deberse al día más que a una tendencia.`
        : `Los ${f.count(days)} días del informe van de ${current[0]} a ${current[1]} y los de comparación de ${previous[0]} a ${previous[1]}: las respuestas varían según el día de la semana, así que los cambios que siguen pueden deberse a los días más que a una tendencia.`,
    coverage: (platforms, shortfall, change) =>
      `${f.sentenceStart(platforms.join("; "))}: ${platforms.length > 1 ? "en total, " : ""}${f.countOf(shortfall, { one: "respuesta", other: "respuestas" })} menos que una recopilación completa${change !== null && change < 0 ? (shortfall >= -change ? `, lo que explica la bajada de las respuestas analizadas (${f.deltaCount(change)})` : `, ${f.count(shortfall)} de la bajada de las respuestas analizadas (${f.deltaCount(change)})`) : ""}.`,
    targetLine: (scope, metric, status, value, target) =>
      `${metric}${scope !== null ? ` en ${scope}` : ""}: ${{ on_track: "en línea", at_risk: "en riesgo", off_track: "desviada", no_data: "sin datos" }[status]}${value !== null ? ` (${f.percent(value)} frente a un objetivo del ${f.percent(target)})` : ""}.`,
  },

  agency: {
    titleWithoutPlan: "Nuestro trabajo",
    winsAndRisks: "Logros y riesgos",
    win: "Logro",
    risk: "Riesgo",
    page: "Página",
    nextSteps: "Próximos pasos",
    delivered: "Trabajo realizado",
    finding: "Hallazgo",
    step: "Próximo paso",
    owner: "Responsable",
    due: "Fecha límite",
    kind: "Tipo",
    change: "Acción realizada",
    published: "Contenido publicado",
    item: "Qué",
    noNews:
      "Ningún cambio significativo, ningún competidor por delante ni objetivo que señalar en este período.",
    noSteps: "No hay próximos pasos fijados para este período.",
    noDelivered: "Ninguna acción realizada ni contenido publicado en este período.",
    noContent: "El informe no tiene datos de contenido, así que no se enumera el contenido publicado.",
    nextReview: (date) => `Próxima revisión: ${f.date(date)}.`,
    noReview: "No hay fecha fijada para la próxima revisión.",
    deliveredNote: (days) =>
      `Nuestras acciones, con la tasa de mención en su ámbito en los ${f.count(days)} días anteriores y posteriores (sin prueba de significación; un cambio solo si ambas ventanas están completas), y el contenido publicado en el período.`,
    partialWindows: (entries) => `Ventanas incompletas: ${f.list(entries)}.`,
  },

  themes: {
    unit: { one: "tema", other: "temas" },
    tableTitle: "Temas",
    promptsTitle: "Por prompt",
    prompts: (shown, more) =>
      shown.map((p) => `«${p}»`).join(", ") + (more > 0 ? ` y ${f.count(more)} más` : ""),
    evidence: (subject, winners, gapAnswers, answers, prompts, brand, page) =>
      `${subject !== null ? `${subject} aparece` : "aparecen competidores"} sin ${brand} en ${f.count(gapAnswers)} de las ${f.countOf(answers, answersOf)} ${prompts === 1 ? "del prompt" : "de estos prompts"}${winners.length > 0 ? `, sobre todo ${f.list(winners.map((w) => `${w.name} (${f.countOf(w.answers, answersOf)})`))}` : ""}${page ? `; ${page.again ? "la misma página es también la más citada" : `la página ${page.url} de ${page.competitor} es la más citada`}, en ${f.count(page.citations)} de ellas` : ""}.`,
    comparison: (rival, n, prompts, evidence) =>
      `Publique una página comparativa frente a ${rival} que responda ${n === 1 ? "al prompt que lo nombra" : `a los ${f.count(n)} prompts que lo nombran`} (${prompts}): ${evidence}`,
    category: (category, n, prompts, evidence, since) =>
      `${since ? `Amplíe «${since.label}» (${since.date}) con páginas sobre ${category}` : `Publique o refuerce páginas sobre ${category}`} para ${n === 1 ? "su prompt" : `sus ${f.count(n)} prompts`} (${prompts}): ${evidence}`,
    other: (n, prompts, evidence) =>
      `Publique páginas que respondan a ${n === 1 ? "este prompt" : `estos ${f.count(n)} prompts`} (${prompts}): ${evidence}`,
    stillOpen: (gapAnswers, answers, brand) =>
      `Siguen apareciendo competidores sin ${brand} en ${f.count(gapAnswers)} de sus ${f.countOf(answers, answersOf)}.`,
    changeScope: (platform, category) =>
      platform !== null
        ? `en ${platform}`
        : category !== null
          ? `en ${category}`
          : "en todos los prompts y plataformas",
    done: (label, date, n, scope, before, after, compared) =>
      `Ya hecho para ${n === 1 ? "este prompt" : `estos ${f.count(n)} prompts`}: «${label}» está publicado desde el ${date}; ${doneWindows(f, scope, before, after, compared)}`,
    citations: (n, prompts, brand, page, lead) =>
      `Gane citas: ${lead ? `${brand} tiene la tasa de citación más alta de las marcas seguidas, pero ` : ""}las respuestas a ${n === 1 ? "este prompt" : `estos ${f.count(n)} prompts`} (${prompts}) citan páginas de competidores; la más citada es ${page.url} de ${page.competitor}, en ${f.countOf(page.citations, answersOf)} que ${page.citations === 1 ? "nombra" : "nombran"} competidores y no a ${brand}. Publique páginas sobre las mismas preguntas con las cifras, definiciones y fuentes que citan las respuestas.`,
    platform: (platform, rate, brand, n, sharing, never, prompts, evidence) => {
      const where = never
        ? `nombra a competidores y nunca a ${brand}`
        : `parte de sus respuestas nombran a competidores y no a ${brand}`;
      const start =
        sharing > n
          ? `de los ${f.count(sharing)} prompts en los que ${where}, ${sharing - n === 1 ? "uno ya está cubierto" : `${f.count(sharing - n)} ya están cubiertos`} por trabajo hecho; empiece por ${n === 1 ? "el otro" : `los otros ${f.count(n)}`} (${prompts}).`
          : `empiece por ${n === 1 ? "el prompt" : `los ${f.count(n)} prompts`} en los que ${where} (${prompts}).`;
      return `Cierre la brecha en ${platform}, que nombra a ${brand} en el ${f.percent(rate)} de sus respuestas, menos que ninguna otra plataforma: ${start} En todas las plataformas: ${evidence}`;
    },
    citationsTheme: "Citas",
    platformTheme: (platform) => `Plataforma más débil: ${platform}`,
    focusIntro: (citations, platform) =>
      `${citations && platform !== null ? "Dos temas transversales encabezan la tabla" : "Un tema transversal encabeza la tabla"}: ${f.list([...(citations ? ["las citas"] : []), ...(platform !== null ? [`${platform}, la plataforma más débil`] : [])])}.`,
    competitorTheme: (rival) => `Prompts que nombran a ${rival}`,
    intro: (brand, themes, prompts, every) =>
      every
        ? `Cada uno de los ${f.countOf(every.tracked, { one: "prompt seguido", other: "prompts seguidos" })} tiene al menos una respuesta que nombra a un competidor seguido y no a ${brand}${every.mostly > 0 ? `, y en ${f.count(every.mostly)} de ellos lo hace la mayoría de las respuestas` : ", siempre en menos de la mitad de sus respuestas"}. Se agrupan en ${f.countOf(themes, { one: "tema", other: "temas" })} según lo que comparten: el competidor que nombra el prompt, si no su categoría. Una acción por tema.`
        : `Los ${f.countOf(prompts, promptsOf)} con al menos una respuesta que nombra a un competidor seguido y no a ${brand}, agrupados en ${f.countOf(themes, { one: "tema", other: "temas" })} según lo que comparten: el competidor que nombra el prompt, si no su categoría. Una acción por tema.`,
    doneOpen: (label, date, kind, name, n, answers, mentioned, gapAnswers, brand) =>
      `«${label}» está publicado desde el ${date} para ${n === 1 ? "el prompt" : `los ${f.count(n)} prompts`} ${kind === "competitor" ? (n === 1 ? `que nombra a ${name}` : `que nombran a ${name}`) : `de ${name}`}; en este periodo, ${mentioned === 0 ? `${brand} no aparece en ninguna` : `${brand} aparece en ${f.count(mentioned)}`} de sus ${f.countOf(answers, answersOf)}, y competidores sin ${brand} en ${f.count(gapAnswers)}.`,
    workbookPointer: "El libro lista cada prompt con sus propias cifras.",
  },

  actions: {
    absent: (answers, brand, top, page) =>
      `Publique una página que responda a este prompt: ninguna de sus ${f.countOf(answers, answersOf)} nombra a ${brand}${top ? `; ${top.name} aparece en ${f.count(top.answers)}` : ""}${page ? ` y la página ${page.url} de ${page.competitor} se cita en ${f.count(page.citations)}` : ""}.`,
    platforms: (never, brand, naming, mentioned, answers) =>
      `Averigüe qué ${never.length === 1 ? "cita" : "citan"} ${f.list(never)} para este prompt: ${never.length === 1 ? "esa plataforma nunca nombra" : "esas plataformas nunca nombran"} a ${brand}, mientras que ${f.list(naming)} sí ${naming.length === 1 ? "lo hace" : "lo hacen"} (${f.count(mentioned)} de ${f.countOf(answers, answersOf)}).`,
    page: (competitor, url, citations, gapAnswers, brand) =>
      `Publique o refuerce una página que responda mejor a este prompt: la página ${url} de ${competitor} se cita en ${f.count(citations)} de las ${f.countOf(gapAnswers, answersOf)} que nombran a un competidor y no a ${brand}.`,
    done: (label, date, scope, before, after, compared) =>
      `Ya hecho: «${label}» está publicado desde el ${date}; ${doneWindows(f, scope, before, after, compared)}`,
    consistency: (brand, mentioned, answers, top) =>
      `Refuerce lo que le da a ${brand} sus menciones aquí: la marca aparece en ${f.count(mentioned)} de ${f.countOf(answers, answersOf)}${top ? `, y ${top.name} aparece sin ${brand} en ${f.count(top.answers)}` : ""}.`,
  },

  summary: {
    volume: (prompts, platforms, competitors) =>
      `${f.countOf(prompts, { one: "prompt monitorizado", other: "prompts monitorizados" })} en ${f.countOf(platforms, platformsOf)}, comparados con ${f.countOf(competitors, { one: "competidor", other: "competidores" })}.`,
    headline: "Indicadores clave",
    targets: "Objetivos",
    noTargets: "No hay objetivos definidos.",
    rateInterval: (low, high) => `${f.percent(low)} a ${f.percent(high)}`,
    targetsNote:
      "En línea: en el objetivo o por encima. En riesgo: por debajo, dentro del intervalo del 95 % de la tasa. Desviado: todo el intervalo por debajo.",
  },

  trend: {
    dailyRates: "Tasas diarias",
    compared: (column, versus) => `${versus}: ${column.toLowerCase()}`,
    onePoint: "Un solo día en este período, así que no hay línea que trazar: sus tasas son las cifras clave.",
    platformsByDay: "Plataformas por día",
    platformsByDayNote:
      "Una fila por día con respuestas; una celda vacía es un día en que esa plataforma no recogió nada (sin respuestas, luego sin tasa), nunca 0.",
    platformRate: (platform) => `Tasa de mención ${platform}`,
    platformAnswers: (platform) => `Respuestas ${platform}`,
    whatWeDid: "Nuestras acciones",
    noChanges: "Ninguna entrada del registro de acciones cae en este período.",
    changesNote: (days) =>
      `Aquí, un cambio es la diferencia entre las dos ventanas de ${f.count(days)} días, sin prueba de significación: indica qué se movió en torno a la acción, no que la acción lo causara.`,
    window: (days, whole, answers) =>
      `${days === whole ? `${f.count(whole)} días` : `${f.count(days)} de ${f.count(whole)} días`}${answers === 0 ? ", sin respuestas" : ""}`,
    basis: (before, after) =>
      [before === null ? null : `antes: ${before}`, after === null ? null : `después: ${after}`]
        .filter((x) => x !== null)
        .join("; "),
    partial: (basis, whole) => `${basis}; menos de ${f.count(whole)} días, no se muestra ningún cambio`,
  },

  platforms: {
    empty: "Ninguna plataforma recogió respuestas en este período.",
  },

  categories: {
    empty: "Ninguna categoría tiene respuestas en este período.",
  },

  competitors: {
    rank: (metric, rank, of, value, delta) =>
      `${metric}: posición ${f.count(rank)} de ${f.count(of)}, con un ${f.percent(value)}${delta === null ? "" : ` (${f.deltaPp(delta)})`}.`,
    empty: "No se monitoriza ningún competidor.",
    note: (answers) => `Basado en ${f.countOf(answers, answersOf)}. La primera fila es su marca.`,
  },

  opportunities: {
    intro: (brand) =>
      `Prompts en los que se nombra al menos a un competidor monitorizado y no a ${brand}, ordenados por el número de plataformas y respuestas en que ocurre. Cada acción recomendada sigue las reglas de la metodología y cita las cifras en las que se basa.`,
    named: (names, more) => names.join(", ") + (more > 0 ? ` y ${f.count(more)} más` : ""),
    empty: (brand) =>
      `Ningún prompt tiene en este período una respuesta que nombre a un competidor y no a ${brand}.`,
  },

  evidence: {
    gapWhy: (competitors, brand) => `nombra a ${f.list(competitors)}, no a ${brand}`,
    winWhy: (brand, rate, delta, versus) =>
      `${brand} aparece en el ${f.percent(rate)} de las respuestas a este prompt en todas las plataformas${delta === null ? "" : ` (${f.deltaPp(delta)} ${versus})`}`,
    source: (platform, day, why) => `${platform}, ${day}: ${why}`,
    quoted: (prompt) => `«${prompt}»`,
    none: "Ninguna respuesta de este período muestra una brecha ni nombra a la marca, así que no se cita ninguna.",
    gapsIntro: (brand) =>
      `Donde se nombra a competidores y no a ${brand}: la respuesta más reciente de este tipo para cada una de las principales oportunidades.`,
    winsIntro: (brand, compared) =>
      `Donde se nombra a ${brand}: la respuesta más reciente que la nombra en los prompts cuya tasa de mención ${compared ? "más creció (el cambio de un prompt aislado no se somete a prueba de significación)" : "es más alta"}.`,
    opportunity: "Oportunidad",
    whereNamed: "Marca nombrada",
    empty: "No se cita ninguna respuesta.",
  },

  citedSources: {
    yours: (brand) => `${brand} (suyos)`,
    competitors: "Competidores",
    otherSites: "Otros sitios",
    owners: { you: "Suyo", competitor: "Competidor", other: "Otro" },
    byOwner: "Por titular",
    domains: "Dominios",
    empty: "No hay citas en este período.",
    note: (n) => `${f.countOf(n, { one: "cita", other: "citas" })} en total.`,
  },

  yourPages: {
    empty: "Ninguna página de su sitio fue citada en este período.",
    note: (n) => `${f.countOf(n, { one: "página citada", other: "páginas citadas" })} en total.`,
  },

  competitorPages: {
    empty: "Ninguna página de la competencia fue citada en este período.",
  },

  prompts: {
    empty: "No se monitoriza ningún prompt.",
  },

  answers: {
    empty: "No se recogieron respuestas en este período.",
    sample: (shown, total, missing) =>
      `Una muestra: ${f.count(shown)} de las ${f.count(total)} últimas respuestas (una por prompt y plataforma), repartidas por igual entre plataformas por la API, las más recientes primero` +
      (missing.length > 0 ? `; ninguna de ${missing.join(", ")}.` : ", de todas las plataformas."),
  },

  contentMap: {
    publishedUnclassified: "Publicado, sin clasificar",
    untapped: "Sin explotar",
    coverageGap: "Brecha de cobertura",
    empty: "Todavía no se han identificado temas.",
    noData:
      "Este proyecto no tiene datos de contenido: ninguna página de su sitio se ha rastreado ni clasificado por temas.",
    unclassified: (n) =>
      `${f.count(n)} de sus páginas ${f.noun(n, { one: "aún no está clasificada", other: "aún no están clasificadas" })}.`,
    asOf: (asOf, end) =>
      `El mapa muestra las páginas rastreadas hasta el ${asOf}, no su estado al final del período (${end}).`,
    publishedNoBar: (topics) =>
      `${f.list(topics.map((t) => `«${t}»`))} ${topics.length === 1 ? "no tiene barra" : "no tienen barra"} en el gráfico de sus páginas: lo publicado sobre ${topics.length === 1 ? "ese tema" : "esos temas"} aún no está entre las páginas que el mapa de contenidos ha clasificado.`,
  },

  content: {
    none: "No hay contenidos.",
    byStatus: (counts) => `Elementos por estado: ${counts.join(", ")}.`,
    statusCount: (n, status) => `${f.count(n)} ${status}`,
    itemsByStatus: "Elementos por estado",
    ideas: "Ideas",
    noIdeas: "No hay ideas.",
    planned: "Planificados",
    nothingPlanned: "No hay nada planificado.",
    produced: "Producidos",
    nothingProduced: "No se ha producido nada.",
    noData: "Este proyecto no tiene datos de contenido: ni ideas, ni contenidos planificados, ni artículos.",
    pipeline: "Estados del flujo de contenidos",
  },

  methodology: {
    comparedYear: (label, start, end) => `las mismas fechas un año antes, ${label} (del ${start} al ${end})`,
    comparedWith: (label, start, end) => `${label} (del ${start} al ${end})`,
    customPeriod: (label, start, end, timezone, compared) =>
      `El período analizado es ${label} (del ${start} al ${end}, días en ${timezone}); se compara con ${compared}.`,
    yearPeriod: (start, end, range, asOf, timezone, compared) =>
      `El período analizado va del ${start} al ${end} (${range}, con fecha de corte ${asOf} en ${timezone}); se compara con ${compared}.`,
    rangePeriod: (start, end, range, asOf, timezone, previousStart, previousEnd) =>
      `El período analizado va del ${start} al ${end} (${range}, con fecha de corte ${asOf} en ${timezone}); se compara con el período anterior de la misma duración, del ${previousStart} al ${previousEnd}.`,
    noPeriod: (range) =>
      `El período abarca ${range} hasta la fecha de corte; sus fechas no están disponibles porque no se pudieron leer los datos de visibilidad.`,
    volume: (answers, prompts, platforms) =>
      `Este informe se basa en ${f.countOf(answers, answersOf)} (snapshots) a ${f.countOf(prompts, { one: "prompt monitorizado", other: "prompts monitorizados" })}, recogidas en ${f.countOf(platforms.length, platformsOf)} (${platforms.join(", ")}).`,
    noVolume:
      "No se pudieron leer los datos de visibilidad, por lo que no se indica ningún número de respuestas.",
    sample: (prompts, answers, previousPrompts, previousAnswers, versus) =>
      ` Las tasas principales se basan en ${f.countOf(prompts, promptsOf)} (${f.countOf(answers, answersOf)}) en este período y ${f.countOf(previousPrompts, promptsOf)} (${f.countOf(previousAnswers, answersOf)}) ${versus}.`,
    significance: (sample) =>
      `Las respuestas a un mismo prompt se parecen de un día a otro, así que la muestra que cuenta son los prompts, no las respuestas: el intervalo del 95 % de cada tasa trata los prompts como unidades (un cociente de sumas sobre los prompts, con la t de Student). Un cambio es significativo cuando el intervalo del 95 % de la diferencia entre los períodos, calculado a partir del cambio de cada prompt, excluye el cero; los cambios no significativos o no contrastados aparecen en gris (en cursiva donde no hay color).${sample}`,
    timezone: (shown, workspace) =>
      `Las fechas de las respuestas y de los contenidos se muestran en ${shown}, según la configuración del informe; los días del período son los de la zona horaria del espacio de trabajo, ${workspace}.`,
    definitions: "Definiciones",
    metric: "Indicador",
    definition: "Definición",
    terms: [
      ["Snapshot", "Una respuesta recogida a un prompt monitorizado en una plataforma de IA."],
      ["Tasa de mención", "Snapshots que mencionan la marca ÷ snapshots."],
      ["Tasa de citación", "Snapshots que citan una página del dominio de la marca ÷ snapshots."],
      [
        "Cuota de voz",
        "Snapshots que mencionan la marca ÷ la suma, para la marca y cada competidor monitorizado, de los snapshots que mencionan a cada uno.",
      ],
      [
        "Δ (cambio)",
        "Período analizado menos período de comparación, a partir de valores sin redondear; tasas en puntos porcentuales (p. p.).",
      ],
      [
        "Punto de tendencia",
        "Un día en un informe de 7 días; si no, una semana, contada hacia atrás desde el último día del período (la primera puede ser más corta o incluir los uno o dos días anteriores). Su tasa se calcula sobre los totales de la semana (p. ej., menciones ÷ respuestas de sus días), no como media de tasas diarias.",
      ],
      [
        "Intervalo del 95 %",
        "El rango que contiene la tasa (o el cambio) real con un 95 % de confianza, dados los prompts de la muestra.",
      ],
      ["Cambio significativo", "Un cambio cuyo intervalo del 95 % excluye el cero (α = 0,05)."],
      ["Posición", "1 es la mejor; los empates comparten posición (1, 2, 2, 4)."],
      [
        "Citas de una página",
        "Snapshots que citan la página; su tasa de citación se calcula sobre todos los snapshots.",
      ],
      ["Cuota de una fuente citada", "Citas del dominio ÷ todas las citas del período."],
      [
        "Oportunidad",
        "Un prompt cuyas respuestas nombran a un competidor monitorizado y no a la marca (respuestas con brecha).",
      ],
      [
        "Acción recomendada",
        "Una por tema: los prompts que nombran a un competidor monitorizado piden una página comparativa, los demás páginas sobre su categoría; lo que el registro de cambios da por hecho se muestra con su antes y después.",
      ],
      [
        "Ejemplos de respuestas",
        "La respuesta con brecha más reciente de las tres principales oportunidades y la respuesta más reciente que nombra a la marca en los tres prompts cuya tasa de mención más creció, desde la primera frase que nombra a un competidor (o a la marca), unos 320 caracteres.",
      ],
    ],
  },
});

/** Spanish, as written in Spain unless the locale names another region (es-MX, es-AR). */
export const es: Catalogue = {
  language: "es",
  defaultLocale: "es-ES",
  name: "Español",
  style: { pp: "p. p.", isoDates: false, englishLists: false },
  messages,
};
