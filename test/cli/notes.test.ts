/**
 * The notes workflow on the command line (docs/notes.md): bad notes stop `generate` with one line
 * and exit 2 before anything runs; `notes init` drafts a file from the report's own sentences,
 * never replacing one without --force; `generate --notes` puts them first in their sections.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCommand } from "../../src/cli/commands/generate.js";
import { notesInitCommand } from "../../src/cli/commands/notes.js";
import { SECTION_KEYS } from "../../src/config/section-keys.js";
import { startTestService, type TestService } from "../jobs/_service.js";
import { NOWHERE, quiet, refused } from "./_refused.js";

describe("generate --notes: bad notes exit 2 before anything runs, nothing written", () => {
  let dir: string;
  let out: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "vreport-cli-notes-"));
    out = join(dir, "out");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
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
      "the config file's notes: notes are written for one project's report, not for --all-projects; pick the project with --project",
    );
    await refused(
      generateCommand({ ...NOWHERE, out, notes: config, allProjects: true }, quiet),
      "--notes: notes are written for one project's report, not for --all-projects; pick the project with --project",
    );
    expect((await readdir(dir)).sort()).toEqual(["unknown.md", "vreport.config.json"]);
  });
});

describe("notes init → generate --notes, against a real service", () => {
  let service: TestService;
  let dir: string;
  beforeAll(async () => {
    service = await startTestService();
    dir = await mkdtemp(join(tmpdir(), "vreport-cli-notes-init-"));
  });
  afterAll(async () => {
    await service?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const flags = () => ({ baseUrl: service.baseUrl, apiKey: service.apiKey, month: "2025-06" });

  /** The generated Markdown report of June (with these extra flags). */
  async function report(out: string, extra: { notes?: string } = {}): Promise<string> {
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
      `wrote ${path}: notes on executive_summary, summary, platforms, competitors, opportunities, content_map, content; edit them, then generate with --notes ${path} --draft`,
    ]);
    // Traceable: each sentence (escaped as the report escapes it) is in the report without notes;
    // the top opportunity's action is in its table.
    const plain = await report(join(dir, "plain"));
    const sentences = text.split("\n").filter((l) => l !== "" && !l.startsWith("## "));
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

  it("never replaces a file without --force; the default name carries the period", async () => {
    const path = join(dir, "keep.md");
    await writeFile(path, "## trend\n\nMine.\n");
    await refused(
      notesInitCommand({ ...flags(), out: path }, quiet),
      `${path} exists already: edit it, or pass --force to replace it`,
    );
    expect(await readFile(path, "utf8")).toBe("## trend\n\nMine.\n");
    await notesInitCommand({ ...flags(), out: path, force: true }, quiet);
    expect(await readFile(path, "utf8")).toMatch(/^## executive_summary\n\n/);

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
