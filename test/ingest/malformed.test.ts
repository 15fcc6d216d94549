import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ingestCommand } from "../../src/cli/commands/ingest.js";
import { CliError } from "../../src/cli/errors.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import type { Store } from "../../src/service/store/db.js";
import { migratedLocation } from "../_migrated-location.js";
import { testDir } from "../_tmp.js";
import { describeDatabases, openTestStore } from "../store/_databases.js";
import {
  baseRecords,
  checksums,
  contentItem,
  ndjson,
  PROJECT,
  PROMPT,
  PROMPT_RECORD,
  WS,
} from "./_records.js";

/** Lines 3–7 are bad, one per kind of mistake; the others are fine. */
function malformed(): unknown[] {
  return [
    ...baseRecords(),
    '{"type": "prompt", "data": {',
    { type: "widget", data: {} },
    {
      type: "answer",
      data: {
        id: "11111111-0000-4000-8000-000000000100",
        prompt_id: PROMPT,
        platform: "bing",
        collected_at: "2025-03-01T10:00:00Z",
        text: "x",
        brand_mentioned: "yes",
      },
    },
    {
      type: "competitor",
      data: {
        id: "11111111-0000-4000-8000-000000000020",
        project_id: "11111111-0000-4000-8000-0000000000ff",
        name: "C",
        domain: "c.test",
      },
    },
    {
      type: "answer",
      data: {
        id: "11111111-0000-4000-8000-000000000101",
        prompt_id: PROMPT,
        platform: "chatgpt",
        collected_at: "2025-03-01T10:00:00Z",
        text: "x",
        brand_mentioned: true,
      },
    },
    "",
    PROMPT_RECORD,
    contentItem(1, "NEW"),
  ];
}

const EXPECTED = [
  { line: 3, reason: expect.stringMatching(/^invalid JSON: /) },
  { line: 4, reason: expect.stringMatching(/^unknown type "widget" \(expected one of workspace, project, /) },
  {
    line: 5,
    reason: expect.stringMatching(
      /^answer\.platform: Invalid option: .*; answer\.brand_mentioned: Invalid input: expected boolean/,
    ),
  },
  { line: 6, reason: "competitor.project_id: unknown project 11111111-0000-4000-8000-0000000000ff" },
  // The prompt comes later in the file (line 9): references must point backwards.
  { line: 7, reason: `answer.prompt_id: unknown prompt ${PROMPT}` },
];

describeDatabases("ingest: malformed files", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  it("reports each bad line with its number and reason, and writes the good ones", async () => {
    const result = await ingestFile(store, ndjson(malformed()), { batchSize: 2 });
    expect(result.errors).toEqual(EXPECTED);
    expect(result).toMatchObject({ lines: 9, written: 4, unchanged: 0, events: 1 });
    expect(await store.db.selectFrom("prompts").select("id").execute()).toEqual([{ id: PROMPT }]);
  });

  it("--strict writes nothing at all when any line is bad", async () => {
    await ingestFile(store, ndjson(baseRecords()));
    const before = await checksums(store.db);
    const result = await ingestFile(store, ndjson(malformed()), { strict: true });
    expect(result.errors).toEqual(EXPECTED);
    expect(result).toMatchObject({ written: 0, events: 0 });
    expect(await checksums(store.db)).toEqual(before);
  });

  it("--strict writes everything when every line is good, across batches", async () => {
    const good = [...baseRecords(), PROMPT_RECORD, contentItem(1, "NEW"), contentItem(2, "PUBLISHED")];
    const result = await ingestFile(store, ndjson(good), { strict: true, batchSize: 2 });
    expect(result).toMatchObject({ lines: 5, written: 5, errors: [], events: 2 });
  });

  it("rejects a prompt whose category belongs to another project", async () => {
    const other = "11111111-0000-4000-8000-000000000011";
    const result = await ingestFile(
      store,
      ndjson([
        ...baseRecords(),
        {
          type: "project",
          data: { id: other, workspace_id: WS, name: "Other", brand_name: "O", brand_domain: "o.test" },
        },
        {
          type: "category",
          data: { id: "11111111-0000-4000-8000-000000000030", project_id: other, name: "Cat" },
        },
        {
          type: "prompt",
          data: {
            id: PROMPT,
            project_id: PROJECT,
            category_id: "11111111-0000-4000-8000-000000000030",
            text: "t",
          },
        },
      ]),
    );
    expect(result.errors).toEqual([
      {
        line: 5,
        reason:
          "prompt.category_id: category 11111111-0000-4000-8000-000000000030 belongs to another project",
      },
    ]);
  });
});

describeDatabases("vreport ingest (command)", (kind) => {
  it("prints line-numbered errors and a summary and exits 1; then reads standard input", async () => {
    const dir = testDir("ingest");
    const fresh = await migratedLocation(kind, "vreport-ingest-");
    const file = join(dir, "bad.ndjson");
    writeFileSync(
      file,
      `${malformed()
        .map((r) => (typeof r === "string" ? r : JSON.stringify(r)))
        .join("\n")}\n`,
    );
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), stdin: ndjson([]) };
    try {
      const failure = await ingestCommand(file, { strict: true, database: fresh.location }, io).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(CliError);
      expect((failure as CliError).exitCode).toBe(1);
      expect(err.map((l) => l.split(":")[0])).toEqual(["line 3", "line 4", "line 5", "line 6", "line 7"]);
      expect(out.at(-1)).toMatch(
        /9 records, 0 written, 0 unchanged, 5 failed, 0 events queued \(--strict: nothing written\)$/,
      );

      const stdin = ndjson(baseRecords());
      const ok = await ingestCommand("-", { database: fresh.location }, { ...io, stdin });
      expect(ok).toMatchObject({ written: 2, errors: [] });
      expect(out.at(-1)).toBe("standard input: 2 records, 2 written, 0 unchanged, 0 failed, 0 events queued");
    } finally {
      await fresh.dispose();
    }
  });

  it("refuses a missing file with a usage error", async () => {
    await expect(ingestCommand("/nonexistent/x.ndjson", {})).rejects.toMatchObject({ exitCode: 2 });
  });
});
