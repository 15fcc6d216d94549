/** A rate-limited key: the tool's error says when to call again, and the server keeps answering. */
import { expect, it } from "vitest";
import { CODES } from "../../src/contract/index.js";
import { useService } from "../service/_fixture.js";
import { startMcp } from "./_mcp.js";

const WINDOW_S = 60;
const svc = useService("pglite", { rateLimit: { max: 2, timeWindowMs: WINDOW_S * 1000 } });

it("answers a 429 with the seconds to wait", async () => {
  const mcp = await startMcp(["--base-url", svc.origin], svc.keys.all);
  try {
    expect((await mcp.call("list_projects")).isError).toBe(false);
    expect((await mcp.call("get_workspace")).isError).toBe(false);
    const { isError, body } = await mcp.call("list_projects");
    expect([isError, body.error.status, body.error.code]).toEqual([true, 429, CODES.rateLimited]);
    const wait = body.error.retry_after_seconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(WINDOW_S);
    expect(body.error.hint).toBe(`Rate limited: call again in ${wait} seconds.`);
    expect(mcp.transportErrors).toEqual([]);
  } finally {
    await mcp.close();
  }
});
