/**
 * Template and theme overrides (docs/templates.md): an agency's templates
 * folder overrides the package's templates file by file, its stylesheet comes after ours, its
 * font is used (a font file embedded); a broken template is an error naming its file and line,
 * and the run writes nothing. The worked example (examples/templates/cover.hbs) shows in the PDF
 * (real Chromium, read back with pdftotext and pdffonts) and in the HTML. No element of an agency's
 * templates navigates or reaches outside the document (docs/templates.md, "What a template can and
 * cannot do"): a meta refresh, base or link is cut out, and the package's policy stays first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliError, EXIT } from "../../src/cli/errors.js";
import { toCliError } from "../../src/cli/to-cli-error.js";
import type { Theme } from "../../src/config/theme.js";
import { applyReport } from "../../src/pipeline/apply.js";
import { backend as htmlBackend } from "../../src/render/backends/html/backend.js";
import { closeBrowser, getBrowser } from "../../src/render/backends/pdf/_browser.js";
import { backend as pdf } from "../../src/render/backends/pdf/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { REPORT_CSP } from "../../src/render/html/document-guard.js";
import { TemplateError } from "../../src/render/html/template-error.js";
import type { ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { HOSTILE, sampleView } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";
import { pdfFonts, pdfPages, squash } from "./_pdf-tools.js";

const EXAMPLES = join(import.meta.dirname, "../../examples");
/** A font of Debian's fonts-noto-core (the bootstrap installs it) that the report itself never uses. */
const SERIF = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf";

const root = tempDir("templates");

/** A templates folder holding `files` (relative name → text). */
async function templatesDir(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

function themed(theme: Theme): ReportView {
  const view = sampleView();
  view.branding.theme = theme;
  return view;
}

/** The error `fn` throws. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error");
}

afterAll(async () => {
  await closeBrowser();
});

describe("the cover's band", () => {
  const band = (footerText?: string) => {
    const view = sampleView();
    view.branding = {
      ...view.branding,
      agencyName: "Northwind Digital",
      ...(footerText ? { footerText } : {}),
    };
    const html = renderHtml(view, {}, "cover");
    const at = html.indexOf('<div class="cover__band">');
    return html.slice(at, html.indexOf("</div>", at));
  };

  it("says who prepared the report once: the agency's footer line, when it names the agency", () => {
    expect(band("Confidential: prepared by Northwind Digital")).not.toContain("Prepared by");
    expect(band("Confidential: prepared by Northwind Digital")).toContain(
      "Confidential: prepared by Northwind Digital",
    );
    // A footer line about something else keeps "Prepared by …" beside it.
    expect(band("Confidential — prepared for Acme")).toContain("Prepared by Northwind Digital");
    expect(band()).toContain("Prepared by Northwind Digital");
  });
});

describe("the stylesheets in the document", () => {
  it("ship without their comments: a client's HTML report holds no notes for whoever edits the CSS", () => {
    for (const medium of ["print", "screen"] as const) {
      const html = renderHtml(sampleView(), {}, "whole", medium);
      expect(html).toContain("break-inside: avoid");
      expect(html).not.toMatch(/\/\*/);
    }
  });
});

describe("a templates folder", () => {
  it("overrides only the files it has; the rest are the package's", async () => {
    const dir = await templatesDir("partial", {
      "cover.hbs": '<header class="cover">Our own cover for {{brand}}</header>',
      "partials/paragraph.hbs": '<p class="paragraph own-paragraph">{{text}}</p>',
    });
    const html = renderHtml(themed({ templatesDir: dir }));
    expect(html).toContain(`Our own cover for ${HOSTILE.brand.replace("&", "&amp;")}`);
    expect(html).not.toContain('class="cover__facts"'); // the package's cover is not there
    expect(html).toContain('class="paragraph own-paragraph"');
    // Falls back: the package's layout, contents and other partials.
    expect(html).toContain('<nav class="toc">');
    expect(html).toContain('<table class="data');
    expect(html).toContain('<div class="kpis">');
  });

  it("is compiled per folder: each view gets its own folder's templates, or the package's", async () => {
    const a = await templatesDir("a", { "cover.hbs": "<header>Cover A</header>" });
    const b = await templatesDir("b", { "cover.hbs": "<header>Cover B</header>" });
    expect(renderHtml(themed({ templatesDir: a }))).toContain("Cover A");
    expect(renderHtml(themed({ templatesDir: b }))).toContain("Cover B");
    const plain = renderHtml(sampleView());
    expect(plain).toContain('class="cover__facts"');
    expect(plain).not.toMatch(/Cover [AB]/);
  });

  it("an unknown variable is an error naming the file and the line", async () => {
    const dir = await templatesDir("unknown", {
      "cover.hbs": "<header>\n  {{title}}\n  {{subtitle}}\n</header>",
    });
    const err = thrown(() => renderHtml(themed({ templatesDir: dir })));
    expect(err).toBeInstanceOf(TemplateError);
    expect((err as TemplateError).message).toBe(
      `template ${join(dir, "cover.hbs")}, line 3: unknown variable "subtitle"`,
    );
  });

  it("an error in a partial names the partial, not the layout that includes it", async () => {
    const dir = await templatesDir("nested", { "partials/notice.hbs": '<p class="notice">\n{{txet}}</p>' });
    const view = themed({ templatesDir: dir });
    view.sections[0]!.blocks.push({ kind: "notice", text: "A notice" });
    const err = thrown(() => renderHtml(view)) as TemplateError;
    expect([err.file, err.line, err.reason]).toEqual([
      join(dir, "partials/notice.hbs"),
      2,
      'unknown variable "txet"',
    ]);
  });

  it("a syntax error names the file and the line, even in a partial no block uses", async () => {
    const dir = await templatesDir("syntax", {
      "partials/quote.hbs": "<figure>\n{{title}}\n{{#each segments}}{{text}}",
    });
    const view = themed({ templatesDir: dir });
    view.sections = view.sections.map((s) => ({ ...s, blocks: s.blocks.filter((b) => b.kind !== "quote") }));
    const err = thrown(() => renderHtml(view)) as TemplateError;
    expect(err).toBeInstanceOf(TemplateError);
    expect(err.file).toBe(join(dir, "partials/quote.hbs"));
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/^template \S+quote\.hbs, line 3: syntax error:/);
  });

  it("a broken template fails the run with a config error (exit 2) and writes nothing", async () => {
    const dir = await templatesDir("broken", { "toc.hbs": "{{contents}}" });
    const out = join(root, "out-broken");
    const err = await applyReport(themed({ templatesDir: dir }), [htmlBackend, pdf], out).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TemplateError);
    expect(await readdir(out)).toEqual([]);
    const cli = toCliError(err);
    expect(cli).toBeInstanceOf(CliError);
    expect((cli as CliError).exitCode).toBe(EXIT.usage);
    expect((cli as CliError).message).toBe(
      `template ${join(dir, "toc.hbs")}, line 1: unknown variable "contents"`,
    );
  });
});

describe("the theme's stylesheet and font", () => {
  it("puts the agency's stylesheet after ours, where it wins over a rule of the same weight", async () => {
    const css = ".kpi__label { color: rgb(1, 2, 3); }\n/* </style><script>alert(1)</script> */";
    for (const medium of ["print", "screen"] as const) {
      const html = renderHtml(themed({ css }), {}, "whole", medium);
      const style = html.slice(html.indexOf("<style>"), html.indexOf("</style>"));
      expect(style.indexOf("rgb(1, 2, 3)")).toBeGreaterThan(style.indexOf(".kpi__label {")); // print.css's rule
      if (medium === "screen")
        expect(style.indexOf("rgb(1, 2, 3)")).toBeGreaterThan(style.indexOf("@media screen"));
      // It cannot end the style element: the only script-like text is the escaped comment.
      expect(html).not.toContain("</style><script>");
      const page = await (await getBrowser()).newPage();
      try {
        await page.setJavaScriptEnabled(false);
        await page.setContent(html);
        const color = await page.$eval(".kpi__label", (el) => getComputedStyle(el).color);
        expect(color, medium).toBe("rgb(1, 2, 3)");
        expect(await page.$$("script")).toHaveLength(0);
      } finally {
        await page.close();
      }
    }
  });

  it("embeds a font file in the PDF (pdffonts lists it, embedded) and the HTML (a data: URI)", async () => {
    const data = new Uint8Array(await readFile(SERIF));
    const theme: Theme = { font: { file: { name: SERIF, mime: "font/ttf", format: "truetype", data } } };
    const [file] = await writeWith(pdf, themed(theme), join(root, "font-file"));
    const fonts = pdfFonts(file!);
    expect(fonts.filter((f) => /NotoSerif/.test(f.name))).not.toEqual([]);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    const html = renderHtml(themed(theme), {}, "whole", "screen");
    expect(html).toContain(
      `src: url(data:font/ttf;base64,${Buffer.from(data).toString("base64").slice(0, 40)}`,
    );
  });

  it("uses an installed family by name", async () => {
    const [file] = await writeWith(
      pdf,
      themed({ font: { family: "Noto Serif" } }),
      join(root, "font-family"),
    );
    expect(pdfFonts(file!).filter((f) => /NotoSerif/.test(f.name))).not.toEqual([]);
  });
});

it("docs/templates.md documents every file of templates/", () => {
  const docs = readFileSync(join(import.meta.dirname, "../../docs/templates.md"), "utf8");
  const files = readdirSync(join(import.meta.dirname, "../../templates"), {
    recursive: true,
    withFileTypes: true,
  })
    .filter((f) => f.isFile())
    .map((f) => f.name);
  expect(files.length).toBeGreaterThanOrEqual(13);
  for (const name of files) expect(docs, name).toContain(`\`${name}\``);
});

describe("the worked example (docs/templates.md): a different cover", () => {
  let theme: Theme;
  beforeAll(async () => {
    theme = {
      templatesDir: join(EXAMPLES, "templates"),
      css: await readFile(join(EXAMPLES, "theme.css"), "utf8"),
    };
  });

  it("shows in the PDF, on the cover page only", async () => {
    const [file] = await writeWith(pdf, themed(theme), join(root, "example-pdf"));
    const pages = pdfPages(file!).map(squash);
    // Letter-spaced capitals come back from pdftotext as "P R E PA R E D".
    const spaced = (text: string) => text.replace(/\s/g, "");
    expect(spaced(pages[0]!)).toContain("PREPAREDFOR");
    expect(pages[0]).toContain(`By Northwind Digital · Confidential — prepared for Acmé`);
    expect(spaced(pages[0]!)).not.toContain("PREVIOUSPERIOD"); // the package's cover facts
    expect(pages[1]).toContain("Contents");
    expect(spaced(pages.slice(1).join(" "))).not.toContain("PREPAREDFOR");
  });

  it("shows in the HTML", async () => {
    const [file] = await writeWith(htmlBackend, themed(theme), join(root, "example-html"));
    const html = await readFile(file!, "utf8");
    expect(html).toContain('<header class="cover cover--split">');
    expect(html).toContain('<p class="split__for">Prepared for</p>');
    expect(html).toContain(".split__band {");
  });
});

const POLICY = `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`;

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
      const html = renderHtml(themed({ templatesDir: dir }), {}, "whole", medium);
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
    expect(renderHtml(themed({ templatesDir: dir }), {}, "whole", "screen")).toBe(
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
      const caught = thrown(() => renderHtml(themed({ templatesDir: dir }), {}, "whole", "screen"));
      expect(caught).toBeInstanceOf(TemplateError);
      expect((caught as Error).message).toBe(
        `template ${join(dir, "layout.hbs")}: the document must keep <meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}"> before any other element of its head (docs/templates.md)`,
      );
    }
  });
});
