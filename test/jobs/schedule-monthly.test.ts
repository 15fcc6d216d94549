import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { scheduleAdd, scheduleList } from "../../src/cli/commands/schedule.js";
import { CliError, EXIT } from "../../src/cli/errors.js";
import { tempDir } from "../_tmp.js";
import { dropPrefix, REDIS_URL, redisAvailable, uniquePrefix } from "./_redis.js";
import { startTestService, type TestService } from "./_service.js";

const up = await redisAvailable();
const dir = tempDir("monthly");
let used: string | undefined;
let service: TestService | undefined;
afterAll(async () => {
  if (used) await dropPrefix(used);
  await service?.close();
});

/** The hour and day of `at` in `timeZone`, as "01, 06:00". */
function dayAndHour(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(at));
}

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

  it.runIf(up)(
    "runs on the 1st at 06:00 in --tz, else in the workspace's timezone, and reports the last calendar month",
    async () => {
      used = uniquePrefix("monthly");
      service = await startTestService();
      const q = { prefix: used, redisUrl: REDIS_URL };
      const lines: string[] = [];
      const id = await scheduleAdd(
        { ...q, monthly: true, tz: "America/New_York", project: "p-1", formats: "md", out: dir },
        (l) => lines.push(l),
      );
      expect(id).toBe("p-1-last-month-md");
      expect(lines[0]).toMatch(
        /^schedule p-1-last-month-md: monthly, last calendar month, cron "0 6 1 \* \*" \(America\/New_York\), next run /,
      );
      // Without --tz: the demo workspace's timezone, Europe/Paris (docs/demo-data.md), read from the service.
      const viaService = { baseUrl: service.baseUrl, apiKey: service.apiKey };
      await scheduleAdd(
        { ...q, ...viaService, monthly: true, allProjects: true, formats: "pdf", out: dir },
        (l) => lines.push(l),
      );
      expect(lines[1]).toMatch(
        /^schedule all-projects-last-month-pdf: monthly, last calendar month, cron "0 6 1 \* \*" \(Europe\/Paris\), each client at its config schedule to its config recipients, next run /,
      );
      const listed: string[] = [];
      const list = await scheduleList(q, (l) => listed.push(l));
      // add prints the next run exactly as list does (whole seconds, not 04:59:59.987Z).
      const nextOf = (line: string | undefined) => /next(?: run)? (\S+)$/.exec(line ?? "")?.[1];
      const listedLine = listed.find((l) => l.startsWith(`${id}  `));
      expect(nextOf(lines[0])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
      expect(nextOf(lines[0])).toBe(nextOf(listedLine));
      const byId = Object.fromEntries(list.map((s) => [s.id, s]));
      expect(byId[id]).toMatchObject({
        cron: "0 6 1 * *",
        tz: "America/New_York",
        what: `project p-1, last-month, md → ${dir}`,
      });
      expect(dayAndHour(byId[id]!.next!, "America/New_York")).toBe("01, 06:00");
      expect(byId["all-projects-last-month-pdf"]).toMatchObject({
        cron: "0 6 1 * *",
        tz: "Europe/Paris",
        // No --email: each client at its own slot, to its own recipients (docs/jobs.md).
        what: `all projects (each client at its slot, to its recipients), last-month, pdf → ${dir}`,
      });
      expect(dayAndHour(byId["all-projects-last-month-pdf"]!.next!, "Europe/Paris")).toBe("01, 06:00");
    },
  );

  it("a bare --email is each client's own recipients, for --monthly --all-projects only", async () => {
    const q = { prefix: "unused", redisUrl: "redis://127.0.0.1:9", out: dir, tz: "UTC" };
    expect(await failure(scheduleAdd({ ...q, monthly: true, project: "p", email: true }, () => {}))).toEqual([
      EXIT.usage,
      "--email without addresses means each client's own recipients, for --monthly --all-projects only: give --email <addresses>",
    ]);
  });

  it("a bad flag is refused before the service is asked anything (the embedded demo is not seeded)", async () => {
    const q = {
      prefix: "unused",
      redisUrl: "redis://127.0.0.1:9",
      out: dir,
      database: `${dir}/never-seeded`,
    };
    expect(
      await failure(scheduleAdd({ ...q, monthly: true, allProjects: true, format: "pfd" }, () => {})),
    ).toEqual([
      EXIT.usage,
      'invalid --format "pfd": allowed values are pdf, xlsx, md, html (comma-separated) or all',
    ]);
    expect(existsSync(`${dir}/never-seeded`)).toBe(false);
  });

  it("a --project the service does not read is refused when the schedule is added, naming those it does", async () => {
    service ??= await startTestService();
    const flags = { prefix: "unused", redisUrl: "redis://127.0.0.1:9", out: dir, format: "pdf" };
    const viaService = { baseUrl: service.baseUrl, apiKey: service.apiKey };
    const [code, message] = await failure(
      scheduleAdd({ ...flags, ...viaService, monthly: true, project: "Brightwav" }, () => {}),
    );
    expect(code).toBe(EXIT.usage);
    expect(message).toMatch(/^no project "Brightwav": the projects are Brightwave \([0-9a-f-]{36}\), /);
  });

  it.runIf(up)("without --tz, a timezone the service will not tell is an error that names --tz", async () => {
    service ??= await startTestService();
    const flags = { prefix: "unused", redisUrl: "redis://127.0.0.1:9", allProjects: true, out: dir };
    const [code, message] = await failure(
      scheduleAdd({ ...flags, monthly: true, baseUrl: service.baseUrl, apiKey: "vr_not_a_key" }, () => {}),
    );
    expect(code).toBe(EXIT.auth);
    expect(message).toMatch(
      /^--monthly without --tz: could not read the workspace's timezone \(.+\); give --tz <zone>, e\.g\. --tz Europe\/Paris$/,
    );
  });
});
