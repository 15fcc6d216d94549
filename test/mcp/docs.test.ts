/** docs/mcp.md's tool list is the server's own registry (UPDATE_DOCS=1 rewrites it from the registry). */
import { readFileSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { toolListMarkdown } from "../../src/mcp/tool-list.js";

const DOC = new URL("../../docs/mcp.md", import.meta.url).pathname;
const SECTION = /(<!-- tool-list:[^\n]*-->\n)([\s\S]*?)(<!-- \/tool-list -->)/;

it("lists exactly the tools the server registers", () => {
  const doc = readFileSync(DOC, "utf8");
  const generated = `${toolListMarkdown()}\n`;
  if (process.env.UPDATE_DOCS === "1")
    writeFileSync(
      DOC,
      doc.replace(SECTION, (_, open, _old, close) => open + generated + close),
    );
  const listed = SECTION.exec(readFileSync(DOC, "utf8"))?.[2];
  expect(listed).toBe(generated);
});
