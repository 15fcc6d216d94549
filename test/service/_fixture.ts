/**
 * One seeded service per test file: the demo workspace (small scale, fixed as-of day) plus the
 * second workspace, keys for every case, and the same app reachable in-process (`inject`) and
 * over a real socket (`fetch`), so every assertion runs on both transports (h3's describeMatrix).
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import { API_PREFIX, SCOPES, type Scope } from "../../src/contract/index.js";
import type { LoggerConfig } from "../../src/service/http/_logger.js";
import { createApp } from "../../src/service/http/app.js";
import { createKey } from "../../src/service/keys/index.js";
import type { Store } from "../../src/service/store/db.js";
import type { SeedSummary } from "../../src/service/store/seed/index.js";
import { openSnapshot, SNAPSHOT_AS_OF } from "../_snapshots.js";
import { TEST_DATABASES, type TestDatabaseKind } from "../store/_databases.js";

export const AS_OF = SNAPSHOT_AS_OF;
/** Noon UTC on the as-of day: the same calendar day in Paris and New York. */
export const NOW = new Date(`${AS_OF}T12:00:00Z`);
export const ALL_SCOPES: Scope[] = [...SCOPES];

export interface Response {
  status: number;
  headers: Record<string, string>;
  body: { code: number; messages?: string; data: unknown };
  text: string;
}

export type Transport = "inject" | "socket";

export interface Service {
  kind: TestDatabaseKind;
  store: Store;
  app: FastifyInstance;
  demo: SeedSummary;
  other: SeedSummary;
  keys: { all: string; pinned: string; pinnedSecond: string; other: string } & Record<Scope, string>;
  /** Mints a key on demand (revoked/expired cases). */
  mint(
    scopes: Scope[],
    extra?: { projectId?: string; expiresAt?: Date; workspaceId?: string },
  ): Promise<string>;
  /** GET on the chosen transport; `path` is under API_PREFIX unless it starts with `/api/` or `!`. */
  get(transport: Transport, path: string, headers?: Record<string, string>): Promise<Response>;
  origin: string;
}

/** The full path of a relative endpoint path (`!` prefix = use verbatim). */
export function fullPath(path: string): string {
  if (path.startsWith("!")) return path.slice(1);
  return path.startsWith("/api/") ? path : API_PREFIX + path;
}

/** Seeds and starts a service in `beforeAll`; the returned object is filled in when tests run. */
export function useService(
  kind: TestDatabaseKind,
  options: { logger?: LoggerConfig; rateLimit?: { max: number; timeWindowMs: number } | false } = {},
): Service {
  const svc = { kind } as Service;
  beforeAll(async () => {
    // A private copy of the run's seeded snapshot: the small demo and the second workspace.
    const {
      store,
      summaries: { demo, other },
    } = await openSnapshot(kind, "service");
    const mint: Service["mint"] = async (scopes, extra = {}) =>
      (
        await createKey(store, {
          workspaceId: extra.workspaceId ?? demo.workspaceId,
          scopes,
          ...(extra.projectId ? { projectId: extra.projectId } : {}),
          ...(extra.expiresAt ? { expiresAt: extra.expiresAt } : {}),
        })
      ).key;
    const second = demo.projects[1]!.id;
    const keys = {
      all: await mint(ALL_SCOPES),
      pinned: await mint(ALL_SCOPES, { projectId: demo.mainProjectId }),
      pinnedSecond: await mint(ALL_SCOPES, { projectId: second }),
      other: await mint(ALL_SCOPES, { workspaceId: other.workspaceId }),
    } as Service["keys"];
    for (const scope of SCOPES) keys[scope] = await mint([scope]);
    const app = createApp({
      store,
      now: () => NOW,
      logger: options.logger ?? false,
      rateLimit: options.rateLimit ?? false,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    Object.assign(svc, { store, app, demo, other, keys, mint, origin: `http://127.0.0.1:${port}` });
    svc.get = async (transport, path, headers = {}) => {
      const url = fullPath(path);
      if (transport === "inject") {
        const r = await app.inject({ method: "GET", url, headers });
        return {
          status: r.statusCode,
          headers: r.headers as Record<string, string>,
          body: r.json(),
          text: r.body,
        };
      }
      const r = await fetch(svc.origin + url, { headers });
      const text = await r.text();
      const out: Record<string, string> = {};
      r.headers.forEach((v, k) => {
        out[k] = v;
      });
      return { status: r.status, headers: out, body: JSON.parse(text), text };
    };
  });
  afterAll(async () => {
    await svc.app?.close();
    await svc.store?.close();
  });
  return svc;
}

/** `describe` once per database kind, with a seeded service. */
export function describeService(
  name: string,
  body: (svc: Service) => void,
  options?: Parameters<typeof useService>[1],
): void {
  for (const kind of TEST_DATABASES) {
    describe(`${name} [${kind}]`, () => {
      body(useService(kind, options));
    });
  }
}

/** Bearer header for a key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
export const TRANSPORTS: Transport[] = ["inject", "socket"];
