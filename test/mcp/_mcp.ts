/**
 * A real MCP client (the SDK's) connected over stdio to `node dist/cli/index.js mcp` as a child
 * process: what an assistant's host does. The tests read tool results as the model would.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The built CLI the tests start (npm run build). */
export const CLI = new URL("../../dist/cli/index.js", import.meta.url).pathname;

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr (its notices and logs). */
  stderr(): string;
  /** Errors the client's transport saw: a line on stdout that is not the protocol would be one. */
  transportErrors: Error[];
  /** Calls a tool and parses its first text block as JSON (read by path, as a model reads it). */
  // biome-ignore lint/suspicious/noExplicitAny: a tool's JSON is read by path in the assertions.
  call(name: string, args?: Record<string, unknown>): Promise<{ isError: boolean; body: any; note?: string }>;
  close(): Promise<void>;
}

/** Starts `vreport mcp` with a key (written to a file, as `--api-key-file` reads it) or as given by `args`. */
export async function startMcp(args: string[], key?: string): Promise<McpSession> {
  const dir = mkdtempSync(join(tmpdir(), "vreport-mcp-"));
  const keyArgs: string[] = [];
  if (key !== undefined) {
    writeFileSync(join(dir, "key.txt"), `${key}\n`, { mode: 0o600 });
    keyArgs.push("--api-key-file", join(dir, "key.txt"));
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "mcp", ...args, ...keyArgs],
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const transportErrors: Error[] = [];
  const client = new Client({ name: "vreport-test", version: "1" });
  await client.connect(transport);
  // Set after connect: the client installs its own handler there.
  const clientOnError = transport.onerror;
  transport.onerror = (err) => {
    transportErrors.push(err);
    clientOnError?.(err);
  };
  return {
    client,
    stderr: () => stderr,
    transportErrors,
    async call(name, toolArgs = {}) {
      const r = (await client.callTool({ name, arguments: toolArgs })) as CallToolResult;
      const [first, second] = r.content;
      const body = first?.type === "text" ? JSON.parse(first.text) : undefined;
      return {
        isError: r.isError === true,
        body,
        ...(second?.type === "text" ? { note: second.text } : {}),
      };
    },
    async close() {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
