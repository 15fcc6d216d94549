import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ToolInputError, toolError } from "./errors.js";
import { toolRegistry } from "./registry.js";
import type { Tool, ToolContext } from "./tool.js";

/** The server's name and version as it introduces itself to a client. */
export interface ServerInfo {
  name: string;
  version: string;
}

/** The JSON Schema a client sees: derived from the tool's zod schema, as the model fills it in. */
export function jsonSchemaOf(tool: Tool): { type: "object"; [key: string]: unknown } {
  const schema = z.toJSONSchema(tool.input, {
    io: "input",
    unrepresentable: "any",
    // A named format (uuid, date) says what the long regular expression beside it says, in fewer
    // tokens; the zod schema still checks every argument (docs/mcp.md, "Tools").
    override: ({ jsonSchema }) => {
      if (jsonSchema.format !== undefined) delete jsonSchema.pattern;
    },
  }) as Record<string, unknown>;
  const { $schema: _, ...rest } = schema;
  return { ...rest, type: "object" };
}

function text(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Answers one tool call: the arguments are checked by the tool's zod schema first (a malformed
 * call never reaches the service), then the tool runs; every failure becomes a tool error a model
 * can act on (docs/mcp.md, "Errors"), never an exception out of the server.
 */
export async function callTool(tool: Tool, raw: unknown, ctx: ToolContext): Promise<CallToolResult> {
  try {
    const args = raw ?? {};
    const parsed = tool.input.safeParse(args);
    if (!parsed.success) throw ToolInputError.of(parsed.error);
    const result = await tool.run(parsed.data, ctx, args as Record<string, unknown>);
    const content: CallToolResult["content"] = [{ type: "text", text: text(result.data) }];
    if (result.note) content.push({ type: "text", text: result.note });
    return { content };
  } catch (err) {
    const body = toolError(err);
    if (body.error.status === null)
      ctx.log(
        `vreport mcp: ${tool.name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
    return { isError: true, content: [{ type: "text", text: text(body) }] };
  }
}

/** The MCP server over the tool registry: lists the tools and answers their calls. */
function createMcpServer(info: ServerInfo, ctx: Omit<ToolContext, "signal">): Server {
  const tools = toolRegistry();
  const byName = new Map(tools.map((t) => [t.name, t]));
  const listed = tools.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: jsonSchemaOf(t),
  }));
  const server = new Server(info, {
    capabilities: { tools: {} },
    instructions:
      "vreport's AI-visibility data, read through the External Read API v1 with the key the server was started with. Rates are fractions (0.423 = 42.3%), changes are differences of fractions (0.042 = +4.2 percentage points); state a change only when its stats say significant. Start with list_projects or report_summary.",
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool ${JSON.stringify(request.params.name.slice(0, 80))}: the tools are ${[...byName.keys()].join(", ")}`,
      );
    return callTool(tool, request.params.arguments, { ...ctx, signal: extra.signal });
  });
  return server;
}

/**
 * Serves the tools over stdio until the client closes the stream: stdout carries the protocol
 * only, so every diagnostic goes through `ctx.log` (stderr).
 */
export async function serveStdio(info: ServerInfo, ctx: Omit<ToolContext, "signal">): Promise<void> {
  const server = createMcpServer(info, ctx);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  server.onerror = (err) => ctx.log(`vreport mcp: ${err.message}`);
  await server.connect(transport);
  process.stdin.once("end", () => {
    void server.close();
  });
  await closed;
}
