/**
 * The preview's rebuild without a browser: the report's HTML as the HTML backend writes it (no
 * script in it), the served copy with its reload script under a nonce, and each kind of bad input
 * described with its file and line for the error page.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import Handlebars from "handlebars";
import { beforeAll, describe, expect, it } from "vitest";
import { periodLine } from "../../src/config/period-notes.js";
import { reportPeriod } from "../../src/pipeline/report-period.js";
import { buildPreview, type PreviewBuild } from "../../src/preview/build.js";
import { describeFailure } from "../../src/preview/failure.js";
import { errorPage, previewCsp, withReload } from "../../src/preview/page.js";
import { PACKAGE_TEMPLATES } from "../../src/render/html/templates.js";
import { tempDir } from "../_tmp.js";
import { smallReportData } from "../fixtures/report-data.js";

function failed(build: PreviewBuild) {
  if (build.ok) throw new Error("expected the rebuild to fail");
  return build.failure;
}

describe("buildPreview", () => {
  const dir = tempDir("preview-build");
  let config: string;
  beforeAll(async () => {
    config = join(dir, "vreport.config.json");
    await writeFile(config, '{ "agencyName": "Northwind Agency", "notes": "notes.md" }\n');
    // The config's notes are read by the report of the period their first line names (docs/notes.md).
    const { period } = reportPeriod(smallReportData());
    await writeFile(join(dir, "notes.md"), `${periodLine(period)}\n## trend\n\nThe config's note.\n`);
  });

  it("builds the HTML report from the fixture data and the config's notes, with no script in it", async () => {
    const build = await buildPreview({ data: smallReportData(), configPath: config });
    if (!build.ok) throw new Error(build.failure.message);
    expect(build.html).toContain("The config's note.");
    expect(build.html).toContain("Northwind Agency");
    expect(build.html).not.toMatch(/<script/i);
    expect(build.html).toContain(
      "content=\"default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'\"",
    );
    // What the next edit may touch: the config, the notes it names, the templates.
    expect(build.inputs.sort()).toEqual([config, join(dir, "notes.md"), PACKAGE_TEMPLATES].sort());
  });

  it("lets --notes win over the config's notes, and watches both the config and the flag's file", async () => {
    const flag = join(dir, "flag-notes.md");
    await writeFile(flag, "## trend\n\nThe flag's note.\n");
    const build = await buildPreview({ data: smallReportData(), configPath: config, notesPath: flag });
    if (!build.ok) throw new Error(build.failure.message);
    expect(build.html).toContain("The flag's note.");
    expect(build.html).not.toContain("The config's note.");
    expect(build.inputs).toContain(flag);
  });

  it("shows the config's theme (docs/templates.md) and watches its templates folder and stylesheet", async () => {
    const themed = join(dir, "themed.config.json");
    await mkdir(join(dir, "look"), { recursive: true });
    await writeFile(join(dir, "look/theme.css"), ".cover { color: rebeccapurple; }\n");
    await writeFile(themed, '{ "templatesDir": "look", "css": "look/theme.css" }\n');
    const build = await buildPreview({ data: smallReportData(), configPath: themed });
    if (!build.ok) throw new Error(build.failure.message);
    expect(build.html).toContain(".cover { color: rebeccapurple; }");
    expect(build.inputs).toEqual(expect.arrayContaining([join(dir, "look"), join(dir, "look/theme.css")]));
  });

  it("describes a change log's error with its file and line", async () => {
    const changes = join(dir, "changes.csv");
    await writeFile(changes, "date,label\n2026-10-30,New FAQ page\n2026-13-01,Oops\n");
    const failure = failed(
      await buildPreview({ data: smallReportData(), configPath: config, changesPath: changes }),
    );
    expect(failure).toMatchObject({ what: "Change log", file: resolve(changes), line: 3 });
    expect(failure.message).toBe(
      `changes file ${resolve(changes)}, line 3, date: "2026-13-01" is not a date YYYY-MM-DD`,
    );
    expect(failure.excerpt).toEqual([
      { number: 1, text: "date,label", marked: false },
      { number: 2, text: "2026-10-30,New FAQ page", marked: false },
      { number: 3, text: "2026-13-01,Oops", marked: true },
      { number: 4, text: "", marked: false },
    ]);
  });

  it("describes a config file with a bad value by its file (the field is in the message)", async () => {
    const bad = join(dir, "bad.config.json");
    await writeFile(bad, '{ "accentColor": "red" }\n');
    const failure = failed(await buildPreview({ data: smallReportData(), configPath: bad }));
    expect(failure).toMatchObject({ what: "Config file", file: bad });
    expect(failure.message).toBe(`config file ${bad}: accentColor: must be a colour like #2f6fed`);
  });

  it("describes a template that does not parse with its file and line", async () => {
    const templates = join(dir, "templates");
    await mkdir(join(templates, "partials"), { recursive: true });
    await writeFile(
      join(templates, "partials", "note.hbs"),
      '<div class="note">\n{{#if body}}\n{{body}}\n</div>\n',
    );
    const failure = failed(
      await buildPreview({ data: smallReportData(), configPath: config, templateDirs: [templates] }),
    );
    expect(failure).toMatchObject({
      what: "Template",
      file: join(templates, "partials", "note.hbs"),
      line: 5,
    });
    expect(failure.message).toMatch(/^template .*note\.hbs, line 5: syntax error:\n[\s\S]*Expecting/);
  });
});

describe("describeFailure", () => {
  it("calls a Handlebars error at render time (strict mode) a template's, with its line", async () => {
    let thrown: unknown;
    try {
      Handlebars.create().compile("<p>\n{{nope}}</p>", { strict: true })({});
    } catch (err) {
      thrown = err;
    }
    expect(await describeFailure(thrown, "/nowhere/vreport.config.json")).toEqual({
      what: "Template",
      line: 2,
      message: '"nope" not defined in [object Object] - 2:2',
    });
  });

  it("calls anything else the report's, with its message", async () => {
    expect(await describeFailure(new Error("boom"), "/nowhere/vreport.config.json")).toEqual({
      what: "Report",
      message: "boom",
    });
  });
});

describe("the served pages", () => {
  const hook = { nonce: "bm9uY2U=", version: 7 };

  it("adds the reload script under a nonce to the report, and the nonce and the server to its policy", () => {
    const report =
      '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'none\'"></head><body><p>x</p></body></html>';
    expect(withReload(report, hook)).toBe(
      `<html><head><meta http-equiv="Content-Security-Policy" content="${previewCsp(hook.nonce)}"></head><body><p>x</p>` +
        '<script nonce="bm9uY2U=">new EventSource("/events?v=7").addEventListener("reload", () => location.reload());</script>\n' +
        "</body></html>",
    );
    expect(previewCsp(hook.nonce)).toBe(
      "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'; script-src 'nonce-bm9uY2U='; connect-src 'self'",
    );
  });

  it("escapes the error's text, file name and lines", () => {
    const page = errorPage(
      {
        what: "Notes file",
        file: "notes/<b>.md",
        line: 2,
        message: 'notes file notes/<b>.md, line 2: unknown section "<script>"',
        excerpt: [{ number: 2, text: "## <script>", marked: true }],
      },
      hook,
    );
    expect(page).toContain('<p class="where">notes/&lt;b&gt;.md, line 2</p>');
    expect(page).toContain(
      "<pre>notes file notes/&lt;b&gt;.md, line 2: unknown section &quot;&lt;script&gt;&quot;</pre>",
    );
    expect(page).toContain('<tr class="at"><td class="n">2</td><td>## &lt;script&gt;</td></tr>');
    expect(page.match(/<script/g)).toHaveLength(1);
  });
});
