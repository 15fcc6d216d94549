import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { connect } from "node:net";
import { defineConfig } from "vitest/config";
import { UNIT_TESTS } from "./test/tiers.js";

const PG_URL = "postgres://postgres@127.0.0.1:5432/test";

/** True when something accepts TCP connections on 127.0.0.1:port within a short wait. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * Finds (or, in CI, starts) the local PostgreSQL server so the store and service suites run on
 * PGlite *and* PostgreSQL. Workers inherit the environment set here. In CI a missing server is
 * a failure, never a silent skip.
 */
async function findPostgres(): Promise<void> {
  if (process.env.VREPORT_TEST_DATABASE_URL) return;
  if (!(await answers(5432)) && process.env.CI) {
    try {
      const version = readdirSync("/etc/postgresql")[0] ?? "";
      execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
        stdio: "ignore",
      });
    } catch {}
  }
  if (await answers(5432)) process.env.VREPORT_TEST_DATABASE_URL = PG_URL;
  else if (process.env.CI) throw new Error("CI: no PostgreSQL server answers on 127.0.0.1:5432");
}

/** `npm run test:unit`: the fast tier only, without the databases and the demo view the others share. */
const UNIT_TIER = process.env.VREPORT_TEST_TIER === "unit";

export default defineConfig(async () => {
  if (UNIT_TIER)
    return {
      test: { include: [...UNIT_TESTS], testTimeout: 60_000, pool: "forks", maxWorkers: 2, isolate: false },
    };
  await findPostgres();
  const pg = process.env.VREPORT_TEST_DATABASE_URL;
  console.log(
    `test databases: PGlite${pg ? ` and PostgreSQL (${pg.replace(/\/\/[^@]*@/, "//")})` : " only (no PostgreSQL server found)"}`,
  );
  return {
    test: {
      include: ["test/**/*.test.ts"],
      // PGlite and Chromium start-up dominate; generous per-test budget, never a timing assertion.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      pool: "forks",
      // Vitest's default is one worker fewer than the cores (cliApi: `numCpus - 1`), which on a
      // two-core machine ran every file one after the other. Each file has its own databases
      // (test/_snapshots.ts), ports, temporary directories and Redis prefixes, so two can run
      // at once: most of a file's time is waiting on PGlite, PostgreSQL, Chromium or children.
      maxWorkers: 2,
      // A worker runs file after file in one process, loading the sources, PGlite's WebAssembly
      // and the other dependencies once rather than once per file (about a quarter of the run's
      // CPU time). So test files must leave no shared state behind: helpers hand out copies
      // (e.g. sampleView's branding), and what a file starts (stores, servers, browsers) it closes.
      isolate: false,
      // Seeds the shared database snapshots and builds the demo view once per run.
      globalSetup: ["test/global-setup.ts"],
      reporters: ["default"],
    },
  };
});
