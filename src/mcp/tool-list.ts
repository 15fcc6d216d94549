import { toolRegistry } from "./registry.js";
import { jsonSchemaOf } from "./server.js";

/**
 * docs/mcp.md's tool list, generated from the registry the server lists (a test holds the two
 * equal): each tool's name, its arguments (required ones marked) and the first sentence of what it
 * returns.
 */
export function toolListMarkdown(): string {
  const rows = toolRegistry().map((tool) => {
    const schema = jsonSchemaOf(tool) as { properties?: Record<string, unknown>; required?: string[] };
    const required = new Set(schema.required ?? []);
    const args = Object.keys(schema.properties ?? {})
      .map((name) => (required.has(name) ? `**${name}**` : name))
      .join(", ");
    const first = tool.description.split(/(?<=\.) /)[0] ?? "";
    return `| \`${tool.name}\` | ${args || "—"} | ${first.replace(/\|/g, "\\|")} |`;
  });
  return ["| Tool | Arguments (**required**) | Returns |", "| --- | --- | --- |", ...rows].join("\n");
}
