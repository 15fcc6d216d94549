import { list as englishList } from "../human.js";

/** The typographic minus of every signed figure (docs/architecture.md, "Output conventions"). */
const MINUS = "\u2212";

/**
 * What a language writes around its figures besides what `Intl` knows: the unit of a change in
 * percentage points ("pp", "Pp."), and whether dates keep the ISO form (English, as every report
 * before translations did) or take the locale's (01.11.2026). docs/i18n.md.
 */
export interface FigureStyle {
  /** The unit after a change of rates: "+4.2 pp". */
  pp: string;
  /**
   * Dates as YYYY-MM-DD and periods by the API's English labels ("October 2025") (true), or in
   * the locale's forms, 01.11.2026 and "Oktober 2025" (false).
   */
  isoDates: boolean;
  /** "A, B and C" without the serial comma that Intl's en-US list has (English reports never had it). */
  englishLists: boolean;
}

/**
 * Every figure of a report's text in one locale, through `Intl` (de-DE writes "39,7 %" and
 * "12.345"): percentages with one decimal, changes with a sign and a typographic minus, counts
 * with the locale's grouping. A value that would print as −0.0 prints as 0.0, and every change is
 * formatted from its unrounded value (docs/architecture.md, "Output conventions"). For en-US the
 * output is the one `format/figures.ts` always gave (the golden files pin it).
 */
export class Figures {
  private readonly percentFormat: Intl.NumberFormat;
  private readonly countFormat: Intl.NumberFormat;
  private readonly decimalFormat: Intl.NumberFormat;
  private readonly smallFormat: Intl.NumberFormat;
  private readonly dateFormat: Intl.DateTimeFormat;
  private readonly weekdayFormat: Intl.DateTimeFormat;
  private readonly listFormat: Intl.ListFormat;
  private readonly pluralRules: Intl.PluralRules;

  constructor(
    /** The BCP 47 locale the figures are written in (de-DE). */
    readonly locale: string,
    /** What the language writes around its figures (the unit of percentage points, date forms). */
    readonly style: FigureStyle,
  ) {
    this.percentFormat = new Intl.NumberFormat(locale, {
      style: "percent",
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    this.countFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.decimalFormat = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    this.smallFormat = new Intl.NumberFormat(locale, { maximumSignificantDigits: 1 });
    this.dateFormat = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      timeZone: "UTC",
    });
    this.weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
    this.listFormat = new Intl.ListFormat(locale, { type: "conjunction" });
    this.pluralRules = new Intl.PluralRules(locale);
  }

  /** The sign of a figure rounded to one decimal: none for a value that rounds to 0 (never "−0.0"). */
  private sign(value: number, plus: boolean): string {
    if (Number(Math.abs(value).toFixed(1)) === 0) return "";
    return value < 0 ? MINUS : plus ? "+" : "";
  }

  /** A fraction as a percentage with one decimal: 0.397 → "39.7%" (en-US), "39,7 %" (de-DE). */
  percent(value: number): string {
    return this.sign(value * 100, false) + this.percentFormat.format(Math.abs(value));
  }

  /** A number with one decimal: 2.5 → "2.5", "2,5". */
  decimal(value: number): string {
    return this.sign(value, false) + this.decimalFormat.format(Math.abs(value));
  }

  /**
   * A difference of fractions in percentage points: 0.042 → "+4.2 pp" (en), "+4,2 Pp." (de). The
   * space is a no-break space, so a line never breaks between the number and its unit.
   */
  deltaPp(value: number): string {
    return `${this.signedPoints(value)}\u00a0${this.style.pp}`;
  }

  /** The signed number of points alone: 0.042 → "+4.2". */
  signedPoints(value: number): string {
    return this.sign(value * 100, true) + this.decimalFormat.format(Math.abs(value * 100));
  }

  /**
   * A bound of a change's 95 % interval in signed points: as `signedPoints`, except that a bound
   * that is not zero never reads "0.0", which would seem to touch zero and contradict
   * "significant": 0.00034 → "+0.03" (its first significant digit).
   */
  boundPoints(value: number): string {
    const points = value * 100;
    if (points === 0 || Math.abs(points) >= 0.05) return this.signedPoints(value);
    return (points < 0 ? MINUS : "+") + this.smallFormat.format(Math.abs(points));
  }

  /** `boundPoints` with the unit: the upper bound of "95% interval +0.03 to +3.1 pp". */
  boundPp(value: number): string {
    return `${this.boundPoints(value)}\u00a0${this.style.pp}`;
  }

  /** A count with the locale's grouping: 12345 → "12,345", "12.345", "12 345". */
  count(value: number): string {
    const r = Math.round(value);
    return (r < 0 ? MINUS : "") + this.countFormat.format(Math.abs(r));
  }

  /** A signed count: 12 → "+12", −3 → "−3", 0 → "0". */
  deltaCount(value: number): string {
    const r = Math.round(value);
    return r > 0 ? `+${this.count(r)}` : this.count(r);
  }

  /** The weekday of a calendar day (YYYY-MM-DD) in the language: "Sunday", "Sonntag". */
  weekday(day: string): string {
    return this.weekdayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
  }

  /** A calendar day (YYYY-MM-DD…) as the language writes it; anything else as it is. */
  date(value: string): string {
    const day = value.slice(0, 10);
    if (this.style.isoDates || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
    const at = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(at.getTime()) ? day : this.dateFormat.format(at);
  }

  /**
   * A period's name: the API's label in English; otherwise the month ("Oktober 2025"), the
   * quarter ("Q4 2025") or the range of days ("1.–15. Oktober 2025") by Intl.
   */
  periodLabel(label: string, start: string, end: string): string {
    const s = /^(\d{4})-(\d{2})-(\d{2})$/.exec(start);
    const e = /^(\d{4})-(\d{2})-(\d{2})$/.exec(end);
    if (this.style.isoDates || !s || !e) return label;
    const from = new Date(`${start}T00:00:00Z`);
    const to = new Date(`${end}T00:00:00Z`);
    const lastOfMonth = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
    const wholeMonths = s[3] === "01" && to.getUTCDate() === lastOfMonth && s[1] === e[1];
    const months = Number(e[2]) - Number(s[2]);
    if (wholeMonths && months === 0)
      return new Intl.DateTimeFormat(this.locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
        from,
      );
    if (wholeMonths && months === 2 && (Number(s[2]) - 1) % 3 === 0)
      return `Q${(Number(s[2]) - 1) / 3 + 1} ${s[1]}`;
    return new Intl.DateTimeFormat(this.locale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).formatRange(from, to);
  }

  /** "A, B and C" in the language (Intl.ListFormat; English keeps the reports' list without a serial comma). */
  list(names: readonly string[]): string {
    return this.style.englishLists ? englishList(names) : this.listFormat.format(names);
  }

  /** `text` opening a sentence: its first letter upper case in the language. */
  sentenceStart(text: string): string {
    return text.charAt(0).toLocaleUpperCase(this.locale) + text.slice(1);
  }

  /** The plural category of `n` in the language (Intl.PluralRules): "one", "other", "many"… */
  plural(n: number): Intl.LDMLPluralRule {
    return this.pluralRules.select(Math.round(n));
  }

  /** The form of a noun `n` asks for: `forms.one` when the language's rules say "one", else `forms.other`. */
  noun(n: number, forms: Plural): string {
    const category = this.plural(n);
    return forms[category] ?? (category === "one" ? forms.one : forms.other);
  }

  /** A count and its noun: countOf(2, {one: "prompt", other: "prompts"}) → "2 prompts". */
  countOf(n: number, forms: Plural): string {
    return `${this.count(n)} ${this.noun(n, forms)}`;
  }
}

/** A noun's forms by plural category; `one` and `other` are required, the rest (French "many") optional. */
export type Plural = { one: string; other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;
