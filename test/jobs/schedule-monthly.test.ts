import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scheduleAdd, scheduleList } from "../../src/cli/commands/schedule.js";
import { CliError, EXIT } from "../../src/cli/errors.js";
import { dropPrefix, REDIS_URL, redisAvailable, uniquePrefix } from "./_redis.js";

const up = await redisAvailable();
const dir = mkdtempSync(join(tmpdir(), "vreport-monthly-"));
let used: string | undefined;
afterAll(async () => {
  if (used) await dropPrefix(used);
  rmSync(dir, { recursive: true, force: true });
});

async function failure(p: Promise<unknown>): Promise<[number, string]> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof CliError)) throw new Error("expected a CliError");
  return [e.exitCode, e.message];
}

describe("schedule add --monthly (docs/jobs.md)", () => {
  it("conflicting flags are refused before Redis is contacted", async () => {
    const q = { prefix: "unused", redisUrl: "redis://127.0.0.1:9", project: "p", out: dir };
    expect(await failure(scheduleAdd({ ...q, monthly: true, cron: "0 6 1 * *" }, () => {}))).toEqual([
      EXIT.usage,
      "--monthly and --cron cannot be used together: pick one",
    ]);
    expect(await failure(scheduleAdd({ ...q, monthly: true, range: "30d" }, () => {}))).toEqual([
      EXIT.usage,
      "--monthly and --range cannot be used together: --monthly reports the last calendar month",
    ]);
  });

  it.runIf(up)("runs on the 1st and reports the last calendar month", async () => {
    used = uniquePrefix("monthly");
    const q = { prefix: used, redisUrl: REDIS_URL };
    const lines: string[] = [];
    const id = await scheduleAdd(
      { ...q, monthly: true, tz: "Europe/Paris", project: "p-1", formats: "md", out: dir },
      (l) => lines.push(l),
    );
    expect(id).toBe("p-1-last-month-md");
    expect(lines[0]).toMatch(
      /^schedule p-1-last-month-md: monthly, last calendar month, cron "0 6 1 \* \*" \(Europe\/Paris\), next run /,
    );
    await scheduleAdd({ ...q, monthly: true, allProjects: true, formats: "pdf", out: dir }, () => {});
    const list = await scheduleList(q, () => {});
    const byId = Object.fromEntries(list.map((s) => [s.id, s]));
    expect(byId[id]).toMatchObject({
      cron: "0 6 1 * *",
      tz: "Europe/Paris",
      what: `project p-1, last-month, md → ${dir}`,
    });
    // 06:00 Paris time on a 1st.
    const paris = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(byId[id]!.next!));
    expect(paris).toBe("01, 06:00");
    // Without --tz: 12:00 UTC on the 1st; the worker resolves last-month in the workspace's timezone.
    expect(byId["all-projects-last-month-pdf"]).toMatchObject({
      cron: "0 12 1 * *",
      what: `all projects, last-month, pdf → ${dir}`,
    });
    expect(byId["all-projects-last-month-pdf"]?.tz).toBeUndefined();
  });
});
