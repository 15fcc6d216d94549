/**
 * `vreport mcp` alone: no --base-url, so it serves the embedded demo workspace (here the run's
 * seeded demo in a PGlite directory) over loopback, as `generate` does; its figures are those
 * of the demo's report endpoint, read from a copy of the same database.
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { type EmbeddedService, startEmbedded } from "../../src/service/embedded.js";
import { openStore } from "../../src/service/store/db.js";
import { snapshotTarball } from "../_snapshots.js";
import { tempDir } from "../_tmp.js";
import { type McpSession, startMcp } from "./_mcp.js";

const root = tempDir("mcp-demo");
let mcp: McpSession;
let copy: EmbeddedService;

/** A PGlite directory holding the run's seeded demo (one process may open a directory). */
async function demoDatabase(): Promise<string> {
  const dir = mkdtempSync(join(root, "db-"));
  await (await openStore(dir, { loadDataDir: snapshotTarball("jobs") })).close();
  return dir;
}

beforeAll(async () => {
  const [served, other] = await Promise.all([demoDatabase(), demoDatabase()]);
  mcp = await startMcp(["--database", served]);
  copy = await startEmbedded({ database: other });
});

afterAll(async () => {
  await mcp?.close();
  await copy?.close();
});

it("serves the demo workspace without --base-url, saying so on stderr only", async () => {
  const api = createClient({ baseUrl: copy.baseUrl, apiKey: copy.apiKey });
  const { projects } = await api.listProjects();
  const listed = await mcp.call("list_projects");
  expect(listed.body.projects).toEqual(projects);
  const first = projects[0]!;
  const report = await api.getReport({ project_id: first.id });
  const summary = report.sections.find((s) => s.key === "summary");
  const overview = await mcp.call("get_overview", { project_id: first.id });
  expect(overview.body.mention_rate.current).toBe(
    summary?.rows.find((r) => r.metric === "mention_rate")?.current,
  );
  expect(mcp.stderr()).toContain("no --base-url given: serving the local database");
  expect(mcp.transportErrors).toEqual([]);
});
