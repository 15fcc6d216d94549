import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keysCreate, keysList, keysRevoke } from "../../src/cli/commands/keys.js";
import { seedCommand } from "../../src/cli/commands/seed.js";
import { parsePublicUrl, serveCommand } from "../../src/cli/commands/serve.js";
import { CliError } from "../../src/cli/errors.js";
import { lockPath } from "../../src/service/store/lock.js";
import { tempDir } from "../_tmp.js";

const dir = tempDir("cli");
const database = join(dir, "db");

describe("vreport seed, keys and serve on a PGlite directory", () => {
  it("seed prints one line; a second seed reuses the demo (exit 0) without --reset", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const summary = await seedCommand(
      { database, asOf: "2025-06-30", scale: 0.05 },
      (l) => out.push(l),
      (l) => err.push(l),
    );
    // Said before the tens of seconds of seeding, on standard error; the summary after, on standard output.
    expect(err).toEqual([
      `vreport: seeding the demo workspace as of 2025-06-30 into ${database} (about 30 s, longer on a busy machine)…`,
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^vreport: seeded Brightwave Marketing .* 2 projects, \d+ prompts, \d+ answers/);
    expect(summary?.projects).toHaveLength(2);
    const again: string[] = [];
    expect(
      await seedCommand({ database, asOf: "2025-06-30", scale: 0.05 }, (l) => again.push(l)),
    ).toBeUndefined();
    expect(again).toEqual([
      expect.stringMatching(
        /^vreport: reused the demo workspace already seeded in .*db \(2 projects, \d+ answers\); pass --reset to reseed it/,
      ),
    ]);
    expect(existsSync(lockPath(database))).toBe(false);
    // The CLI seeds the demo's full 13 months (docs/demo-data.md): minutes on a busy machine.
  }, 300_000);

  it("keys create validates --scopes (exit 2) and prints the key once", async () => {
    const err = await keysCreate({ database, scopes: "content:read,admin" }, () => {}).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(2);
    expect((err as CliError).message).toMatch(
      /--scopes.*workspace:read, visibility:read, contentmap:read, content:read/,
    );
    // A key expired before it is made could never answer.
    const past = await keysCreate(
      { database, scopes: "workspace:read", expiresAt: "2020-01-01T00:00:00Z" },
      () => {},
    ).catch((e: unknown) => e);
    expect(past).toMatchObject({
      exitCode: 2,
      message: "--expires-at 2020-01-01T00:00:00Z has passed: give a time in the future",
    });
    const out: string[] = [];
    const created = await keysCreate({ database, scopes: "workspace:read,content:read", json: true }, (l) =>
      out.push(l),
    );
    expect(JSON.parse(out[0]!)).toEqual({ id: created.id, key: created.key });
    const listed: string[] = [];
    await keysList({ database }, (l) => listed.push(l));
    expect(listed.join("\n")).toContain(created.id);
    expect(listed.join("\n")).not.toContain(created.key);
  });

  it("serve answers over HTTP, refuses a second opener, and releases the lock on close", async () => {
    const out: string[] = [];
    const key = (await keysCreate({ database, scopes: "workspace:read", json: true }, () => {})).key;
    const server = await serveCommand({ database, port: 0, asOf: "2025-06-30" }, (l) => out.push(l));
    try {
      expect(out).toHaveLength(1);
      expect(out[0]).toContain(server.baseUrl);
      const r = await fetch(`${server.baseUrl}/workspace`, { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(200);
      await expect(keysList({ database }, () => {})).rejects.toThrow(/in use/);
    } finally {
      await server.close();
    }
    expect(existsSync(lockPath(database))).toBe(false);
    const ids: string[] = [];
    await keysList({ database, json: true }, (l) => ids.push(l));
    const first = (JSON.parse(ids[0]!) as { id: string }[])[0]!.id;
    const revoked: string[] = [];
    await keysRevoke(first, { database }, (l) => revoked.push(l));
    expect(revoked[0]).toMatch(/revoked/);
  });
});

describe("vreport serve --public-url", () => {
  it("takes an http(s) URL without a trailing slash, and names the flag otherwise", () => {
    expect(parsePublicUrl("https://api.example.com/")).toBe("https://api.example.com");
    expect(parsePublicUrl("http://10.0.0.5:8080/vreport/")).toBe("http://10.0.0.5:8080/vreport");
    for (const bad of [
      "api.example.com",
      "ftp://x.example",
      "https://a.example/?q=1",
      "https://u:p@a.example",
    ])
      expect(() => parsePublicUrl(bad), bad).toThrow(/--public-url/);
  });
});
