import MarkdownIt from "markdown-it";
import {
  type EmailTemplates,
  type EmailVars,
  renderBody,
  renderBodyText,
  renderSubject,
} from "../format/email-template.js";
import { humanBytes } from "../format/human.js";
import { ENGLISH, type Lang, langOf, periodText } from "../format/i18n/index.js";
import { escapeMarkdown } from "../format/markdown-escape.js";
import type { Finding } from "../report/model.js";

/** The reporting period an email names: both ends as YYYY-MM-DD. */
export interface EmailPeriod {
  start: string;
  end: string;
}

/** What the message says: project, period, the executive summary and the attached file names. */
export interface EmailContentInput {
  project: string;
  period: EmailPeriod;
  summary: readonly (Pick<Finding, "text"> | string)[];
  files: readonly { filename: string; bytes: number }[];
  /** The agency's own subject and body (config `email`), over `vars`; the built-in ones otherwise. */
  templates?: EmailTemplates;
  vars?: EmailVars;
  /** The report's locale: the built-in subject and body are in its language (default en-US). */
  locale?: string;
}

/** Subject and the three renderings of the body. */
export interface EmailContent {
  subject: string;
  markdown: string;
  html: string;
  text: string;
}

// html: false so any HTML in the data is shown as text; links only from our own Markdown.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

const sentence = (f: Pick<Finding, "text"> | string): string => (typeof f === "string" ? f : f.text);
const oneLine = (s: string): string => s.replace(/[\r\n\t]+/g, " ").trim();

/** "AI visibility report — Acme — 2026-10-03 to 2026-11-01" (one line whatever the project name holds), in `lang`. */
export function reportSubject(project: string, period: EmailPeriod, lang: Lang = ENGLISH): string {
  return `${lang.m.cover.title(oneLine(project))} — ${periodText(lang, period)}`;
}

/** The files list every body ends with, whoever wrote the rest. */
const attachedList = (files: EmailContentInput["files"], lang: Lang): string[] => [
  `## ${lang.m.email.attached}`,
  "",
  ...files.map((f) => `- ${escapeMarkdown(f.filename)} (${humanBytes(f.bytes, lang.locale)})`),
  "",
];

/**
 * Builds the subject, the Markdown body, its HTML (markdown-it, raw HTML off) and a plain-text
 * alternative: the agency's templates where it set them (docs/email.md), else the built-in
 * subject and executive summary.
 */
export function composeReportEmail(input: EmailContentInput): EmailContent {
  const { templates, vars } = input;
  const base = builtIn(input);
  if (!vars || (!templates?.subject && !templates?.body)) return base;
  const subject = templates.subject ? renderSubject(templates.subject, vars) : base.subject;
  if (!templates.body) return { ...base, subject };
  const lang = langOf(input.locale);
  const markdown = [renderBody(templates.body, vars).trimEnd(), "", ...attachedList(input.files, lang)].join(
    "\n",
  );
  // The plain-text part: the agency's words with the values as they are (no Markdown escapes) and
  // the files as the built-in text lists them, never a literal "## Attached".
  const text = [renderBodyText(templates.body, vars).trimEnd(), "", ...attachedText(input.files, lang)].join(
    "\n",
  );
  return { subject, markdown, html: htmlOf(markdown), text };
}

/** The files list of a plain-text body: a line naming them, then one line per file. */
const attachedText = (files: EmailContentInput["files"], lang: Lang): string[] => [
  lang.m.email.attached,
  ...files.map((f) => `- ${oneLine(f.filename)} (${humanBytes(f.bytes, lang.locale)})`),
  "",
];

function htmlOf(markdown: string): string {
  return [
    "<!doctype html>",
    '<html><head><meta charset="utf-8"></head>',
    '<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #1f2933">',
    md.render(markdown),
    "</body></html>",
  ].join("\n");
}

function builtIn(input: EmailContentInput): EmailContent {
  const { project, period } = input;
  const lang = langOf(input.locale);
  const { m } = lang;
  const findings = input.summary
    .map(sentence)
    .map(oneLine)
    .filter((s) => s.length > 0);
  const markdown = [
    `# ${m.cover.title(escapeMarkdown(project))}`,
    "",
    `${m.cover.period}: ${periodText(lang, period, (d) => `**${d}**`)}`,
    "",
    `## ${m.sections.executive_summary}`,
    "",
    ...(findings.length > 0 ? findings.map((f) => `- ${escapeMarkdown(f)}`) : [m.email.noFinding]),
    "",
    ...attachedList(input.files, lang),
  ].join("\n");
  const html = htmlOf(markdown);
  const text = [
    m.cover.title(oneLine(project)),
    `${m.cover.period}: ${periodText(lang, period)}`,
    "",
    m.sections.executive_summary,
    ...(findings.length > 0 ? findings.map((f) => `- ${f}`) : [m.email.noFinding]),
    "",
    ...attachedText(input.files, lang),
  ].join("\n");
  return { subject: reportSubject(project, period, lang), markdown, html, text };
}
