import { kindOf, periodLabel } from "../../contract/calendar-periods.js";
import { de } from "./de.js";
import type { Catalogue } from "./en.js";
import { en, type Messages } from "./en.js";
import { es } from "./es.js";
import { Figures } from "./figures.js";
import { fr } from "./fr.js";

export type { Catalogue, DoneWindow, Messages } from "./en.js";
export { en } from "./en.js";
export { Figures, type Plural } from "./figures.js";

/** Every language a report can be written in: adding one is one file and one entry here (docs/i18n.md). */
export const CATALOGUES: readonly Catalogue[] = [en, de, fr, es];

/** The language codes, in the order of `CATALOGUES` ("en, de, fr, es" in errors and help). */
export const LANGUAGES: readonly string[] = CATALOGUES.map((c) => c.language);

/** A report's language: its locale, figures (Intl) and messages. */
export interface Lang {
  /** The BCP 47 locale figures are written in (de-DE), also the PDF's `lang`. */
  locale: string;
  language: string;
  f: Figures;
  m: Messages;
}

/** The catalogue of a locale's language ("de-AT" → German), or undefined when there is none. */
function catalogueOf(locale: string): Catalogue | undefined {
  const language = locale.split(/[-_]/)[0]?.toLowerCase();
  return CATALOGUES.find((c) => c.language === language);
}

/** True when a report can be written in `locale` (a catalogue exists for its language). */
export function isSupportedLocale(locale: string): boolean {
  return catalogueOf(locale) !== undefined && isIntlLocale(locale);
}

function isIntlLocale(locale: string): boolean {
  try {
    return Intl.getCanonicalLocales(locale).length === 1;
  } catch {
    return false;
  }
}

const cache = new Map<string, Lang>();

/**
 * The language of `locale` ("de-DE", "fr", "es-MX"): a language alone takes its catalogue's
 * default locale for figures. An unsupported locale is the caller's error to refuse (config and
 * `--locale` validate it); here it falls back to English so a view can always be drawn.
 */
export function langOf(locale: string | undefined): Lang {
  const key = locale ?? en.defaultLocale;
  const known = cache.get(key);
  if (known) return known;
  const found = isIntlLocale(key) ? catalogueOf(key) : undefined;
  const catalogue = found ?? en;
  // "de" alone writes figures as de-DE does; "de-AT" as Austria does; an unknown locale as en-US.
  const tag = found === undefined ? en.defaultLocale : key.includes("-") ? key : catalogue.defaultLocale;
  const f = new Figures(tag, catalogue.style);
  const lang: Lang = { locale: tag, language: catalogue.language, f, m: catalogue.messages(f) };
  cache.set(key, lang);
  return lang;
}

/** English, the language of every report that names none. */
export const ENGLISH: Lang = langOf(en.defaultLocale);

/** A part of the data a key's scopes leave out (report/fetch.ts), named in the report's language. */
export type MissingPart = keyof Messages["notices"]["parts"];

/**
 * A period in `lang`'s words, as an email names its report: a calendar month or quarter by its
 * name, as the report does ("October 2026", "Q4 2026"), any other period by its days
 * ("2026-10-03 to 2026-11-01", "03.10.2026 bis 01.11.2026"); `mark` wraps the name or each day.
 */
export function periodText(
  lang: Lang,
  period: { start: string; end: string },
  mark: (text: string) => string = (text) => text,
): string {
  const kind = kindOf(period);
  if (kind === "month" || kind === "quarter")
    return mark(lang.f.periodLabel(periodLabel(period), period.start, period.end));
  return lang.m.cover.span(mark(lang.f.date(period.start)), mark(lang.f.date(period.end)));
}
