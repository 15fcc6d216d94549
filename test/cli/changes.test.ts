/**
 * `generate --changes` on the command line (docs/changes.md): a bad change log stops the run with
 * one line and exit 2 before the service is contacted, writing nothing; one change log for every
 * client of --all-projects is refused; a good one puts its entries in the report and names those
 * outside the period in one warning line on stderr.
 */
import { readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCommand } from "../../src/cli/commands/generate.js";
import { tempDir } from "../_tmp.js";
import { startTestService, type TestService } from "../jobs/_service.js";
import { NOWHERE, quiet, refused } from "./_refused.js";

describe("generate --changes: a bad change log exits 2 before anything runs, nothing written", () => {
  const dir = tempDir("cli-changes");
  let out: string;
  beforeAll(async () => {
    out = join(dir, "out");
  });

  it("an unknown platform: one line naming the file, the line, the field and the valid platforms", async () => {
    const changes = join(dir, "bad.csv");
    await writeFile(changes, "date,label,platform\n2026-10-06,Launch,\n2026-10-07,Listing,bing\n");
    await refused(
      generateCommand({ ...NOWHERE, out, changes }, quiet),
      `changes file ${changes}, line 3, platform: unknown platform "bing": valid platforms are chatgpt, google_ai_overview, perplexity, gemini, grok, claude`,
    );
    expect(readdirSync(dir)).toEqual(["bad.csv"]);
  });

  it("a malformed NDJSON line, a missing file", async () => {
    const changes = join(dir, "bad.ndjson");
    await writeFile(changes, '{"date":"2026-10-06","label":"Launch"}\n{"date":"2026-10-06"\n');
    await refused(
      generateCommand({ ...NOWHERE, out, changes }, quiet),
      `changes file ${changes}, line 2: not JSON: each line is one object like {"date": "2026-10-06", "label": "…"}`,
    );
    await refused(
      generateCommand({ ...NOWHERE, out, changes: join(dir, "none.csv") }, quiet),
      `cannot read changes file ${join(dir, "none.csv")}: no such file`,
    );
  });

  it("the config file's changes, relative to it, checked the same way; never one log for every client", async () => {
    const config = join(dir, "vreport.config.json");
    await writeFile(config, JSON.stringify({ changes: "logs/acme.csv" }));
    await refused(
      generateCommand({ ...NOWHERE, out, config }, quiet),
      `cannot read changes file ${join(dir, "logs", "acme.csv")}: no such file`,
    );
    await refused(
      generateCommand({ ...NOWHERE, out, config, allProjects: true }, quiet),
      "the config file's changes: a change log is kept for one project's report, not for --all-projects; pick the project with --project, or give each client its own in the config file's projects",
    );
    await refused(
      generateCommand({ ...NOWHERE, out, changes: join(dir, "bad.csv"), allProjects: true }, quiet),
      "--changes: a change log is kept for one project's report, not for --all-projects; pick the project with --project, or give each client its own in the config file's projects",
    );
    // A client's own change log in projects[] is read before the run too.
    await writeFile(config, JSON.stringify({ projects: [{ match: "Acme", changes: "bad.csv" }] }));
    await refused(
      generateCommand({ ...NOWHERE, out, config, allProjects: true }, quiet),
      `changes file ${join(dir, "bad.csv")}, line 3, platform: unknown platform "bing": valid platforms are chatgpt, google_ai_overview, perplexity, gemini, grok, claude`,
    );
    expect(readdirSync(dir).sort()).toEqual(["bad.csv", "bad.ndjson", "vreport.config.json"]);
  });
});

describe("generate --changes against a real service", () => {
  let service: TestService;
  const dir = tempDir("cli-changes-run");
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service?.close();
  });

  it("lists the month's entries in the report and warns once about the others", async () => {
    const changes = join(dir, "changes.csv");
    await writeFile(
      changes,
      'date,label,platform,category\n2025-05-20,"Old, before June",,\n2025-06-10,Pricing pages live,,\n2025-06-12,FAQ schema,perplexity,\n2025-07-02,Not yet,,\n',
    );
    const errors: string[] = [];
    const [file] = await generateCommand(
      { baseUrl: service.baseUrl, apiKey: service.apiKey, month: "2025-06", format: "md", out: dir, changes },
      { ...quiet, err: (l) => errors.push(l) },
    );
    expect(errors.filter((l) => l.startsWith("warning:"))).toEqual([
      `warning: changes file ${changes}: 2 entries outside the report's period 2025-06-01 to 2025-06-30 skipped: line 2 (2025-05-20 "Old, before June"), line 5 (2025-07-02 "Not yet")`,
    ]);
    const lines = (await readFile(file!.path, "utf8")).split("\n");
    // On the agency's page (docs/agency.md), between the content published in June: date, kind, what, scope.
    const at = lines.indexOf("### Work delivered");
    expect(at).toBeGreaterThan(0);
    const rows = lines
      .slice(at)
      .filter((l) => l.startsWith("| 2025-") && l.includes("Change we made"))
      .map((l) => l.split(" | ").slice(0, 4));
    expect(rows).toEqual([
      ["| 2025-06-10", "Change we made", "Pricing pages live", "All prompts and platforms"],
      ["| 2025-06-12", "Change we made", "FAQ schema", "Perplexity"],
    ]);
  });

  it("compared with a year earlier, an entry of the month's first two weeks has its whole 14 days before", async () => {
    const changes = join(dir, "early.csv");
    await writeFile(changes, "date,label\n2025-06-05,Pricing pages live\n");
    const out = join(dir, "year");
    const [file] = await generateCommand(
      {
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
        month: "2025-06",
        compare: "year",
        format: "md",
        out,
        changes,
      },
      quiet,
    );
    const md = await readFile(file!.path, "utf8");
    const row = md.split("\n").find((l) => l.includes("| Pricing pages live |"));
    // Before: May 22 – June 4, ten of its days before June, which June 2024 does not hold: read
    // with the report (docs/changes.md), so the window is whole and no partial window is noted.
    expect(row).toMatch(/\| All prompts and platforms \| \d+\.\d% \| \d+\.\d% \|/);
    expect(md).not.toMatch(/Partial windows: [^\n]*Pricing pages live/);
  });
});
