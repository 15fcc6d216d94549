/**
 * Progress lines in order: with reports in parallel, the plain (non-terminal)
 * lines of one project carry the same `[k/N]`, its place in the batch, on its start and its
 * finish, whatever order the reports finish in.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { createBatchProgress } from "../../src/cli/batch-progress.js";
import { createClient } from "../../src/client/index.js";
import type { Project } from "../../src/contract/index.js";
import { runBatch } from "../../src/jobs/batch.js";
import type { RenderedReport } from "../../src/pipeline/generate-report.js";

const project = (name: string, i: number): Project => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name,
  brand_name: name,
  brand_domain: `${name.toLowerCase()}.test`,
  status: "ACTIVE" as Project["status"],
  created_at: "2025-01-01T00:00:00Z",
});

it("numbers each project's lines by its place in the batch, so a later project finishing first reads in order", async () => {
  // Acme (first) takes longer than Beta (second): Beta finishes first.
  const delays: Record<string, number> = { Acme: 120, Beta: 10 };
  const render = async (_c: unknown, job: { project: Project }): Promise<RenderedReport> => {
    await sleep(delays[job.project.name] ?? 0);
    return {
      files: [{ format: "md", path: `/x/${job.project.name}.md`, bytes: 10, assets: [] }],
      cover: {} as RenderedReport["cover"],
      agency: "vreport",
      headline: [],
      locale: "en-US",
      findings: [],
    };
  };
  const lines: string[] = [];
  const progress = createBatchProgress({ tty: false, out: () => {}, err: (l) => lines.push(l) });
  await runBatch(
    createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" }),
    [project("Acme", 1), project("Beta", 2)],
    (project) => ({ job: { project } }) as never,
    { concurrency: 2, render, onProgress: (e) => progress.onProgress(e) },
  );
  // The time varies from run to run; everything else is exact.
  expect(lines.map((l) => l.replace(/done in [^(]+\(/, "done in T ("))).toEqual([
    "[1/2] Acme: rendering…",
    "[2/2] Beta: rendering…",
    "[2/2] Beta: done in T (1 file)",
    "[1/2] Acme: done in T (1 file)",
  ]);
});
