/**
 * The desk's page (docs/review.md, "The desk"): plain server-rendered HTML, one section per
 * client with its state, who set it and when, and approve and reject forms; a report opened
 * (built) also shows its self-check findings, the report itself in a frame and its period's
 * notes in a form, the others a link that opens them. Every form carries the session's CSRF
 * token. The agency's tool, in English like the CLI.
 */
import { SECTION_KEYS } from "../config/section-keys.js";
import type { ReviewRecord } from "../contract/review.js";
import { escapeHtml as h } from "../preview/page.js";
import type { CycleEntry, CycleReport } from "./cycle.js";

/** What the page shows of one client: its report once opened. */
export interface DeskRow {
  entry: CycleEntry;
  report?: CycleReport;
  review?: ReviewRecord;
}

/** The page's one script: a form is sent once (its button is disabled while the server works). */
function script(nonce: string): string {
  return `<script nonce="${nonce}">for (const f of document.forms) f.addEventListener("submit", () => { for (const b of f.querySelectorAll("button")) b.disabled = true; });</script>`;
}

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 2rem;color:#1f2933}
h1{margin:.2em 0}section{border-top:2px solid #d9e2ec;padding:1rem 0}
.state{display:inline-block;padding:.1em .6em;border-radius:1em;background:#e4e7eb;font-weight:600}
.state[data-state=approved]{background:#c6f7e2}.state[data-state=sent]{background:#bae3ff}.state[data-state=held]{background:#ffe3e3}
.flash{padding:.5rem 1rem;background:#fff3c4;border-radius:.3rem}
iframe{width:100%;height:34rem;border:1px solid #cbd2d9}textarea{width:100%;min-height:9rem;font:13px ui-monospace,monospace}
form{margin:.5rem 0}.actions{display:flex;gap:1rem;align-items:center}`;

/** The Content-Security-Policy of the page: its own styles and one script by nonce, frames of itself. */
export function deskCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src 'nonce-${nonce}'`,
    "frame-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

function hidden(csrf: string): string {
  return `<input type="hidden" name="csrf" value="${h(csrf)}">`;
}

function stateLine(row: DeskRow): string {
  const r = row.review;
  const state = r?.state ?? "draft";
  const who = r ? ` by ${h(r.by)} at ${h(r.at)}` : " (not reviewed yet)";
  const why = r?.reason !== undefined ? ` — reason: ${h(r.reason)}` : "";
  return `<p><span class="state" data-state="${state}">${state}</span>${who}${why}</p>`;
}

function findings(report: CycleReport): string {
  const b = report.build;
  if (!b.ok) return `<p class="failure">The report cannot be built: ${h(b.failure.message)}</p>`;
  const checks = b.checks;
  if (checks.length === 0) return `<p class="findings">Self-check: nothing to resolve.</p>`;
  const items = checks.map((c) => `<li>${h(c.message)} <small>[${h(c.rule)}]</small></li>`).join("");
  return `<p>Self-check findings (${checks.length}):</p><ul class="findings">${items}</ul>`;
}

/** Notes the desk refused: kept in their form, as typed, until saved or the page is left. */
export interface UnsavedNotes {
  projectId: string;
  text: string;
}

/**
 * An opened report: its findings, itself in a frame, its period's notes in a form (`unsaved`: the
 * text the desk refused, shown again for correction rather than the file's).
 */
function opened(report: CycleReport, csrf: string, unsaved?: string): string {
  const { project, notes } = report;
  const id = h(project.id);
  const noteForm =
    notes.file === undefined
      ? `<p>The client's config names no notes file (<code>notes</code>), so there is nothing to edit here.</p>`
      : `<form method="post" action="/notes/${id}">${hidden(csrf)}
<label>Notes of ${h(report.period)} (<code>${h(notes.file)}</code>)<textarea name="notes" spellcheck="true">${h(unsaved ?? notes.text)}</textarea></label>
<p class="hint">Each note goes under a heading naming the section it belongs to: <code>## ${SECTION_KEYS.map(h).join("</code>, <code>## ")}</code> (docs/notes.md).</p>
<button type="submit" name="save">Save notes and rebuild</button></form>`;
  return `${findings(report)}
<iframe title="Report of ${h(project.name)}" src="/report/${id}" sandbox></iframe>
${noteForm}`;
}

function clientSection(row: DeskRow, csrf: string, unsaved?: UnsavedNotes): string {
  const { project } = row.entry;
  const id = h(project.id);
  const sent = row.review?.state === "sent";
  // Built only when opened: a cycle of 200 clients lists at once (docs/review.md).
  const body = row.report
    ? opened(row.report, csrf, unsaved?.projectId === project.id ? unsaved.text : undefined)
    : `<p class="unopened"><a href="/open/${id}" class="open">Open the report</a> (builds it and runs its self-check)</p>`;
  const actions = sent
    ? "<p>Sent: nothing more to decide.</p>"
    : `<div class="actions"><form method="post" action="/approve/${id}">${hidden(csrf)}<button type="submit" name="approve">Approve</button></form>
<form method="post" action="/reject/${id}">${hidden(csrf)}<input name="reason" required placeholder="Why it is held"> <button type="submit" name="reject">Reject</button></form></div>`;
  return `<section id="p-${id}" data-project="${id}"><h2>${h(project.name)}</h2>
${stateLine(row)}${body}
${actions}</section>`;
}

/** The whole page: the cycle's period, a flash message from the last action, one section per client. */
export function deskPage(
  rows: readonly DeskRow[],
  page: { csrf: string; nonce: string; flash?: string; unsaved?: UnsavedNotes },
): string {
  const period = [...new Set(rows.map((r) => r.entry.period))].join(", ");
  const flash = page.flash !== undefined ? `<p class="flash" role="status">${h(page.flash)}</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Review desk ${h(period)}</title>
<style>${STYLE}</style></head><body><h1>Review desk</h1><p>The reports of ${h(period)}: approve to send, reject to hold.</p>
${flash}${rows.map((r) => clientSection(r, page.csrf, page.unsaved)).join("\n")}${script(page.nonce)}</body></html>`;
}

/** The page of a request the desk refuses (no session, a spent token). */
export function refusedPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Review desk</title></head><body><h1>Review desk</h1><p>${h(message)}</p></body></html>`;
}
