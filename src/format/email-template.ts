import Handlebars from "handlebars";
import { escapeMarkdown } from "./markdown-escape.js";

/**
 * An agency's own subject and body for report emails (config `email.subject` / `email.body`,
 * docs/email.md): Handlebars templates over the variables below, compiled in strict mode so a
 * misspelt variable is an error, never an empty gap in a client's email.
 */
export interface EmailTemplates {
  subject?: string;
  body?: string;
}

/** A headline number of the report, as the report's KPI card prints it. */
export interface EmailKpi {
  label: string;
  value: string;
  /**
   * The change as the card reads: "+5.0 pp vs 30.0%", "+200 vs 21,400", with "no significant
   * change" when so; empty when the card shows none (no previous figure).
   */
  change: string;
}

/** What a template can use. */
export interface EmailVars {
  project: string;
  /** The period as the report names it ("1–31 October 2026"). */
  period: string;
  agency: string;
  /** The executive summary's first sentence ("" without findings). */
  headline: string;
  findings: string[];
  /** Mention rate, citation rate, share of voice: `{{#each kpis}}{{label}}: {{value}}{{#if change}} ({{change}}){{/if}}{{/each}}`. */
  kpis: EmailKpi[];
}

/** The variables a template may name, with made-up values to check templates against. */
export const SAMPLE_VARS: EmailVars = {
  project: "Acme",
  period: "1–31 October 2026",
  agency: "Northwind Digital",
  headline: "Mention rate rose from 30.0% to 35.0%.",
  findings: ["Mention rate rose from 30.0% to 35.0%."],
  kpis: [{ label: "Mention rate", value: "35.0%", change: "+5.0 pp vs 30.0%" }],
};

const oneLine = (s: string): string => s.replace(/[\r\n\t]+/g, " ").trim();

function mapVars(vars: EmailVars, f: (s: string) => string): EmailVars {
  return {
    project: f(vars.project),
    period: f(vars.period),
    agency: f(vars.agency),
    headline: f(vars.headline),
    findings: vars.findings.map(f),
    kpis: vars.kpis.map((k) => ({ label: f(k.label), value: f(k.value), change: f(k.change) })),
  };
}

// Values are escaped by us for where they land (a one-line subject, a Markdown body), not as HTML.
const compile = (template: string) => Handlebars.compile(template, { strict: true, noEscape: true });

/** The subject: the template over one-line values, itself made one line. */
export function renderSubject(template: string, vars: EmailVars): string {
  return oneLine(compile(template)(mapVars(vars, oneLine)));
}

/**
 * The body as Markdown: the template is the agency's Markdown; every value put into it is
 * escaped (a project named `**x**` prints as written).
 */
export function renderBody(template: string, vars: EmailVars): string {
  return compile(template)(mapVars(vars, (s) => escapeMarkdown(oneLine(s))));
}

/** The body as plain text (an email's text part): the template over the values as they are, one line each. */
export function renderBodyText(template: string, vars: EmailVars): string {
  return compile(template)(mapVars(vars, oneLine));
}

/**
 * Why `template` cannot be used, or null: a syntax error or a variable that is not one of
 * EmailVars (strict mode), found by rendering it once over sample values.
 */
export function templateProblem(template: string): string | null {
  try {
    compile(template)(SAMPLE_VARS);
    return null;
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "invalid template";
  }
}
