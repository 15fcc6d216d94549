import type { PreviewFailure } from "./failure.js";

/**
 * The pages the preview serves: the report as the HTML backend wrote it, with a few lines of
 * script that reload it when the server says it was rebuilt; or, when it could not be, an error
 * page naming the file and line. The script is added here, to the served copy only: a report
 * file written by `generate` never holds one (docs/preview.md).
 */

/** Where the page listens for rebuilds (Server-Sent Events). */
export const EVENTS_PATH = "/events";

/** What a served page needs to reload itself. */
export interface ReloadHook {
  /** The nonce the page's Content-Security-Policy allows its one script by (fresh per response). */
  nonce: string;
  /** The rebuild the page shows: the server sends "reload" at once if it has a later one. */
  version: number;
}

/**
 * The Content-Security-Policy of a served page: the report's own (nothing but `data:` images and
 * fonts, inline styles), plus the reload script by its nonce and its connection to the server.
 */
export function previewCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "img-src data:",
    "font-src data:",
    "style-src 'unsafe-inline'",
    `script-src 'nonce-${nonce}'`,
    "connect-src 'self'",
  ].join("; ");
}

/** The script: reload when the server announces a rebuild later than the one shown. */
function reloadScript(hook: ReloadHook): string {
  const url = JSON.stringify(`${EVENTS_PATH}?v=${hook.version}`);
  return `<script nonce="${hook.nonce}">new EventSource(${url}).addEventListener("reload", () => location.reload());</script>`;
}

const CSP_META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/i;

/**
 * The report's HTML as served: its Content-Security-Policy (which allows no script) replaced by
 * the preview's, and the reload script at the end of the body.
 */
export function withReload(html: string, hook: ReloadHook): string {
  const csp = `<meta http-equiv="Content-Security-Policy" content="${previewCsp(hook.nonce)}">`;
  const page = CSP_META.test(html) ? html.replace(CSP_META, () => csp) : html;
  const end = page.lastIndexOf("</body>");
  const script = reloadScript(hook);
  return end === -1 ? page + script : `${page.slice(0, end)}${script}\n${page.slice(end)}`;
}

/** `text` safe inside HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

const ERROR_CSS = `
body { font: 16px/1.5 "Noto Sans", sans-serif; margin: 2.5rem auto; max-width: 60rem; padding: 0 1.5rem; color: #1d2330; }
h1 { font-size: 1.4rem; color: #b42318; }
.where { font-weight: 600; }
pre { background: #f4f5f7; padding: 1rem; overflow-x: auto; white-space: pre-wrap; }
table.excerpt { border-collapse: collapse; width: 100%; font-family: "Noto Sans Mono", monospace; font-size: 0.9rem; }
table.excerpt td { padding: 0 0.75rem; white-space: pre; }
table.excerpt td.n { color: #6b7280; text-align: right; width: 3rem; }
table.excerpt tr.at { background: #fde8e7; }
.hint { color: #4b5563; }`;

/**
 * The page shown while the report cannot be rebuilt: what failed, the file and line, the error's
 * message and the lines around it. It reloads like the report, so fixing the file brings the
 * report back.
 */
export function errorPage(failure: PreviewFailure, hook: ReloadHook): string {
  const where =
    failure.file !== undefined
      ? `<p class="where">${escapeHtml(failure.file)}${failure.line !== undefined ? `, line ${failure.line}` : ""}</p>`
      : "";
  const excerpt =
    failure.excerpt && failure.excerpt.length > 0
      ? `<table class="excerpt">${failure.excerpt
          .map(
            (l) =>
              `<tr${l.marked ? ' class="at"' : ""}><td class="n">${l.number}</td><td>${escapeHtml(l.text)}</td></tr>`,
          )
          .join("")}</table>`
      : "";
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${previewCsp(hook.nonce)}">`,
    `<title>Preview error: ${escapeHtml(failure.what)}</title>`,
    `<style>${ERROR_CSS}</style>`,
    "</head>",
    "<body>",
    `<h1>${escapeHtml(failure.what)}: the report cannot be rebuilt</h1>`,
    where,
    `<pre>${escapeHtml(failure.message)}</pre>`,
    excerpt,
    '<p class="hint">Fix the file and save it: this page reloads by itself. The preview keeps running.</p>',
    reloadScript(hook),
    "</body>",
    "</html>",
  ].join("\n");
}
