/**
 * `vreport preview` from the command's function: its flags are checked before anything starts,
 * as generate's are (one line naming the flag, exit 2, no service contacted); against the real
 * service it fetches the project's data once, serves the report on 127.0.0.1 and follows an edit
 * of the notes file (polled over HTTP with a generous limit; the browser test is
 * test/preview/preview.test.ts).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewCommand } from "../../src/cli/commands/preview.js";
import type { Preview } from "../../src/preview/server.js";
import { tempDir } from "../_tmp.js";
import { startTestService, type TestService } from "../jobs/_service.js";
import { NOWHERE, quiet } from "./_refused.js";

describe("vreport preview flags", () => {
  const { format: _, ...nowhere } = NOWHERE;
  it.each([
    [{ port: "http" }, 'invalid --port "http": allowed values are an integer from 0 to 65535'],
    [{ port: "70000" }, 'invalid --port "70000": allowed values are an integer from 0 to 65535'],
    [{ profile: "short" }, 'invalid --profile "short": allowed values are client, full'],
    [{ range: "3d" }, expect.stringContaining('invalid --range "3d"')],
    [{ asOf: "2026-11-01" }, "--as-of applies to the embedded demo service only, not with --base-url"],
  ])("refuses %o with exit 2", async (flags, message) => {
    await expect(previewCommand({ ...nowhere, ...flags }, quiet)).rejects.toMatchObject({
      exitCode: 2,
      message,
    });
  });
});

describe("vreport preview against the service", () => {
  let service: TestService;
  const dir = tempDir("cli-preview");
  let preview: Preview | undefined;
  const lines: string[] = [];
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await preview?.close();
    await service?.close();
  });

  it("serves the project's report and follows the notes file", async () => {
    const notes = join(dir, "notes.md");
    const config = join(dir, "vreport.config.json");
    await writeFile(config, "{}\n");
    await writeFile(notes, "## trend\n\nFirst CLI note.\n");
    const project = service.projects[1]!;
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), tty: false };
    preview = await previewCommand(
      {
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
        month: "2025-06",
        project: project.name,
        config,
        notes,
        port: "0",
      },
      io,
    );
    expect(lines.at(-1)).toBe(
      `vreport: previewing ${project.name} at ${preview.url}; edit the config, notes, change log or templates and the page reloads; Ctrl-C to stop`,
    );
    const page = await (await fetch(preview.url)).text();
    expect(page).toContain("First CLI note.");
    expect(page).toContain(project.name);

    await writeFile(notes, "## trend\n\nSecond CLI note.\n");
    const deadline = Date.now() + 30_000;
    let now = page;
    while (!now.includes("Second CLI note.") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      now = await (await fetch(preview.url)).text();
    }
    expect(now).toContain("Second CLI note.");
    // The rebuild is said in one line (the report's own review lines may follow it).
    const rebuilt = new RegExp(`^vreport: preview rebuilt in \\d+ ms after a change to ${notes}$`);
    expect(lines.filter((l) => rebuilt.test(l))).toHaveLength(1);
  });
});
