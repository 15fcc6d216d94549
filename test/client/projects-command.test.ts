import { afterEach, describe, expect, it } from "vitest";
import { projectsCommand } from "../../src/cli/commands/projects.js";
import { CliError, EXIT } from "../../src/cli/errors.js";
import { openStore } from "../../src/service/store/db.js";
import { snapshotTarball } from "../_snapshots.js";
import { testDir } from "../_tmp.js";
import { type FaultServer, send, startFaultServer } from "./_fault-server.js";

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PROJECTS = {
  pinned: false,
  projects: [
    {
      id: "00000000-0000-4000-8000-000000000001",
      name: "Acme",
      brand_name: "Acme Corp",
      brand_domain: "acme.example",
      status: "ACTIVE",
      created_at: "2025-01-01T00:00:00.000Z",
    },
    {
      id: "00000000-0000-4000-8000-000000000002",
      name: "Globex Analytics",
      brand_name: "Globex",
      brand_domain: "globex.example",
      status: "ACTIVE",
      created_at: "2025-01-02T00:00:00.000Z",
    },
  ],
};

/** Runs the command and returns its lines, or the CliError it threw. */
async function run(opts: Parameters<typeof projectsCommand>[0], env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const errors: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => errors.push(l) };
  const result = await projectsCommand(opts, io, env).catch((e: unknown) => e);
  return { lines, errors, result };
}

describe("vreport projects", () => {
  it("prints a table of the projects, reading base URL and key from the environment", async () => {
    server = await startFaultServer((_req, res) => send(res, 200, { code: 2400, data: PROJECTS }));
    const { lines, result } = await run(
      {},
      { VREPORT_BASE_URL: `${server.url}/core/api/external/v1`, VREPORT_API_KEY: "vr_env" },
    );
    expect(result).toHaveLength(2);
    expect(lines[0]).toMatch(/^ID +NAME +BRAND +DOMAIN +STATUS$/);
    expect(lines[2]).toBe(
      "00000000-0000-4000-8000-000000000002  Globex Analytics  Globex     globex.example  ACTIVE",
    );
    expect(server.requests[0]!.headers.authorization).toBe("Bearer vr_env");
  });

  it("prints JSON with --json, and flags win over the environment", async () => {
    server = await startFaultServer((_req, res) => send(res, 200, { code: 2400, data: PROJECTS }));
    const { lines } = await run(
      { baseUrl: server.url, apiKey: "vr_flag", json: true },
      { VREPORT_API_KEY: "vr_env" },
    );
    expect(JSON.parse(lines.join("\n"))).toEqual(PROJECTS);
    expect(server.requests[0]!.headers.authorization).toBe("Bearer vr_flag");
  });

  it("says in one line that the key is missing, without a request", async () => {
    server = await startFaultServer((_req, res) => send(res, 200, { code: 2400, data: PROJECTS }));
    const { result } = await run({ baseUrl: server.url });
    expect(result).toBeInstanceOf(CliError);
    expect((result as CliError).message).toBe(
      "--api-key-file (or VREPORT_API_KEY, or --api-key) is required with --base-url",
    );
    expect((result as CliError).exitCode).toBe(EXIT.usage);
    expect(server.requests).toHaveLength(0);
  });

  it("exits 3 on an invalid key, with the key redacted", async () => {
    server = await startFaultServer((_req, res) =>
      send(res, 401, { code: 4022, messages: "API key invalid, revoked or expired", data: null }),
    );
    const { result } = await run({ baseUrl: server.url, apiKey: "vr_bad_key" });
    expect((result as CliError).exitCode).toBe(EXIT.auth);
    expect((result as CliError).message).toBe("listProjects: API key invalid, revoked or expired (401 4022)");
  });

  it("exits 4 when the service is unreachable", async () => {
    server = await startFaultServer(() => {});
    const url = server.url;
    await server.close();
    server = undefined;
    const { result } = await run({ baseUrl: url, apiKey: "vr_x", retries: 0 });
    expect((result as CliError).exitCode).toBe(EXIT.unreachable);
    expect((result as CliError).message).toMatch(
      /^service unreachable: listProjects: network error: ECONNREFUSED/,
    );
  });

  it("exits 2 on a base URL that is not http(s)", async () => {
    const { result } = await run({ baseUrl: "ftp://example", apiKey: "vr_x" });
    expect((result as CliError).exitCode).toBe(EXIT.usage);
  });
});

describe("vreport projects without a base URL", () => {
  it("lists the embedded demo's projects, as generate reports on them, and says so on stderr", async () => {
    const dir = testDir("projects-demo");
    // The run's seeded demo (test/_snapshots.ts) in a PGlite directory, as `vreport seed` leaves it.
    await (await openStore(dir, { loadDataDir: snapshotTarball("jobs") })).close();
    const { lines, errors, result } = await run({ database: dir });
    expect(result).toHaveLength(2);
    expect(errors).toEqual([`vreport: no --base-url given: serving the local database ${dir} on loopback`]);
    expect(lines.map((l) => l.split(/ {2,}/).slice(1))).toEqual([
      ["NAME", "BRAND", "DOMAIN", "STATUS"],
      ["Brightwave", "Brightwave", "brightwave.io", "ACTIVE"],
      ["Brightwave Events", "Brightwave Events", "events.brightwave.io", "ACTIVE"],
    ]);
  }, 60_000);
});
