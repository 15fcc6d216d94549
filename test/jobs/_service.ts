/**
 * The real report service for the job suites: the demo workspace seeded small (the run's `jobs`
 * snapshot) in a temporary PGlite directory, served over loopback HTTP in the test process (the
 * `vreport serve` setup that several workers share), plus an HTTP proxy in front of it that can slow requests down or make
 * one project 404, so failures and long jobs happen on real sockets.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EmbeddedService, startEmbedded } from "../../src/service/embedded.js";
import { startProxy } from "../_proxy.js";
import { SNAPSHOT_AS_OF, snapshotDirectory } from "../_snapshots.js";

/** The demo's fixed as-of day: reports are the same on every run. */
export const AS_OF = SNAPSHOT_AS_OF;

export interface TestService {
  baseUrl: string;
  apiKey: string;
  projects: { id: string; name: string }[];
  /** Behaviour of the proxy (`proxyUrl`): delay every request, answer 404 for one project. */
  proxy: { delayMs: number; notFoundProject?: string };
  proxyUrl: string;
  close(): Promise<void>;
}

/** Seeds, serves and proxies the demo; `close` removes everything. */
export async function startTestService(): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), "vreport-jobs-db-"));
  // The run's seeded snapshot (test/_snapshots.ts), copied into the new directory.
  await snapshotDirectory("jobs", dir);
  const embedded: EmbeddedService = await startEmbedded({ database: dir, asOf: AS_OF });
  const target = new URL(embedded.baseUrl);
  const proxyState: TestService["proxy"] = { delayMs: 0 };
  const proxy = await startProxy(target, async (req, res) => {
    if (proxyState.delayMs > 0) await new Promise((r) => setTimeout(r, proxyState.delayMs));
    const nf = proxyState.notFoundProject;
    if (nf === undefined || !(req.url ?? "").includes(`project_id=${nf}`)) return false;
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: 404, messages: "project not found", data: null }));
    return true;
  });
  const res = await fetch(`${embedded.baseUrl}/projects`, {
    headers: { authorization: `Bearer ${embedded.apiKey}` },
  });
  const body = (await res.json()) as { data: { projects: { id: string; name: string }[] } };
  return {
    baseUrl: embedded.baseUrl,
    apiKey: embedded.apiKey,
    projects: body.data.projects.map((p) => ({ id: p.id, name: p.name })),
    proxy: proxyState,
    proxyUrl: proxy.url,
    async close() {
      await proxy.close();
      await embedded.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
