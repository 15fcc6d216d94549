/**
 * What an agency's templates cannot do (docs/templates.md, "What a template can and cannot do"):
 * no element of theirs navigates or reaches outside the HTML report (a meta refresh, base, link),
 * and the package's Content-Security-Policy stays in force from the start of the document.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/compose.js";
import { REPORT_CSP } from "../../src/render/html/document-guard.js";
import { TemplateError } from "../../src/render/html/template-error.js";
import type { ReportView } from "../../src/render/types.js";
import { sampleView } from "../fixtures/sample-view.js";

let root: string;

async function templatesDir(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

function themed(templatesDir: string): ReportView {
  const view = sampleView();
  view.branding.theme = { templatesDir };
  return view;
}

const POLICY = `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "vreport-template-guard-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("an agency's templates stay inside the document", () => {
  it("a cover's meta refresh, other meta http-equiv, base and link are removed from the HTML report", async () => {
    const dir = await templatesDir("cover", {
      "cover.hbs": [
        '<section class="cover">',
        '<meta http-equiv="refresh" content="0;url=https://attacker.test/">',
        "<META HTTP-EQUIV=Refresh CONTENT=5>",
        '<meta http-equiv="set-cookie" content="id=1">',
        '<base href="https://attacker.test/">',
        '<link rel="dns-prefetch" href="//attacker.test"><link rel=preconnect href=https://attacker.test>',
        '<meta name="author" content="Northwind">',
        "<h1>Cover of {{project}}</h1>",
        "</section>",
      ].join("\n"),
    });
    for (const medium of ["screen", "print"] as const) {
      const html = renderHtml(themed(dir), {}, "whole", medium);
      expect(html).not.toMatch(/attacker\.test|refresh|set-cookie|<base|<link/i);
      expect(html).toContain('<meta name="author" content="Northwind">');
      expect(html).toContain("<h1>Cover of Acme Analytics</h1>");
      expect(html.split(POLICY)).toHaveLength(2);
    }
  });

  it("cuts only those elements out of the text: the rest of the document is as the templates wrote it", async () => {
    const dir = await templatesDir("layout", {
      "layout.hbs": `<!doctype html><html><head><meta charset="utf-8">${POLICY}<meta http-equiv=refresh content="0;url=https://attacker.test/"><title>t</title></head><body><p>x</p><template><meta http-equiv="refresh" content="1"></template></body></html>`,
    });
    expect(renderHtml(themed(dir), {}, "whole", "screen")).toBe(
      `<!doctype html><html><head><meta charset="utf-8">${POLICY}<title>t</title></head><body><p>x</p><template></template></body></html>`,
    );
  });

  it("a layout without the package's policy first in its head is refused, naming the layout", async () => {
    const missing = await templatesDir("no-policy", {
      "layout.hbs": "<!doctype html><html><head><title>t</title></head><body></body></html>",
    });
    // A stylesheet before the policy would still @import from the network.
    const late = await templatesDir("late-policy", {
      "layout.hbs": `<!doctype html><html><head><style>@import url(https://attacker.test/a.css);</style>${POLICY}</head><body></body></html>`,
    });
    for (const dir of [missing, late]) {
      let caught: unknown;
      try {
        renderHtml(themed(dir), {}, "whole", "screen");
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(TemplateError);
      expect((caught as Error).message).toBe(
        `template ${join(dir, "layout.hbs")}: the document must keep <meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}"> before any other element of its head (docs/templates.md)`,
      );
    }
  });
});
