/**
 * `vreport mcp` against the seeded demo workspace over real HTTP: every tool listed and called by
 * a real MCP client, its figures held exactly against the report endpoint's (read through the
 * typed client with the same key).
 */
import { execFile } from "node:child_process";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type VreportClient } from "../../src/client/index.js";
import {
  ENDPOINTS,
  type FullReport,
  type ReportSectionKey,
  type ReportSectionOf,
} from "../../src/contract/index.js";
import { REPORT_ROWS } from "../../src/mcp/compact.js";
import { toolName } from "../../src/mcp/endpoint-tools.js";
import { toolRegistry } from "../../src/mcp/registry.js";
import { tempDir } from "../_tmp.js";
import { useService } from "../service/_fixture.js";
import { CLI, type McpSession, startMcp } from "./_mcp.js";

const svc = useService("pglite");
let mcp: McpSession;
let api: VreportClient;
let report: FullReport;
let project: string;
const out = tempDir("mcp-out");

const section = <K extends ReportSectionKey>(key: K) =>
  report.sections.find((s) => s.key === key) as ReportSectionOf<K>;

beforeAll(async () => {
  project = svc.demo.mainProjectId;
  api = createClient({ baseUrl: svc.origin, apiKey: svc.keys.all });
  report = await api.getReport({ project_id: project });
  mcp = await startMcp(["--base-url", svc.origin, "--out", out], svc.keys.all);
});

afterAll(async () => {
  await mcp?.close();
});

describe("vreport mcp over the demo workspace", () => {
  it("lists the registry's tools, each with an object schema derived from the contract", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(toolRegistry().map((t) => t.name));
    expect(tools.length).toBe(16 + 3);
    for (const t of tools) expect(t.inputSchema.type).toBe("object");
    const prompts = tools.find((t) => t.name === "list_prompts")!;
    expect(prompts.inputSchema.properties).toMatchObject({
      per_page: { type: "integer", minimum: 1, maximum: 100 },
      range: { enum: ["7d", "30d", "90d"] },
    });
    expect(tools.find((t) => t.name === "get_prompt_answers")!.inputSchema.required).toEqual(["prompt"]);
  });

  it("answers each endpoint tool with exactly the API's data (pagination as page numbers)", async () => {
    const setup = await api.getSetup({ project_id: project });
    const competitor = setup.competitors[0]!.id;
    const prompt = section("prompts").rows[0]!.id;
    const args: Record<string, Record<string, unknown>> = {
      getCompetitor: { competitor, project_id: project },
      getCompetitorPages: { competitor, project_id: project },
      getPromptAnswers: { prompt, project_id: project },
    };
    // get_report is cut to the first rows of each list: its own test below.
    for (const def of ENDPOINTS.filter((e) => e.specRow > 0 && e.id !== "getReport")) {
      const toolArgs = args[def.id] ?? (def.params === "none" ? {} : { project_id: project });
      const { isError, body } = await mcp.call(toolName(def.id), toolArgs);
      expect(isError, def.id).toBe(false);
      const { competitor: c, prompt: p, ...query } = toolArgs;
      const pathParams = c !== undefined ? { competitor: c } : p !== undefined ? { prompt: p } : undefined;
      const direct = (await api.request(
        def.id as "getOverview",
        {
          query: query as object,
          ...(pathParams ? { pathParams } : {}),
        } as never,
      )) as Record<string, unknown>;
      const { pagination, ...rest } = direct as { pagination?: { current_page: number } };
      expect(body, def.id).toMatchObject(rest);
      if (pagination) expect(body.page.page).toBe(pagination.current_page);
    }
  });

  it("gives get_report's sections with their first rows exactly, their counts and where the rest is", async () => {
    const { body, note } = await mcp.call("get_report", { project_id: project });
    expect(body.period).toEqual(report.period);
    for (const s of report.sections) {
      const got = body.sections.find((x: { key: string }) => x.key === s.key);
      expect(got.totals, s.key).toEqual(s.totals);
      if (s.key === "trend") {
        expect(got.rows).toBeUndefined();
        expect(got.days_left_out).toContain("rows");
        continue;
      }
      expect(got.rows, s.key).toEqual(s.rows.slice(0, REPORT_ROWS));
      expect(got.rows_total, s.key).toBe(s.rows.length > REPORT_ROWS ? s.rows.length : undefined);
    }
    expect(note).toContain("prompts from list_prompts (paginated)");
    expect(note).toContain("trend from get_overview (trend_series)");
  });

  it("gives the report endpoint's figures on the overview, leaderboard, categories and prompts", async () => {
    const summary = section("summary");
    const overview = (await mcp.call("get_overview", { project_id: project })).body;
    for (const kpi of summary.rows) {
      expect(overview[kpi.metric].current).toBe(kpi.current);
      expect(overview[kpi.metric].delta).toBe(kpi.delta);
      expect(overview[kpi.metric].stats).toEqual(kpi.stats);
    }
    const board = (await mcp.call("get_leaderboard", { project_id: project })).body;
    expect(board.rows).toEqual(section("competitors").rows);
    const categories = (await mcp.call("get_categories", { project_id: project })).body;
    expect(categories.categories).toEqual(section("categories").rows);
  });

  it("pages a list with the API's page numbers and says how to get the next page", async () => {
    const first = await mcp.call("list_prompts", { project_id: project, per_page: 2 });
    const total = section("prompts").totals.prompts;
    expect(first.body.page).toEqual({
      page: 1,
      per_page: 2,
      total,
      total_pages: Math.ceil(total / 2),
      next_page: 2,
    });
    expect(first.note).toBe(
      `Page 1 of ${Math.ceil(total / 2)} (${total} prompts in all): call list_prompts again with the same arguments and page=2 for the next.`,
    );
    const second = await mcp.call("list_prompts", { project_id: project, per_page: 2, page: 2 });
    const direct = await api.listPrompts({ project_id: project, per_page: 2, page: 2 });
    expect(second.body.prompts).toEqual(direct.prompts);
    expect(second.body.pagination).toBeUndefined();
  });

  it("report_summary states the report's claims with the summary's exact figures, targets and themes", async () => {
    const { isError, body } = await mcp.call("report_summary", { project });
    expect(isError).toBe(false);
    expect(body.period).toMatchObject({ start: report.period.start, end: report.period.end });
    const kpis = section("summary").rows;
    const rated = body.claims.filter(
      (c: { kind: string }) => c.kind === "rate-change" || c.kind === "rate-level",
    );
    expect(rated.length).toBeGreaterThan(0);
    for (const claim of rated) {
      const kpi = kpis.find((k) => k.metric === claim.metric)!;
      expect(claim.current).toBe(kpi.current);
      if (claim.kind === "rate-change") {
        expect([claim.previous, claim.delta, claim.stats]).toEqual([kpi.previous, kpi.delta, kpi.stats]);
      }
      expect(typeof claim.text).toBe("string");
    }
    expect(body.targets).toEqual([]);
    expect(body.opportunities.prompts).toBe(section("prompts").gaps.length);
    expect(body.opportunities.top_themes.length).toBeGreaterThan(0);
  });

  it("explain_change gives a platform's change as the report has it and the prompts paired over both windows", async () => {
    const row = section("platforms").rows[0]!;
    const { isError, body } = await mcp.call("explain_change", {
      project,
      metric: "mention_rate",
      platform: row.platform,
    });
    expect(isError).toBe(false);
    expect(body.change).toEqual({
      current: row.mention_rate,
      previous: row.mention_rate - row.mention_delta,
      delta: row.mention_delta,
      stats: row.mention_stats,
      significant: row.mention_stats.significant,
    });
    const p = report.period;
    const now = await api.collect(
      "listPrompts",
      { project_id: project, start: p.start, end: p.end },
      { max: 1000 },
    );
    const before = await api.collect(
      "listPrompts",
      { project_id: project, start: p.previous_start, end: p.previous_end },
      { max: 1000 },
    );
    const top = body.prompts_moving_it.prompts[0];
    const was = before.find((x) => x.id === top.id)!;
    const is = now.find((x) => x.id === top.id)!;
    expect([top.current, top.previous, top.change]).toEqual([
      is.mention_rate,
      was.mention_rate,
      is.mention_rate - was.mention_rate,
    ]);
    // The most moved in the change's direction: no paired prompt moved further that way.
    const changes = now.map((x) => x.mention_rate - (before.find((y) => y.id === x.id)?.mention_rate ?? 0));
    const extreme = row.mention_delta >= 0 ? Math.max(...changes) : Math.min(...changes);
    expect(top.change).toBe(extreme);
    expect(body.evidence.length).toBe(2);
    expect(body.change_log.note).toMatch(/no change log given/);
  });

  it("explain_change scopes a competitor, a category and a prompt as the report does", async () => {
    /** explain_change of `metric` in one scope; its change is the report row's [current, delta, stats]. */
    const scoped = async (metric: string, scope: object, [current, delta, stats]: unknown[]) => {
      const res = await mcp.call("explain_change", { project, metric, ...scope });
      expect(res.body.change).toMatchObject({ current, delta, stats });
      return res;
    };
    const rival = section("competitors").rows.find((r) => !r.is_you)!;
    await scoped("share_of_voice", { competitor: rival.name }, [rival.sov, rival.sov_delta, rival.sov_stats]);
    const category = section("categories").rows[0]!;
    const byCategory = await scoped("citation_rate", { category: category.name }, [
      category.citation_rate,
      category.citation_delta,
      category.citation_stats,
    ]);
    for (const moved of byCategory.body.prompts_moving_it.prompts) expect(moved.category).toBe(category.name);
    const prompt = section("prompts").rows[0]!;
    const byPrompt = await mcp.call("explain_change", { project, metric: "mention_rate", prompt: prompt.id });
    expect(byPrompt.body.change).toEqual({
      current: prompt.mention_rate,
      previous: prompt.mention_rate - prompt.mention_rate_delta,
      delta: prompt.mention_rate_delta,
      stats: null,
      significant: null,
    });
    expect(byPrompt.body.prompts_moving_it.prompts.map((p: { id: string }) => p.id)).toEqual([prompt.id]);
  });

  it("explain_change lists the change log's entries in the period with the mention rate 14 days before and after", async () => {
    const days = section("trend").rows;
    const entryDay = days[15]!.date;
    const changes = join(out, "changes.csv");
    writeFileSync(
      changes,
      `date,label,platform,category\n${entryDay},Comparison pages live,,\n${entryDay},Listing on Grok,grok,\n2020-01-01,Long ago,,\n`,
    );
    // One client's change log, with a key pinned to that client's project.
    const withLog = await startMcp(["--base-url", svc.origin, "--changes", changes], svc.keys.pinned);
    try {
      const { body } = await withLog.call("explain_change", { project, metric: "mention_rate" });
      // By hand from the report's daily counts: summed mentions over summed answers, 14 days each side.
      const rate = (from: number, to: number) => {
        const window = days.slice(from, to);
        const answers = window.reduce((n, d) => n + d.snapshots, 0);
        return { days: 14, answers, mentionRate: window.reduce((n, d) => n + d.mentioned, 0) / answers };
      };
      const before = rate(1, 15);
      const after = rate(15, 29);
      expect(body.change_log.entries[0]).toEqual({
        date: entryDay,
        label: "Comparison pages live",
        before,
        after,
        change: after.mentionRate - before.mentionRate,
      });
      // A platform's entry is listed with its platform (its rates in its scope: docs/changes.md).
      const rest = body.change_log.entries
        .slice(1)
        .map((e: { label: string; platform: string }) => [e.label, e.platform]);
      expect(rest).toEqual([["Listing on Grok", "grok"]]);
      const onChatgpt = await withLog.call("explain_change", {
        project,
        metric: "mention_rate",
        platform: "chatgpt",
      });
      expect(onChatgpt.body.change_log.entries.map((e: { label: string }) => e.label)).toEqual([
        "Comparison pages live",
      ]);
    } finally {
      await withLog.close();
    }

    // With a key that reads every project, one change log would be shown on every client's
    // report: refused at start, exit 2, naming the way out.
    const keyFile = join(out, "all-key.txt");
    writeFileSync(keyFile, `${svc.keys.all}\n`, { mode: 0o600 });
    // Not spawnSync: the service answering the child runs in this process.
    const mcpWith = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; lastLine: string | undefined }>((done) => {
        const child = execFile(
          process.execPath,
          [CLI, "mcp", "--base-url", svc.origin, "--api-key-file", keyFile, ...args],
          { encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: out }, timeout: 30_000 },
          (err, stdout, stderr) =>
            done({
              status: err ? (err.code as number) : 0,
              stdout,
              lastLine: stderr.trim().split("\n").at(-1),
            }),
        );
        child.stdin?.end();
      });
    const readable = (await api.listProjects()).projects.length;
    expect(readable).toBeGreaterThan(1);
    const pin = `the key reads ${readable} projects; pin the key to that project (vreport keys create --project …)`;
    expect(await mcpWith("--changes", changes)).toEqual({
      status: 2,
      stdout: "",
      lastLine: `vreport: --changes: a change log is kept for one project's report, but ${pin}, or give each client its own changes in the config file's projects`,
    });
    // So are one notes file for every client (without {project}) in the config.
    writeFileSync(join(out, "notes.md"), "## summary\n\nA note for one client.\n");
    writeFileSync(join(out, "one-notes.json"), JSON.stringify({ notes: "notes.md" }));
    expect(await mcpWith("--config", join(out, "one-notes.json"))).toEqual({
      status: 2,
      stdout: "",
      lastLine: `vreport: the config file's notes: notes are written for one project's report, but ${pin}, or name each client's file with {project} (notes/{project}-{period}.md)`,
    });
  });

  it("generate_report writes the report as generate does and returns paths and sizes", async () => {
    const { isError, body } = await mcp.call("generate_report", { project, formats: ["md"] });
    expect(isError).toBe(false);
    expect(body.files).toHaveLength(1);
    const [file] = body.files;
    expect(file.format).toBe("md");
    expect(file.path.startsWith(out)).toBe(true);
    expect(statSync(file.path).size).toBe(file.bytes);
  });

  it("wrote nothing but the protocol on stdout", () => {
    expect(mcp.transportErrors).toEqual([]);
  });
});
