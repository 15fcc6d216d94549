import { execFile } from "node:child_process";
import { readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCommand } from "../../src/cli/commands/generate.js";
import { CliError, EXIT } from "../../src/cli/errors.js";
import type { Io } from "../../src/cli/io.js";
import { type RunningServer, startServer } from "../../src/service/index.js";
import { migratedLocation } from "../_migrated-location.js";
import { tempDir } from "../_tmp.js";
import { startTestService, type TestService } from "../jobs/_service.js";
import { pdfInfo, pdfStructure, structElements } from "../render/_pdf-tools.js";
import type { FreshLocation } from "../store/_databases.js";

function capture(): Io & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (l) => lines.push(l), err: (l) => lines.push(l), tty: false };
}

async function exitCodeOf(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, message: err.message };
    throw err;
  }
  throw new Error("expected the command to fail");
}

describe("vreport generate: bad input gets one clear line and a non-zero exit", () => {
  const out = tempDir("cli");

  it.each([
    [{ range: "9d" }, 'invalid --range "9d": allowed values are 7d, 30d, 90d'],
    [
      { format: "pdf,docx" },
      'invalid --format "pdf,docx": allowed values are pdf, xlsx, md, html (comma-separated) or all',
    ],
    [{ pageSize: "A3" }, 'invalid --page-size "A3": allowed values are A4, Letter'],
    [{ answers: "latest" }, 'invalid --answers "latest": allowed values are all'],
    [
      { baseUrl: "ftp://x", apiKey: "k" },
      'invalid --base-url "ftp://x": allowed values are an http:// or https:// URL',
    ],
    [
      { asOf: "2026-13-45" },
      'invalid --as-of "2026-13-45": allowed values are dates YYYY-MM-DD from 2000-01-01 to 9999-12-30',
    ],
    // Date.parse would roll this into March 3rd.
    [
      { asOf: "2026-02-31" },
      'invalid --as-of "2026-02-31": allowed values are dates YYYY-MM-DD from 2000-01-01 to 9999-12-30',
    ],
    // PostgreSQL has no year 0: days outside the service's bounds stop at the flag.
    [
      { asOf: "0001-01-01" },
      'invalid --as-of "0001-01-01": allowed values are dates YYYY-MM-DD from 2000-01-01 to 9999-12-30',
    ],
    [{ project: "x", allProjects: true }, "--project and --all-projects cannot be used together: pick one"],
    [{ concurrency: "0" }, 'invalid --concurrency "0": allowed values are a positive integer'],
    [{ email: "a@example.com" }, "--email needs --smtp-url (or VREPORT_SMTP_URL)"],
    [
      { locale: "nl-NL" },
      'invalid --locale "nl-NL": allowed values are en, de, fr, es or a locale of one of them (de-DE)',
    ],
  ])("%o → exit 2", async (flags, message) => {
    const r = await exitCodeOf(generateCommand({ out, ...flags }, capture()));
    expect(r).toEqual({ code: EXIT.usage, message });
    expect(await readdir(out)).toEqual([]);
  });

  // The built CLI (`npm test` builds first): commander's own errors must stay one line too.
  it.each([
    [["--bogus"], "error: unknown option '--bogus'"],
    [["--range"], "error: option '--range <range>' argument missing"],
    // Commander would take --out as the project and say only "too many arguments".
    [
      ["--project", "--out", "/tmp/x"],
      "error: option '--project <id|name>' argument missing (--out follows it)",
    ],
  ])("generate %j prints one line and exits 2", async (args, line) => {
    const cli = join(import.meta.dirname, "../../dist/cli/index.js");
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [cli, "generate", ...args], (_err, _stdout, stderr) =>
        resolve({ code: child.exitCode, stderr }),
      );
    });
    expect({ code, stderr }).toEqual({ code: EXIT.usage, stderr: `${line}\n` });
  });

  it("a bad config file exits 2 naming the field, before any service is contacted", async () => {
    const config = join(out, "..", `vreport-bad-config-${process.pid}.json`);
    await writeFile(config, JSON.stringify({ timezone: "Mars/Olympus" }));
    try {
      // Nothing listens on port 9: were the service contacted first, this would exit 4.
      const r = await exitCodeOf(
        generateCommand(
          { out, config, baseUrl: "http://127.0.0.1:9", apiKey: "vr_x", format: "md" },
          capture(),
        ),
      );
      expect(r).toEqual({
        code: EXIT.usage,
        message: `config file ${config}: timezone: must be an IANA timezone like Europe/Paris`,
      });
    } finally {
      await rm(config, { force: true });
    }
  });

  it("says in one line, before starting, that it serves the demo; an unreachable database exits 4 without its password", async () => {
    const io = capture();
    const r = await exitCodeOf(
      generateCommand({ out, format: "md", database: "postgres://demo:s3cret@127.0.0.1:9/demo" }, io),
    );
    expect(io.lines[0]).toBe(
      "vreport: no --base-url given: serving the local database postgres://demo:***@127.0.0.1:9/demo on loopback",
    );
    expect(r).toMatchObject({
      code: EXIT.unreachable,
      message: "the database server is unreachable (ECONNREFUSED)",
    });
    expect(`${io.lines.join("\n")}\n${r.message}`).not.toContain("s3cret");
  });

  it("an unreachable service exits 4 and writes nothing", async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((r) => probe.close(() => r()));
    const r = await exitCodeOf(
      generateCommand(
        { out, baseUrl: `http://127.0.0.1:${port}/core/api/external/v1`, apiKey: "vr_x", format: "md" },
        capture(),
      ),
    );
    expect(r.code).toBe(EXIT.unreachable);
    expect(r.message).toMatch(/^service unreachable: /);
    expect(await readdir(out)).toEqual([]);
  });

  describe("against a real service", () => {
    let server: RunningServer;
    let database: FreshLocation;
    beforeAll(async () => {
      // Loaded from the run's migrated snapshot: an in-memory database would migrate anew (~2 s).
      database = await migratedLocation("pglite", "vreport-cli-server-");
      server = await startServer({ database: database.location, port: 0, webhooks: false });
    });
    afterAll(async () => {
      await server?.close();
      await database?.dispose();
    });

    it("an invalid key exits 3, and the key never appears in the message", async () => {
      const key = "vr_thisIsNotARealKeyButLooksLikeOne123456789";
      const r = await exitCodeOf(
        generateCommand({ out, baseUrl: server.baseUrl, apiKey: key, format: "md" }, capture()),
      );
      expect(r.code).toBe(EXIT.auth);
      expect(r.message).not.toContain(key);
      expect(await readdir(out)).toEqual([]);
    });
  });
});

describe("vreport generate: a server that dies mid-report leaves no file", () => {
  let server: Server;
  const out = tempDir("cli");
  beforeAll(async () => {
    server = createServer((req, res) => {
      // Looks like a service for /projects, then cuts every other request.
      if (req.url?.endsWith("/projects")) {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            code: 2400,
            data: {
              pinned: true,
              projects: [
                {
                  id: "11111111-1111-4111-8111-111111111111",
                  name: "Acme",
                  brand_name: "Acme",
                  brand_domain: "acme.com",
                  status: "ACTIVE",
                  created_at: "2026-01-01T00:00:00.000Z",
                },
              ],
            },
          }),
        );
        return;
      }
      req.socket.destroy();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  it("exits 4 with nothing in the output directory", async () => {
    const { port } = server.address() as { port: number };
    const r = await exitCodeOf(
      generateCommand(
        { out, baseUrl: `http://127.0.0.1:${port}/core/api/external/v1`, apiKey: "vr_x", format: "all" },
        capture(),
      ),
    );
    expect(r.code).toBe(EXIT.unreachable);
    expect(await readdir(out)).toEqual([]);
  });
});

describe("vreport generate --accessible against a real service", () => {
  let service: TestService;
  const dir = tempDir("cli-accessible");
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service?.close();
  });

  /** Generates one project's PDF into a folder of its own; returns its `pdfinfo` and path. */
  async function pdfOf(name: string, flags: Parameters<typeof generateCommand>[0]) {
    const out = join(dir, name);
    const [file] = await generateCommand(
      { baseUrl: service.baseUrl, apiKey: service.apiKey, month: "2025-06", format: "pdf", out, ...flags },
      capture(),
    );
    return { info: pdfInfo(file!.path), path: file!.path };
  }

  it("writes a tagged PDF whose sections are H2 headings after the cover's H1, each chart a figure", async () => {
    const project = service.projects[0]!;
    const { info, path } = await pdfOf("flag", { project: project.id, accessible: true });
    expect(info.Tagged).toBe("yes");
    const elements = structElements(pdfStructure(path));
    expect(info.Title).toBe(`AI visibility report — ${project.name}`);
    const headings = elements.filter((e) => e.type === "H1" || e.type === "H2").map((e) => e.type);
    expect(headings[0]).toBe("H1");
    expect(headings.slice(1).every((h) => h === "H2")).toBe(true);
    expect(elements.filter((e) => e.type === "Table").length).toBeGreaterThan(0);
    expect(elements.filter((e) => e.type === "Figure").length).toBeGreaterThan(0);
  });

  it("follows the config file's accessible, per client; without either the PDF stays untagged", async () => {
    const [acme, other] = service.projects;
    const config = join(dir, "vreport.config.json");
    await writeFile(config, JSON.stringify({ projects: [{ match: acme!.name, accessible: true }] }));
    expect((await pdfOf("acme", { project: acme!.id, config })).info.Tagged).toBe("yes");
    expect((await pdfOf("other", { project: other!.id, config })).info.Tagged).toBe("no");
  });
});
