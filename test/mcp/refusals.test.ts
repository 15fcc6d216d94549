/**
 * What a model gets when it cannot have the data: a key without a scope is refused per tool with
 * the API's 403 code and message, never data; a pinned key reads its project only; malformed,
 * unknown and hostile calls get errors, and the server keeps answering.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODES, ENDPOINTS, SCOPES, type Scope } from "../../src/contract/index.js";
import { toolName } from "../../src/mcp/endpoint-tools.js";
import { startProxy, type TestProxy } from "../_proxy.js";
import { testDir } from "../_tmp.js";
import { useService } from "../service/_fixture.js";
import { CLI, type McpSession, startMcp } from "./_mcp.js";

const svc = useService("pglite");
const ID = "00000000-0000-4000-8000-000000000001";

/** The arguments that make each endpoint's call well-formed (ids the refusal comes before). */
function argsFor(def: (typeof ENDPOINTS)[number], project: string): Record<string, unknown> {
  const path = def.path.includes("{competitor}")
    ? { competitor: ID }
    : def.path.includes("{prompt}")
      ? { prompt: ID }
      : {};
  return { ...path, ...(def.params === "none" ? {} : { project_id: project }) };
}

describe("a key without a scope", () => {
  for (const scope of SCOPES) {
    it(`is refused by every tool that needs ${scope}, with the API's code and message`, async () => {
      const key = await svc.mint(SCOPES.filter((s) => s !== scope) as Scope[]);
      const mcp = await startMcp(["--base-url", svc.origin], key);
      try {
        const needing = ENDPOINTS.filter((e) => e.specRow > 0 && e.scope === scope);
        expect(needing.length).toBeGreaterThan(0);
        for (const def of needing) {
          const { isError, body } = await mcp.call(toolName(def.id), argsFor(def, svc.demo.mainProjectId));
          expect({ tool: def.id, isError, status: body.error.status, code: body.error.code }).toEqual({
            tool: def.id,
            isError: true,
            status: 403,
            code: CODES.scopeMissing,
          });
          expect(body.error.missing_scopes).toEqual([scope]);
          expect(body.error.message).toContain("API key lacks a required scope");
          expect(body.data).toBeUndefined();
        }
        if (scope === "visibility:read") {
          // generate_report writes what the key can read, as `generate` does (docs/mcp.md).
          for (const tool of ["report_summary", "explain_change"]) {
            const args = tool === "explain_change" ? { metric: "mention_rate" } : {};
            const { isError, body } = await mcp.call(tool, args);
            expect({ tool, isError, code: body.error.code, missing: body.error.missing_scopes }).toEqual({
              tool,
              isError: true,
              code: CODES.scopeMissing,
              missing: ["visibility:read"],
            });
          }
        }
      } finally {
        await mcp.close();
      }
    });
  }

  it("pinned to a project reads that project only, whatever project_id says", async () => {
    const second = svc.demo.projects[1]!.id;
    const mcp = await startMcp(["--base-url", svc.origin], svc.keys.pinnedSecond);
    try {
      const { body } = await mcp.call("list_projects");
      expect(body.pinned).toBe(true);
      expect(body.projects.map((p: { id: string }) => p.id)).toEqual([second]);
      const summary = await mcp.call("report_summary", { project: svc.demo.mainProjectId });
      expect(summary.isError).toBe(true);
      expect(summary.body.error.params.project[0]).toContain(second);
    } finally {
      await mcp.close();
    }
  });
});

describe("hostile and malformed calls", () => {
  let mcp: McpSession;
  let proxy: TestProxy;
  /** The requests that reached the service: the server talks to it through a counting proxy. */
  const seen: string[] = [];
  beforeAll(async () => {
    proxy = await startProxy(new URL(svc.origin), (req) => {
      seen.push(req.url ?? "");
      return false;
    });
    mcp = await startMcp(["--base-url", proxy.url], svc.keys.all);
  });
  afterAll(async () => {
    await mcp?.close();
    await proxy?.close();
  });

  it("refuses an unknown tool with the list of tools", async () => {
    await expect(mcp.call("drop_tables", {})).rejects.toThrow(
      /unknown tool "drop_tables": the tools are list_projects/,
    );
  });

  it("refuses wrong types, unknown arguments, huge strings and a 10,000-character prompt id before calling", async () => {
    const project_id = svc.demo.mainProjectId;
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ["get_overview", { project_id, range: 30 }, "range", /expected one of "7d"\|"30d"\|"90d"/],
      ["get_overview", { project_id, range: "5d" }, "range", /expected one of/],
      ["list_prompts", { project_id, per_page: 1000 }, "per_page", /must be at most 100/],
      ["list_prompts", { project_id, page: "2abc" }, "page", /must be an integer/],
      [
        "list_prompts",
        { project_id, search: "x".repeat(1_000_000) },
        "search",
        /must be at most 255 characters/,
      ],
      ["get_prompt_answers", { project_id, prompt: "p".repeat(10_000) }, "prompt", /must be a UUID/],
      ["get_prompt_answers", { project_id }, "prompt", /./],
      ["get_workspace", { drop: true }, "query", /Unrecognized key/],
      ["get_overview", { project_id: ["a", "b"] }, "project_id", /./],
      ["explain_change", { metric: "vibes" }, "metric", /expected one of/],
      [
        "explain_change",
        { metric: "mention_rate", platform: "grok", competitor: "Lumora" },
        "competitor",
        /one scope at a time/,
      ],
      ["report_summary", { month: "2026-13" }, "month", /must be a month YYYY-MM/],
      ["report_summary", { range: "7d", month: "2026-10" }, "month", /cannot be given with range/],
      ["generate_report", { formats: ["exe"] }, "formats", /expected one of/],
    ];
    for (const [tool, args, param, message] of cases) {
      const { isError, body } = await mcp.call(tool, args);
      expect({ tool, param, isError, status: body.error.status }).toEqual({
        tool,
        param,
        isError: true,
        status: 422,
      });
      expect(body.error.params[param]?.join(" ")).toMatch(message);
    }
  });

  it("sent none of those calls to the service", () => {
    expect(seen).toEqual([]);
  });

  it("answers the API's own 422 with the parameter and its allowed values", async () => {
    const { isError, body } = await mcp.call("get_overview", {});
    expect(isError).toBe(true);
    expect(body.error.params).toEqual({
      project_id: ["is required for a key not pinned to a project (ids come from GET /projects)"],
    });
  });

  it("says a missing id is not found, and keeps answering after everything above", async () => {
    const { body } = await mcp.call("get_competitor", { competitor: ID, project_id: svc.demo.mainProjectId });
    expect(body.error.status).toBe(404);
    const after = await mcp.call("list_projects");
    expect(after.isError).toBe(false);
    expect(after.body.projects.length).toBeGreaterThan(0);
    expect(mcp.transportErrors).toEqual([]);
  });
});

describe("the protocol stream itself", () => {
  it("survives a line that is not JSON and a 5 MB line, answers the next request and exits 0 when stdin closes", async () => {
    const dir = testDir("mcp-raw");
    writeFileSync(join(dir, "key.txt"), svc.keys.all);
    const child = spawn(
      process.execPath,
      [CLI, "mcp", "--base-url", svc.origin, "--api-key-file", join(dir, "key.txt")],
      { cwd: dir, stdio: ["pipe", "pipe", "pipe"] },
    );
    try {
      type Reply = { id: number; result?: { serverInfo: { name: string } }; error?: { code: number } };
      const replies: Reply[] = [];
      let buffered = "";
      const waiting = new Map<number, (r: Reply) => void>();
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines.filter(Boolean)) {
          const reply = JSON.parse(line) as Reply;
          replies.push(reply);
          waiting.get(reply.id)?.(reply);
        }
      });
      /** The reply to request `id`, when it comes (every line of stdout must be JSON: parsed above). */
      const reply = (id: number) =>
        new Promise<Reply>((resolve) => {
          const done = replies.find((r) => r.id === id);
          if (done) resolve(done);
          else waiting.set(id, resolve);
        });
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      child.stdin.write("this is not JSON\n");
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "x".repeat(5_000_000) })}\n`);
      child.stdin.write(
        `${JSON.stringify({
          jsonrpc: "2.0",
          id: 8,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "raw", version: "1" },
          },
        })}\n`,
      );
      expect((await reply(7)).error?.code).toBe(-32601);
      expect((await reply(8)).result?.serverInfo.name).toBe("vreport");
      child.stdin.end();
      expect(await exited).toBe(0);
    } finally {
      child.kill();
    }
  });
});
