/**
 * `--answers all` on a disk that refuses writes: the run fails at once with the write's error,
 * leaves no partial workbook and ends (it used to wait for ever on the zip that no longer drained,
 * holding an embedded service's database lock). /dev/full answers every write with ENOSPC; the
 * CLI runs under a file-size limit (`ulimit -f`, EFBIG), the same failure of its output stream.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeAnswersWorkbook } from "../../src/pipeline/answers-workbook.js";
import type { PeriodAnswer } from "../../src/report/fetch-answers.js";
import { testDir } from "../_tmp.js";
import { type BuiltCli, buildCli } from "../jobs/_cli-process.js";
import { startTestService, type TestService } from "../jobs/_service.js";

/** `n` answers of 1.5 KB each, then (with `hang`) a fetch that never answers. */
async function* answers(n: number, hang = false): AsyncGenerator<PeriodAnswer> {
  for (let i = 0; i < n; i++)
    yield {
      collectedAt: "2025-06-01T08:00:00Z",
      prompt: `Prompt ${i}?`,
      category: null,
      platform: "chatgpt",
      status: "ok",
      brandMentioned: true,
      brandCited: false,
      competitors: null,
      citedUrls: null,
      text: `${"answer ".repeat(200)}${i}`,
    } as unknown as PeriodAnswer;
  if (hang) await new Promise(() => {});
}

describe("the answers workbook on a full disk", () => {
  it("rejects with ENOSPC within moments (writing to /dev/full)", async () => {
    const started = Date.now();
    await expect(writeAnswersWorkbook(answers(5000), "/dev/full", "UTC")).rejects.toMatchObject({
      code: "ENOSPC",
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("stops on an abort even while the answers' fetch hangs", async () => {
    const dir = testDir("answers-abort");
    const stop = new AbortController();
    const writing = writeAnswersWorkbook(answers(10, true), join(dir, "a.xlsx"), "UTC", stop.signal);
    setTimeout(() => stop.abort(new Error("stopped")), 100);
    await expect(writing).rejects.toThrow("stopped");
  });
});

describe("vreport generate --answers all when its files cannot be written", () => {
  let service: TestService;
  let cli: BuiltCli;
  beforeAll(async () => {
    cli = buildCli();
    service = await startTestService();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    cli?.dispose();
  });

  it("exits 1 with the write's error on one line, and leaves no partial file", async () => {
    const out = join(cli.dir, "out");
    const args = ["generate", "--base-url", service.baseUrl, "--format", "md", "--answers", "all"];
    // 32 KB per file: the Markdown report fits, the answers workbook does not.
    const child = spawn(
      "bash",
      ["-c", 'ulimit -f 32 && exec "$0" "$@"', process.execPath, ...cli.argv([...args, "--out", out])],
      {
        cwd: cli.dir,
        env: { ...process.env, VREPORT_API_KEY: service.apiKey },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => {
      stderr += b.toString();
    });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      child.on("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code).toBe(1);
    const errors = stderr.split("\n").filter((l) => l.startsWith("vreport:"));
    expect(errors).toEqual([expect.stringMatching(/^vreport: EFBIG: file too large, write$/)]);
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);
});
