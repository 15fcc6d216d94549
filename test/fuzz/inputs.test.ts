import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/load-config.js";
import { ingestFile, RECORD_TYPES } from "../../src/service/ingest/index.js";
import type { Store } from "../../src/service/store/db.js";
import { tempDir } from "../_tmp.js";
import { baseRecords, ndjson, PROJECT, WS } from "../ingest/_records.js";
import { openTestStore } from "../store/_databases.js";

/** A value shaped like a record: a known or unknown type, data of any JSON, ids ours or not. */
const recordish = fc.oneof(
  fc.jsonValue(),
  fc.record({
    type: fc.oneof(fc.constantFrom(...RECORD_TYPES), fc.string()),
    data: fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          "id",
          "workspace_id",
          "project_id",
          "name",
          "text",
          "platform",
          "answered_at",
          "status",
          "url",
        ),
        fc.oneof(fc.constantFrom(WS, PROJECT, "", "not-a-uuid"), fc.jsonValue()),
      ),
    ),
  }),
);
/** A line: a record, or text that is not JSON at all. */
const line = fc.oneof(
  recordish.map((r) => JSON.stringify(r)),
  fc.string({ unit: "binary", maxLength: 60 }).filter((s) => !s.includes("\n")),
);

/** No input crashes ingest or config loading; each is refused in words. */
describe("any input is accepted or refused, never a crash", () => {
  let store: Store;
  const dir = tempDir("fuzz");
  beforeAll(async () => {
    store = await openTestStore("pglite");
    await ingestFile(store, ndjson(baseRecords()));
  });
  afterAll(async () => {
    await store.close();
  });

  it("ingest: every line is written, unchanged or a numbered error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (lines, strict) => {
          const result = await ingestFile(store, ndjson(lines), { strict, refreshAggregates: false });
          const counted = lines.filter((l) => l.trim() !== "").length;
          expect(result.lines).toBe(counted);
          for (const e of result.errors) {
            expect(e.line).toBeGreaterThanOrEqual(1);
            expect(e.reason.length).toBeGreaterThan(0);
          }
          if (!strict || result.errors.length === 0)
            expect(result.written + result.unchanged + result.errors.length).toBe(counted);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("config: any JSON file loads or is a ConfigError naming the file", async () => {
    const path = join(dir, "vreport.config.json");
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              agencyName: fc.jsonValue(),
              accentColor: fc.oneof(fc.string(), fc.constant("#112233")),
              profile: fc.oneof(fc.constantFrom("client", "full"), fc.string()),
              sections: fc.array(fc.oneof(fc.constantFrom("summary", "prompts", "trend"), fc.string())),
              rows: fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.double(), fc.string())),
              locale: fc.string(),
            },
            { requiredKeys: [] },
          ),
        ),
        async (value) => {
          await writeFile(path, JSON.stringify(value) ?? "");
          try {
            const loaded = await loadConfig(path);
            expect(loaded.presentation.sections.length).toBeGreaterThan(0);
          } catch (err) {
            expect(err).toBeInstanceOf(ConfigError);
            expect((err as Error).message).toContain(path);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
