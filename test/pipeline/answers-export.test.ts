import { readdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { createClient } from "../../src/client/index.js";
import type { Platform, Project } from "../../src/contract/index.js";
import { platformName } from "../../src/format/figures.js";
import { generateReport, type ReportJob } from "../../src/pipeline/generate-report.js";
import { periodAsOf } from "../../src/report/period.js";
import { type EmbeddedService, startEmbedded } from "../../src/service/embedded.js";
import { openStore } from "../../src/service/store/db.js";
import { startProxy, type TestProxy } from "../_proxy.js";
import { SNAPSHOT_AS_OF, snapshotDirectory } from "../_snapshots.js";
import { tempDir, testDir } from "../_tmp.js";

const BRANDING = { agencyName: "Northwind", accentColor: "#123456", locale: "en-US" };
/** The 30 days ending with the snapshot's as-of day (2025-06-30): the report's period. */
const PERIOD = { start: "2025-06-01", end: "2025-06-30" };
/** Extra answers given to one prompt on one platform, so it has more than the API's 200 per response. */
const EXTRA_PER_DAY = 6;

/**
 * `--answers all` against the real service on a socket: every answer of the period, counted
 * independently in SQL, lands in the streamed workbook, including a prompt and platform with more
 * answers than one response holds (the per-day fallback); a failure part-way leaves no file.
 */
describe("answers workbook (--answers all)", () => {
  const dir = tempDir("answers-db");
  let service: EmbeddedService;
  let proxy: TestProxy;
  /** A prompt whose answers the proxy answers 404 for, when set. */
  let failAnswersOf: string | undefined;
  let project: Project;
  let crowded: { promptId: string; platform: string; text: string };
  let expected: { total: number; crowded: number };
  let projectId: string;

  beforeAll(async () => {
    await snapshotDirectory("jobs", dir);
    const store = await openStore(dir);
    try {
      const one = await sql<{ prompt_id: string; platform: string; project_id: string; text: string }>`
        SELECT a.prompt_id, a.platform, a.project_id, p.text FROM answers a JOIN prompts p ON p.id = a.prompt_id
        WHERE a.day BETWEEN ${PERIOD.start} AND ${PERIOD.end}
        ORDER BY p.text, a.platform LIMIT 1`.execute(store.db);
      const row = one.rows[0];
      if (!row) throw new Error("the jobs snapshot has no answers in the period");
      crowded = { promptId: row.prompt_id, platform: row.platform, text: row.text };
      projectId = row.project_id;
      // Copies of that prompt's answers on that platform, a few minutes apart on the same days.
      await sql`
        INSERT INTO answers (project_id, prompt_id, platform, status, collected_at, day, preview, text,
          brand_mentioned, brand_cited, competitor_found)
        SELECT a.project_id, a.prompt_id, a.platform, a.status, a.collected_at + make_interval(mins => n),
          a.day, a.preview, a.text, a.brand_mentioned, a.brand_cited, a.competitor_found
        FROM answers a CROSS JOIN generate_series(1, ${EXTRA_PER_DAY}) AS n
        WHERE a.prompt_id = ${row.prompt_id} AND a.platform = ${row.platform}
          AND a.day BETWEEN ${PERIOD.start} AND ${PERIOD.end}`.execute(store.db);
      const count = async (extra: ReturnType<typeof sql>) =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM answers a
              WHERE a.project_id = ${row.project_id} AND a.day BETWEEN ${PERIOD.start} AND ${PERIOD.end} ${extra}`.execute(
              store.db,
            )
          ).rows[0]?.n,
        );
      expected = {
        total: await count(sql``),
        crowded: await count(sql`AND a.prompt_id = ${row.prompt_id} AND a.platform = ${row.platform}`),
      };
    } finally {
      await store.close();
    }
    service = await startEmbedded({ database: dir, asOf: SNAPSHOT_AS_OF });
    proxy = await startProxy(new URL(service.baseUrl), (req, res) => {
      if (!failAnswersOf || !(req.url ?? "").includes(`/prompts/${failAnswersOf}/answers`)) return false;
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 404, messages: "prompt not found", data: null }));
      return true;
    });
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const { projects } = await client.listProjects();
    const found = projects.find((p) => p.id === projectId);
    if (!found) throw new Error("the crowded prompt's project is not listed");
    project = found;
  }, 120_000);

  /** The 30-day report of the crowded prompt's project, in Markdown, with every answer. */
  const exportJob = (outDir: string): ReportJob => ({
    project,
    period: periodAsOf({ range: "30d" }, { timezone: "UTC", asOf: SNAPSHOT_AS_OF }),
    formats: ["md"],
    branding: BRANDING,
    outDir,
    render: {},
    answers: "all",
  });

  afterAll(async () => {
    await proxy?.close();
    await service?.close();
  });

  it("holds every answer of the period, more than 200 of one prompt on one platform included", async () => {
    // 30 days × (1 + 6) answers: more than one response's 200, fetched day by day instead.
    expect(expected.crowded).toBe(30 * (1 + EXTRA_PER_DAY));
    const out = testDir("answers-out");
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const report = await generateReport(client, exportJob(out));
    const file = report.answers?.path ?? "";
    expect(file).toBe(
      join(out, `${report.files[0]?.path.split("/").pop()?.replace(/\.md$/, "")}-answers.xlsx`),
    );
    expect(report.answers?.answers).toBe(expected.total);

    const sheet = XLSX.readFile(file, { cellDates: true }).Sheets.Answers as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual([
      "Day",
      "Collected (UTC)",
      "Prompt",
      "Category",
      "Platform",
      "Status",
      "Mentions brand",
      "Cites brand",
      "Competitors mentioned",
      "Cited URLs",
      "Answer",
    ]);
    const data = rows.slice(1);
    expect(data).toHaveLength(expected.total);
    const crowdedRows = data.filter(
      (r) => r[2] === crowded.text && r[4] === platformName(crowded.platform as Platform),
    );
    expect(crowdedRows).toHaveLength(expected.crowded);
    // Every day is a real date cell inside the period.
    const days = data.map((r) => (r[0] as Date).toISOString().slice(0, 10));
    expect(days.every((d) => d >= PERIOD.start && d <= PERIOD.end)).toBe(true);
    expect(sheet["!autofilter"]?.ref).toBe(`A1:K${expected.total + 1}`);
    expect(readdirSync(out).filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("writes nothing, neither the report nor the answers, when a request fails part-way", async () => {
    const out = testDir("answers-out");
    try {
      failAnswersOf = crowded.promptId;
      const client = createClient({ baseUrl: proxy.url, apiKey: service.apiKey, retries: 0 });
      await expect(generateReport(client, exportJob(out))).rejects.toThrow();
      expect(readdirSync(out)).toEqual([]);
    } finally {
      failAnswersOf = undefined;
    }
  });
});
