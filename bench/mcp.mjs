/**
 * MCP area: what a tool call of `vreport mcp` adds to the API call underneath it. The server runs
 * as an assistant's host starts it (a child process over stdio, the SDK's client); each sample
 * calls the same endpoint directly through the typed client and through the tool, one after the
 * other, against the PGlite bench database at scale 1 (answers served from the response cache
 * after the first, so the difference is the MCP framing, the schema check and the result's JSON).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { serve } from "./_db.mjs";
import { DIST } from "./_paths.mjs";
import { sample, summarize } from "./_stats.mjs";

/** The tools timed, with the endpoint each calls (a small, a mid-sized and a paginated answer). */
const CALLS = [
  { tool: "get_overview", id: "getOverview" },
  { tool: "get_leaderboard", id: "getLeaderboard" },
  { tool: "list_prompts", id: "listPrompts" },
];

/** Untimed calls first: the child's modules, the response cache and the connection warm up. */
const WARMUP = 5;

export async function runMcp({ dbs, quick, log }) {
  const server = await serve(dbs.pglite.location);
  const dir = mkdtempSync(join(tmpdir(), "vreport-bench-mcp-"));
  const keyFile = join(dir, "key.txt");
  writeFileSync(keyFile, server.apiKey, { mode: 0o600 });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`${DIST}/cli/index.js`, "mcp", "--base-url", server.origin, "--api-key-file", keyFile],
    cwd: dir,
    stderr: "ignore",
  });
  const mcp = new Client({ name: "vreport-bench", version: "1" });
  try {
    await mcp.connect(transport);
    const { createClient } = await import(`${DIST}/client/index.js`);
    const api = createClient({ baseUrl: server.origin, apiKey: server.apiKey });
    const n = quick ? 30 : 300;
    const rows = [];
    for (const { tool, id } of CALLS) {
      const query = { project_id: server.project.id };
      const direct = [];
      const viaMcp = [];
      const added = [];
      let calls = 0;
      // Paired: each sample times the direct call, then the tool, so both see the same load.
      await sample(
        async () => {
          let t = performance.now();
          await api.request(id, { query });
          const d = performance.now() - t;
          t = performance.now();
          const r = await mcp.callTool({ name: tool, arguments: query });
          const m = performance.now() - t;
          if (r.isError) throw new Error(`${tool} failed: ${JSON.stringify(r.content).slice(0, 200)}`);
          if (calls++ < WARMUP) return;
          direct.push(d);
          viaMcp.push(m);
          added.push(m - d);
        },
        { n, warmup: WARMUP },
      );
      const row = { tool, id, direct: summarize(direct), mcp: summarize(viaMcp), added: summarize(added) };
      rows.push(row);
      log(
        `  ${tool.padEnd(16)} direct p50 ${row.direct.median.toFixed(2)} ms  via MCP p50 ${row.mcp.median.toFixed(2)} ms  added p50 ${row.added.median.toFixed(2)} ms (n=${row.added.n})`,
      );
    }
    return { rows, worstAddedMedianMs: Math.max(...rows.map((r) => r.added.median)) };
  } finally {
    await mcp.close().catch(() => {});
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
