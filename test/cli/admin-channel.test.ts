/**
 * One database, many commands (docs/api.md, "Admin channel"): while a spawned `vreport serve`
 * holds a PGlite directory, the write commands of other processes run through its loopback admin
 * channel, authorized by the token file it writes in the directory (mode 0600).
 */
import { existsSync, statSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCommand } from "../../src/cli/commands/import.js";
import { ingestCommand } from "../../src/cli/commands/ingest.js";
import { webhooksAdd, webhooksRemove } from "../../src/cli/commands/webhooks.js";
import { ADMIN_FILE, isLoopback, readTicket } from "../../src/service/admin/index.js";
import { listKeys } from "../../src/service/keys/index.js";
import { openStore } from "../../src/service/store/db.js";
import { migratedLocation } from "../_migrated-location.js";
import { csvFolder, EXAMPLE } from "../import/_csv.js";
import { type BuiltCli, buildCli, type CliProcess, spawnCli } from "../jobs/_cli-process.js";
import type { FreshLocation } from "../store/_databases.js";
import { lines } from "./_lines.js";

const EXAMPLE_FLAGS = {
  project: "Acme",
  brand: "Acme",
  domains: "acme.example",
  timezone: "Europe/Berlin",
  competitors: "Globex=globex.example,Initech=initech.example",
};

/** Runs `vreport <args>` to its end; its exit code and output lines. */
async function run(cli: BuiltCli, args: string[]): Promise<{ code: number | null; lines: string[] }> {
  const child = spawnCli(cli, args, {});
  const code = await child.exited;
  return { code, lines: child.lines };
}

it("loopback addresses are 127.0.0.0/8 and ::1, in either notation", () => {
  expect(["127.0.0.1", "127.5.6.7", "::1", "::ffff:127.0.0.1"].map(isLoopback)).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect(["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "fe80::1", undefined].map(isLoopback)).toEqual([
    false,
    false,
    false,
    false,
    false,
  ]);
});

describe("vreport serve holds the PGlite directory; other processes' writes go through it", () => {
  let cli: BuiltCli;
  let db: FreshLocation;
  let serve: CliProcess;
  let baseUrl: string;
  beforeAll(async () => {
    cli = buildCli();
    db = await migratedLocation("pglite", "vreport-admin-");
    await importCommand(EXAMPLE, { ...EXAMPLE_FLAGS, database: db.location }, lines().io);
    serve = spawnCli(cli, ["serve", "--database", db.location, "--port", "0", "--as-of", "2025-03-02"], {});
    const line = await serve.waitFor(/serving http/, 120_000);
    baseUrl = /serving (\S+)/.exec(line)?.[1] as string;
  }, 300_000);
  afterAll(async () => {
    if (serve && serve.child.exitCode === null) {
      serve.child.kill("SIGTERM");
      await serve.exited;
    }
    await db?.dispose();
    cli?.dispose();
  });

  it("writes its token file in the directory, readable by its owner only", async () => {
    const path = join(db.location, ADMIN_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const ticket = await readTicket(db.location);
    expect(ticket?.pid).toBe(serve.pid);
    expect(ticket?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("keys create from a second process works, and the key reads the API; keys revoke ends it", async () => {
    const created = await run(cli, [
      "keys",
      "create",
      "--database",
      db.location,
      "--scopes",
      "workspace:read,visibility:read",
      "--json",
    ]);
    expect(created.code).toBe(0);
    const { id, key } = JSON.parse(created.lines.find((l) => l.startsWith("{")) as string) as {
      id: string;
      key: string;
    };
    const projects = await fetch(`${baseUrl}/projects`, { headers: { authorization: `Bearer ${key}` } });
    expect(projects.status).toBe(200);
    const body = (await projects.json()) as { data: { projects: { name: string }[] } };
    expect(body.data.projects.map((p) => p.name)).toEqual(["Acme"]);

    const revoked = await run(cli, ["keys", "revoke", id, "--database", db.location]);
    expect(revoked.code).toBe(0);
    expect(revoked.lines).toEqual([expect.stringMatching(new RegExp(`^vreport: key ${id} revoked at `))]);
    // Verified keys are cached 2 s (docs/api.md): wait for the cache to forget this one.
    await new Promise((r) => setTimeout(r, 2_100));
    const after = await fetch(`${baseUrl}/projects`, { headers: { authorization: `Bearer ${key}` } });
    expect(after.status).toBe(401);
  }, 120_000);

  it("import, ingest and webhooks add/remove run through the service, with their output and exit codes", async () => {
    const imported = lines();
    const result = await importCommand(EXAMPLE, { ...EXAMPLE_FLAGS, database: db.location }, imported.io);
    expect(imported.out).toEqual([`${EXAMPLE}: 5 rows: 0 created, 0 updated, 5 unchanged, 0 skipped`]);
    expect(result).toMatchObject({ rows: 5, unchanged: 5, written: true });

    // A bad row: the service's strict import writes nothing, its lines and exit code come back.
    const files = csvFolder();
    try {
      const bad = files.write("bad.csv", [
        "prompt,platform,answered_at,answer",
        "Best CRM?,bing,2025-03-01,Acme.",
      ]);
      const failed = lines();
      await expect(
        importCommand(bad, { ...EXAMPLE_FLAGS, database: db.location }, failed.io),
      ).rejects.toMatchObject({
        exitCode: 1,
        message: "1 of 1 rows are invalid",
      });
      expect(failed.err).toEqual([
        'row 2, column platform: "bing" is not a platform: allowed are chatgpt, google_ai_overview, perplexity, gemini, grok, claude',
      ]);
    } finally {
      files.dispose();
    }

    const sub = lines();
    await webhooksAdd(
      "https://hooks.example.com/vreport",
      { database: db.location, events: "content.status_updated", json: true },
      sub.out.push.bind(sub.out),
    );
    const { id } = JSON.parse(sub.out[0] as string) as { id: string };
    const removed: string[] = [];
    await webhooksRemove(id, { database: db.location }, (l) => removed.push(l));
    expect(removed).toEqual([`removed ${id}`]);
    await expect(webhooksRemove(id, { database: db.location }, () => {})).rejects.toMatchObject({
      exitCode: 1,
    });

    const ingested = lines();
    const file = join(import.meta.dirname, "../../docs/examples/sample.ndjson");
    await ingestCommand(file, { database: db.location }, { ...ingested.io, stdin: process.stdin });
    expect(ingested.out).toEqual([expect.stringMatching(/^.*sample\.ndjson: \d+ records, \d+ written/)]);
  }, 120_000);

  it("an admin request without the token, or with a wrong one, gets 401 and runs nothing", async () => {
    const ticket = await readTicket(db.location);
    const url = `http://127.0.0.1:${ticket?.port}/admin/v1/keys.create`;
    const body = JSON.stringify({ scopes: ["visibility:read"], json: true, name: "intruder" });
    const none = await fetch(url, { method: "POST", body });
    expect(none.status).toBe(401);
    const wrong = await fetch(url, {
      method: "POST",
      body,
      headers: { authorization: "Bearer not-the-token" },
    });
    expect(wrong.status).toBe(401);
  }, 60_000);

  it("checks every body against the command's input: empty names, malformed bodies, files it may not read", async () => {
    const ticket = await readTicket(db.location);
    const ask = async (operation: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${ticket?.port}/admin/v1/${operation}`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { authorization: `Bearer ${ticket?.token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { error?: { message: string; exitCode: number } }).error;
    };
    const { ino, dev } = statSync(EXAMPLE);
    const setup = {
      workspace: "Acme",
      project: "Acme",
      brand: "Acme",
      domains: ["acme.example"],
      variants: [],
      competitors: [],
      mapping: {},
    };
    const body = {
      file: EXAMPLE,
      identity: { dev, ino },
      name: "answers.csv",
      setup,
      options: { skipInvalid: false, read: { delimiter: "," } },
    };
    // Empty names: the flags' own schema refuses them (nothing created).
    expect(
      await ask("import", {
        ...body,
        setup: { ...setup, workspace: " ", project: "", brand: "", domains: [""] },
      }),
    ).toMatchObject({ exitCode: 2, message: "--workspace must not be empty" });
    // Malformed: a competitor without variants used to be "c.variants is not iterable".
    expect(
      await ask("import", {
        ...body,
        setup: { ...setup, competitors: [{ name: "Globex", domain: "globex.example" }] },
      }),
    ).toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^invalid request: setup\.competitors\.0\.variants: /),
    });
    expect(await ask("keys.create", { scopes: "all", json: 1 })).toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^invalid request: scopes: /),
    });
    expect(await ask("keys.revoke", {})).toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^invalid request: id: /),
    });
    // A path that names the service's own environment: refused, and nothing of it comes back.
    const environ = { ...body, file: "/proc/self/environ", identity: statSync("/proc/self/environ") };
    const refused = await ask("import", {
      ...environ,
      identity: { dev: environ.identity.dev, ino: environ.identity.ino },
    });
    expect(refused).toMatchObject({
      exitCode: 2,
      message:
        "cannot read /proc/self/environ: not the regular file the command named (moved, replaced, or not readable here)",
    });
    expect(JSON.stringify(refused)).not.toContain("PATH=");
    expect(await ask("import", { ...body, file: "-" })).toMatchObject({ exitCode: 2 });
  }, 60_000);

  it("listens on loopback only: the machine's other addresses refuse the admin port", async () => {
    const ticket = await readTicket(db.location);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal);
    if (!external) return; // a machine with loopback only has nothing else to refuse from
    await expect(
      fetch(`http://${external.address}:${ticket?.port}/admin/v1/keys.create`, { method: "POST" }),
    ).rejects.toThrow();
  });

  it("removes its token file when it stops", async () => {
    serve.child.kill("SIGTERM");
    expect(await serve.exited).toBe(0);
    expect(existsSync(join(db.location, ADMIN_FILE))).toBe(false);
    // The requests without the right token created nothing.
    const store = await openStore(db.location);
    try {
      expect((await listKeys(store)).map((k) => k.name)).not.toContain("intruder");
    } finally {
      await store.close();
    }
  }, 60_000);
});
