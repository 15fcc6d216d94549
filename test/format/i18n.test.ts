import { describe, expect, it } from "vitest";
import { REPORT_SECTION_KEYS } from "../../src/contract/index.js";
import {
  CATALOGUES,
  ENGLISH,
  en,
  Figures,
  isSupportedLocale,
  LANGUAGES,
  langOf,
} from "../../src/format/i18n/index.js";
import { cleanSheetName } from "../../src/render/workbook-sheets.js";

/**
 * The keys (dotted paths) of a catalogue's messages and what each holds: a string, a function
 * (its parameters are the compiler's business), an array of a length, or a nested object. A
 * catalogue the compiler does not see (a JSON file, a catalogue typed loosely) is checked here.
 */
function shape(value: unknown, path = ""): string[] {
  if (typeof value === "function") return [`${path} fn`];
  if (typeof value === "string") return [`${path} string`];
  if (Array.isArray(value))
    return [`${path} array[${value.length}]`, ...value.flatMap((v, i) => shape(v, `${path}[${i}]`))];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => shape(v, path ? `${path}.${k}` : k));
  return [`${path} ${typeof value}`];
}

/** What `other` lacks (or holds in another form) of English's messages. */
function missing(other: unknown): string[] {
  const have = new Set(shape(other));
  return shape(ENGLISH.m).filter((entry) => !have.has(entry));
}

const FIGURES = new Figures("de-DE", { pp: "Pp.", isoDates: false, englishLists: false });

describe("catalogues", () => {
  it.each(CATALOGUES.map((c) => [c.language, c] as const))(
    "%s has every key the English catalogue has, in the same form",
    (_language, catalogue) => {
      expect(missing(catalogue.messages(FIGURES))).toEqual([]);
    },
  );

  it("the check fails for a catalogue missing a key or holding it in another form", () => {
    const loose = JSON.parse(
      JSON.stringify({ ...ENGLISH.m, cover: { ...ENGLISH.m.cover, brand: undefined } }),
    );
    // JSON drops every function: a JSON catalogue must be turned into functions before it is used.
    expect(missing(loose)).toContain("cover.brand string");
    expect(missing(loose)).toContain("cover.title fn");
    const shortTerms = { ...ENGLISH.m, methodology: { ...ENGLISH.m.methodology, terms: [] } };
    expect(missing(shortTerms)).toContain("methodology.terms array[14]");
  });

  it("lists English, German, French and Spanish, English first", () => {
    expect(LANGUAGES).toEqual(["en", "de", "fr", "es"]);
    expect(CATALOGUES[0]).toBe(en);
  });

  it("English section titles are the API's (the service's JSON takes them from here: a change is the API's)", () => {
    expect(Object.fromEntries(REPORT_SECTION_KEYS.map((key) => [key, ENGLISH.m.sections[key]]))).toEqual({
      summary: "Key figures",
      trend: "Trend",
      platforms: "Platforms",
      categories: "Categories",
      competitors: "Competitors",
      cited_sources: "Cited sources",
      your_pages: "Your cited pages",
      competitor_pages: "Competitor pages",
      prompts: "Prompts",
      answers: "Latest answers",
    });
  });

  it.each(CATALOGUES.filter((c) => c !== en).map((c) => [c.language, c] as const))(
    "%s titles every section differently from English, and each title is a legal sheet name",
    (language, catalogue) => {
      const m = langOf(language).m;
      for (const [key, title] of Object.entries(m.sections)) {
        expect(title, key).not.toBe(ENGLISH.m.sections[key as keyof typeof m.sections]);
        expect(cleanSheetName(title), key).toBe(title);
      }
      expect(cleanSheetName(m.workbook.about)).toBe(m.workbook.about);
      expect(catalogue.name).not.toBe("");
    },
  );
});

describe("locales", () => {
  it.each([
    ["en-US", true],
    ["de-DE", true],
    ["de-AT", true],
    ["fr", true],
    ["es-MX", true],
    ["nl-NL", false],
    ["english please", false],
    ["", false],
  ])("isSupportedLocale(%j) is %s", (locale, ok) => {
    expect(isSupportedLocale(locale)).toBe(ok);
  });

  it("a language alone takes its catalogue's locale; a region is kept; anything else is English", () => {
    expect(langOf("de").locale).toBe("de-DE");
    expect(langOf("de-AT").locale).toBe("de-AT");
    expect(langOf("es").locale).toBe("es-ES");
    expect(langOf("fr-CA").language).toBe("fr");
    expect(langOf("nl-NL").locale).toBe("en-US");
    expect(langOf(undefined)).toBe(ENGLISH);
  });
});

describe("figures by Intl", () => {
  it("English figures follow the output conventions (docs/architecture.md)", () => {
    const f = ENGLISH.f;
    expect([0.397, 0, -0.0004, 1, 0.12345].map((v) => f.percent(v))).toEqual([
      "39.7%",
      "0.0%",
      "0.0%",
      "100.0%",
      "12.3%",
    ]);
    expect([0.042, -0.01, 0.0004, -0.0004, 0].map((v) => f.deltaPp(v))).toEqual([
      "+4.2\u00a0pp",
      "\u22121.0\u00a0pp",
      "0.0\u00a0pp",
      "0.0\u00a0pp",
      "0.0\u00a0pp",
    ]);
    expect([12345, 0, -3, 1234567].map((v) => f.count(v))).toEqual(["12,345", "0", "\u22123", "1,234,567"]);
    expect(f.date("2026-11-01")).toBe("2026-11-01");
    expect(f.list(["A", "B", "C"])).toBe("A, B and C");
    expect(f.periodLabel("October 2025", "2025-10-01", "2025-10-31")).toBe("October 2025");
  });

  it("German writes 39,7 %, +4,2 Pp., 12.345 and 01.11.2026", () => {
    const f = langOf("de-DE").f;
    expect(f.percent(0.397)).toBe("39,7\u00a0%");
    expect(f.deltaPp(0.042)).toBe("+4,2\u00a0Pp.");
    expect(f.deltaPp(-0.01)).toBe("\u22121,0\u00a0Pp.");
    expect(f.deltaPp(-0.0004)).toBe("0,0\u00a0Pp.");
    expect(f.count(12345)).toBe("12.345");
    expect(f.deltaCount(-3)).toBe("\u22123");
    expect(f.date("2026-11-01")).toBe("01.11.2026");
    expect(f.list(["A", "B", "C"])).toBe("A, B und C");
    expect(f.periodLabel("October 2025", "2025-10-01", "2025-10-31")).toBe("Oktober 2025");
    expect(f.periodLabel("Q4 2025", "2025-10-01", "2025-12-31")).toBe("Q4 2025");
    expect(f.periodLabel("1–15 October 2025", "2025-10-01", "2025-10-15")).toBe("1.–15. Oktober 2025");
  });

  it("French and Spanish follow their locales", () => {
    const fr = langOf("fr-FR").f;
    expect(fr.percent(0.397)).toBe("39,7\u00a0%");
    expect(fr.count(12345)).toBe("12\u202f345");
    expect(fr.deltaPp(0.042)).toBe("+4,2\u00a0pt");
    expect(fr.date("2026-11-01")).toBe("01/11/2026");
    expect(fr.periodLabel("October 2025", "2025-10-01", "2025-10-31")).toBe("octobre 2025");
    const es = langOf("es-ES").f;
    expect(es.percent(0.397)).toBe("39,7\u00a0%");
    expect(es.count(12345)).toBe("12.345");
    expect(es.deltaPp(-0.042)).toBe("\u22124,2\u00a0p. p.");
    expect(es.list(["A", "B"])).toBe("A y B");
  });

  it("plurals follow Intl.PluralRules of the language", () => {
    expect(langOf("de").f.countOf(1, { one: "Antwort", other: "Antworten" })).toBe("1 Antwort");
    expect(langOf("de").f.countOf(2, { one: "Antwort", other: "Antworten" })).toBe("2 Antworten");
    // French counts 0 as singular, English as plural.
    expect(langOf("fr").f.countOf(0, { one: "réponse", other: "réponses" })).toBe("0 réponse");
    expect(ENGLISH.f.countOf(0, { one: "answer", other: "answers" })).toBe("0 answers");
  });
});
