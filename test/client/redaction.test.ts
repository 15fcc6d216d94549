import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, REDACTED, VreportApiError } from "../../src/client/index.js";
import { type FaultServer, send, startFaultServer } from "./_fault-server.js";

const KEYS = ["vr_live_7f3a9c2e11d04b5c", "opaque-Secret-123456"];

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every string an error exposes: message, stack, each cause, and the inspected / JSON forms. */
function surfaces(err: unknown): string[] {
  const out = [inspect(err, { depth: 20, showHidden: true })];
  let e: unknown = err;
  for (let depth = 0; e !== undefined && depth < 20; depth++) {
    if (e instanceof Error) {
      out.push(e.message, e.stack ?? "", JSON.stringify(e, Object.getOwnPropertyNames(e)));
      e = e.cause;
    } else {
      out.push(String(e));
      e = undefined;
    }
  }
  return out;
}

/** A fetch that fails the way a careless wrapper might: the key in the message and the cause. */
function leakyFetch(key: string): typeof fetch {
  return async (_url, init) => {
    const headers = init?.headers as Record<string, string>;
    const inner = Object.assign(new Error(`socket hang up while sending Authorization: Bearer ${key}`), {
      code: "ECONNRESET",
      request: { headers },
    });
    throw new TypeError(`fetch failed for key ${key}`, { cause: inner });
  };
}

describe.each(KEYS)("redaction of %s", (key) => {
  it("keeps the key out of network errors, their causes and log lines", async () => {
    const lines: string[] = [];
    const logger = {
      debug: (m: string, f?: object) => lines.push(m, JSON.stringify(f)),
      warn: (m: string, f?: object) => lines.push(m, JSON.stringify(f)),
    };
    const client = createClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: key,
      fetch: leakyFetch(key),
      retries: 2,
      retryBaseDelayMs: 1,
      logger,
    });
    const err = await client.getOverview().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VreportApiError);
    const all = [...surfaces(err), ...lines];
    expect(lines.length).toBeGreaterThan(0);
    for (const text of all) expect(text).not.toContain(key);
    expect(all.join("\n")).toContain(REDACTED);
    // The redacted cause keeps what explains the failure and drops the request.
    const cause = (err as Error).cause as Error & { cause: Record<string, unknown> };
    expect(cause.cause.code).toBe("ECONNRESET");
    expect(cause.cause.request).toBeUndefined();
  });

  it("keeps the key out of errors whose body echoes it", async () => {
    server = await startFaultServer((_req, res, n) =>
      n === 0
        ? send(res, 500, { code: 5000, messages: `boom for ${key}`, data: null })
        : send(res, 401, { code: 4022, messages: `key ${key} is revoked`, data: null }),
    );
    const lines: string[] = [];
    const client = createClient({
      baseUrl: server.url,
      apiKey: key,
      retryBaseDelayMs: 1,
      logger: { warn: (m) => lines.push(m), debug: (m) => lines.push(m) },
    });
    const err = await client.listProjects().catch((e: unknown) => e);
    expect((err as Error).message).toBe(`listProjects: key ${REDACTED} is revoked (401 4022)`);
    for (const text of [...surfaces(err), ...lines]) expect(text).not.toContain(key);
    expect(lines.some((l) => l.includes(`boom for ${REDACTED}`))).toBe(true);
  });

  it("keeps the key out of shape errors quoting the body", async () => {
    server = await startFaultServer((_req, res) => send(res, 200, `{"token":"${key}"`));
    const client = createClient({ baseUrl: server.url, apiKey: key });
    const err = await client.listProjects().catch((e: unknown) => e);
    for (const text of surfaces(err)) expect(text).not.toContain(key);
  });
});

it("redacts any vr_ key, not only the client's own", async () => {
  server = await startFaultServer((_req, res) =>
    send(res, 404, { code: 404, messages: "project of vr_other_key999 not found", data: null }),
  );
  const client = createClient({ baseUrl: server.url, apiKey: "vr_mine_123" });
  await expect(client.getSetup()).rejects.toThrow(`getSetup: project of ${REDACTED} not found (404)`);
});
