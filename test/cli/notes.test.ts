/**
 * The notes workflow on the command line (docs/notes.md): bad notes stop `generate` with one line
 * and exit 2 before anything runs; `notes init` drafts a file from the report's own sentences,
 * never replacing one without --force; `generate --notes` puts them first in their sections.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCommand } from "../../src/cli/commands/generate.js";
import { notesInitCommand } from "../../src/cli/commands/notes.js";
import { SECTION_KEYS } from "../../src/config/section-keys.js";
import { tempDir } from "../_tmp.js";
import { startTestService, type TestService } from "../jobs/_service.js";
import { NOWHERE, quiet, refused } from "./_refused.js";

describe("generate --notes: bad notes exit 2 before anything runs, nothing written", () => {
  const dir = tempDir("cli-notes");
  let out: string;
  beforeAll(async () => {
    out = join(dir, "out");
  });

  it("an unknown key: one line listing the valid keys", async () => {
    const notes = join(dir, "unknown.md");
    await writeFile(notes, "## executive_summary\nFine.\n\n## cover\nNo.\n");
    await refused(
      generateCommand({ ...NOWHERE, out, notes }, quiet),
      `notes file ${notes}, line 4: unknown section "cover": valid keys are ${SECTION_KEYS.join(", ")}`,
    );
    expect(await readdir(dir)).toEqual(["unknown.md"]);
  });

  it("a missing file: one line naming it", async () => {
    const notes = join(dir, "missing.md");
    await refused(
      generateCommand({ ...NOWHERE, out, notes }, quiet),
      `cannot read notes file ${notes}: no such file`,
    );
  });

  it("the config file's notes, relative to it, are checked the same way", async () => {
    const config = join(dir, "vreport.config.json");
    await writeFile(config, JSON.stringify({ notes: "notes/october.md" }));
    await refused(
      generateCommand({ ...NOWHERE, out, config }, quiet),
      `cannot read notes file ${join(dir, "notes", "october.md")}: no such file`,
    );
    // One client's notes never go to every project of a batch.
    await refused(
      generateCommand({ ...NOWHERE, out, config, allProjects: true }, quiet),
      "the config file's notes: notes are written for one project's report, not for --all-projects; pick the project with --project, or name each client's file with {project} (notes/{project}-{period}.md)",
    );
    await refused(
      generateCommand({ ...NOWHERE, out, notes: config, allProjects: true }, quiet),
      "--notes: notes are written for one project's report, not for --all-projects; pick the project with --project, or name each client's file with {project} (notes/{project}-{period}.md)",
    );
    expect((await readdir(dir)).sort()).toEqual(["unknown.md", "vreport.config.json"]);
  });
});

describe("notes init → generate --notes, against a real service", () => {
  let service: TestService;
  const dir = tempDir("cli-notes-init");
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service?.close();
  });

  const flags = () => ({ baseUrl: service.baseUrl, apiKey: service.apiKey, month: "2025-06" });

  /** The generated Markdown report of June (with these extra flags). */
  async function report(
    out: string,
    extra: { notes?: string; config?: string; draft?: boolean } = {},
  ): Promise<string> {
    const [file] = await generateCommand({ ...flags(), format: "md", out, ...extra }, quiet);
    return readFile(file!.path, "utf8");
  }

  it("drafts one paragraph per section with observations, every sentence one the report prints", async () => {
    const lines: string[] = [];
    const path = await notesInitCommand(
      { ...flags(), out: join(dir, "june.md") },
      { ...quiet, out: (l) => lines.push(l) },
    );
    const text = await readFile(path, "utf8");
    const headings = text.split("\n").filter((l) => l.startsWith("## "));
    expect(headings).toEqual([
      "## executive_summary",
      "## summary",
      "## platforms",
      "## competitors",
      "## opportunities",
      "## content_map",
      "## content",
    ]);
    expect(lines).toEqual([
      `wrote ${path} (Brightwave's 2025-06): notes on executive_summary, summary, platforms, competitors, opportunities, content_map, content; edit them, then generate with --notes ${path} --draft`,
    ]);
    // Traceable: each sentence (escaped as the report escapes it) is in the report without notes;
    // the top opportunity's action is in its table.
    const plain = await report(join(dir, "plain"));
    // The first line names the period the notes are for; the rest are the report's sentences.
    const [first, ...rest] = text.split("\n");
    expect(first).toBe("<!-- period: 2025-06 -->");
    const sentences = rest.filter((l) => l !== "" && !l.startsWith("## "));
    expect(sentences.length).toBeGreaterThan(headings.length);
    for (const s of sentences) {
      const quoted = s.startsWith("For “") ? s.slice(s.indexOf("”: ") + 3) : s;
      expect(plain, s).toContain(quoted);
    }
  });

  it("drafts in the client's own language from the config file", async () => {
    const [first] = service.projects as [{ id: string; name: string }];
    const config = join(dir, "german-client.json");
    await writeFile(config, JSON.stringify({ projects: [{ match: first.name, locale: "de-DE" }] }));
    const path = await notesInitCommand(
      { ...flags(), project: first.id, config, out: join(dir, "juni.md") },
      quiet,
    );
    const text = await readFile(path, "utf8");
    expect(text).toContain("## summary");
    expect(text).toMatch(/Erwähnungsrate/);
    expect(text).not.toMatch(/Mention rate/);
  });

  it("puts the notes first in their sections of the report", async () => {
    const notes = join(dir, "edited.md");
    await writeFile(
      notes,
      "## competitors\n\nWe *expect* Lumora to slow down.\n\n## executive_summary\n\nA calm June.\n",
    );
    const md = (await report(join(dir, "noted"), { notes })).split("\n");
    const noteUnder = (heading: string) => md[md.indexOf(heading) + 2];
    expect([noteUnder("## Executive summary"), noteUnder("## Competitors")]).toEqual([
      "A calm June.",
      "We *expect* Lumora to slow down.",
    ]);
  });

  it("prints only the notes of the report's own period: June never shows October's; a draft without any says so", async () => {
    const config = join(dir, "periods.json");
    await writeFile(config, JSON.stringify({ notes: "periods/{project}-{period}.md" }));
    const june = (extra: { draft?: boolean; config?: string } = {}) =>
      report(join(dir, `june-${Object.keys(extra).join("-")}`), { config, ...extra });
    // notes init drafts the file the June report reads: the config's path for this client and period.
    const drafted = await notesInitCommand({ ...flags(), config }, quiet);
    expect(drafted).toMatch(/periods\/[a-z0-9-]+-2025-06\.md$/);
    await rm(drafted);
    await writeFile(drafted.replace("2025-06", "2025-10"), "## executive_summary\n\nOctober's words.\n");
    const draft = await june({ draft: true });
    expect(draft).not.toContain("October's words.");
    expect(draft).toContain(
      "No commentary yet: no notes are written for this period (2025-06); vreport notes init drafts them.",
    );
    const final = await june();
    expect(final).not.toContain("October's words.");
    expect(final).not.toContain("No commentary yet");
    await writeFile(drafted, "## executive_summary\n\nJune's words.\n");
    expect(await june()).toContain("June's words.");

    // A fixed file is read only by the period its first line names; another period's report warns.
    const fixed = join(dir, "fixed.json");
    await writeFile(fixed, JSON.stringify({ notes: "october.md" }));
    await writeFile(
      join(dir, "october.md"),
      "<!-- period: 2025-10 -->\n## executive_summary\n\nOctober's words.\n",
    );
    const warned: string[] = [];
    const [file] = await generateCommand(
      { ...flags(), format: "md", out: join(dir, "june-fixed"), config: fixed },
      { ...quiet, err: (l) => warned.push(l) },
    );
    expect(await readFile(file!.path, "utf8")).not.toContain("October's words.");
    expect(warned).toContain(
      `notes file ${join(dir, "october.md")} is for 2025-10, not for this report's period 2025-06: not printed`,
    );
    // Named on the command line for this run, another period's notes are an error (exit 2).
    await refused(
      generateCommand(
        { ...flags(), format: "md", out: join(dir, "june-flag"), notes: join(dir, "october.md") },
        quiet,
      ),
      `notes file ${join(dir, "october.md")} is for 2025-10, not for this report's period 2025-06: draft this period's with vreport notes init`,
    );
  });

  it("never replaces a file without --force; the default name carries the period", async () => {
    const path = join(dir, "keep.md");
    await writeFile(path, "## trend\n\nMine.\n");
    await refused(
      notesInitCommand({ ...flags(), out: path }, quiet),
      `${path} exists already: edit it, or pass --force to replace it`,
    );
    expect(await readFile(path, "utf8")).toBe("## trend\n\nMine.\n");
    await notesInitCommand({ ...flags(), out: path, force: true }, quiet);
    expect(await readFile(path, "utf8")).toMatch(/^<!-- period: 2025-06 -->\n\n## executive_summary\n\n/);

    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(await notesInitCommand(flags(), quiet)).toBe("notes-2025-06.md");
      await refused(
        notesInitCommand(flags(), quiet),
        "notes-2025-06.md exists already: edit it, or pass --force to replace it",
      );
    } finally {
      process.chdir(cwd);
    }
    // No staged file left behind by the refused write.
    expect((await readdir(dir)).filter((f) => f.startsWith("."))).toEqual([]);
  });
});
