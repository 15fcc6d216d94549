/**
 * Review states (docs/review.md) on each database of the matrix, through the operations the CLI
 * runs (here on a store of its own; in a running `serve` over the admin channel): draft until
 * reviewed, approved, held with a reason, sent and final; who and when recorded; the policy a
 * worker and the desk apply before emailing; the config's per-client `review`.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewApprove, reviewListOp, reviewSetOp } from "../../src/cli/commands/review.js";
import { holdRecorder, reviewGate, storeReviews } from "../../src/cli/review-gate.js";
import type { ClientSettings } from "../../src/config/load-config.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { Project } from "../../src/contract/index.js";
import { maySend } from "../../src/contract/review.js";
import { reviewPeriodOf } from "../../src/jobs/delivery-ledger.js";
import type { RenderedReport } from "../../src/pipeline/generate-report.js";
import type { Store } from "../../src/service/store/db.js";
import { snapshotDirectory } from "../_snapshots.js";
import { tempDir } from "../_tmp.js";
import { insertAcme } from "../service/analytics/_stats-fixture.js";
import {
  commandLocation,
  describeDatabases,
  type FreshLocation,
  openTestStore,
} from "../store/_databases.js";

const PROJECT = "6f1c2a10-0000-4000-8000-0000000000a1";

describeDatabases("review states", (kind) => {
  let store: Store;
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  const set = (state: "approved" | "held" | "sent" | "draft", by: string, reason?: string) =>
    reviewSetOp(
      store,
      { project: "acme", period: "2026-10", state, by, ...(reason !== undefined ? { reason } : {}) },
      io,
    );
  beforeAll(async () => {
    store = await openTestStore(kind);
    await insertAcme(store.db, {
      workspace: "6f1c2a10-0000-4000-8000-0000000000a0",
      project: PROJECT,
      owner: "6f1c2a10-0000-4000-8000-0000000000a2",
      name: "Reviews",
      timezone: "UTC",
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("is a draft until reviewed, then records each change with who, when and why", async () => {
    expect(await reviewListOp(store, { period: "2026-10", json: false }, io)).toEqual([]);
    expect(lines.at(-1)).toBe("no reviews of 2026-10: every report is a draft until reviewed");

    const approved = await set("approved", "dana");
    expect(approved).toMatchObject({
      projectId: PROJECT,
      projectName: "Acme",
      period: "2026-10",
      state: "approved",
      by: "dana",
    });
    expect(approved.reason).toBeUndefined();
    expect(Number.isNaN(Date.parse(approved.at))).toBe(false);
    // An approval is given once: a second one (a reviewer racing another) is refused.
    await expect(set("approved", "lee")).rejects.toMatchObject({ exitCode: 2 });

    await expect(set("held", "lee")).rejects.toMatchObject({
      exitCode: 2,
      message: "a report is held with a reason (--reason)",
    });
    const held = await set("held", "lee", "wait for the new pages");
    expect(held).toMatchObject({ state: "held", by: "lee", reason: "wait for the new pages" });

    // Approving a held report clears its reason; a sent report is final.
    expect(await set("approved", "dana")).toMatchObject({ state: "approved", by: "dana" });
    expect(await set("sent", "worker")).toMatchObject({ state: "sent", by: "worker" });
    await expect(set("approved", "dana")).rejects.toMatchObject({ exitCode: 2 });
    await expect(set("held", "lee", "too late")).rejects.toMatchObject({ exitCode: 2 });

    const [only, ...rest] = await reviewListOp(store, { json: false }, io);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ state: "sent", by: "worker", period: "2026-10" });
    expect(lines.at(-1)).toMatch(
      /^2026-10 {2}sent {6}Acme \(6f1c2a10-0000-4000-8000-0000000000a1\) {2}by worker at /,
    );
    // Another period of the same client has a review of its own.
    expect(await reviewListOp(store, { period: "2026-11", json: false }, io)).toEqual([]);
  });

  it("gates the worker's email: a required review waits for an approval, a skipped one does not", async () => {
    const project = { id: PROJECT, name: "Acme" } as Project;
    const november = { files: [{ path: "/out/acme-ai-visibility-2026-11.pdf" }] } as RenderedReport;
    const gate = (review: "required" | "skip") =>
      reviewGate(storeReviews(store), { forProject: () => ({ review }) as ClientSettings });
    expect(reviewPeriodOf(november)).toBe("2026-11");
    // A project named like the file names' separator keeps its period whole.
    const rolling = {
      files: [{ path: "out/ai-visibility-ai-visibility-30d-2026-12-04.md" }],
    } as RenderedReport;
    expect(reviewPeriodOf(rolling)).toBe("30d-2026-12-04");

    expect(await gate("skip")(project, november)).toEqual({ send: true });
    expect(await gate("required")(project, november)).toEqual({
      send: false,
      reason:
        'the report of Acme for 2026-11 is draft: it is emailed once approved (vreport review approve --project "Acme" --period 2026-11, or the review desk)',
    });
    // The command names the worker's database: without it, it would approve in the demo's.
    const named = reviewGate(
      storeReviews(store),
      { forProject: () => ({ review: "required" }) as ClientSettings },
      "/srv/dana's db",
    );
    expect(await named(project, november)).toHaveProperty(
      "reason",
      "the report of Acme for 2026-11 is draft: it is emailed once approved (vreport review approve --project \"Acme\" --period 2026-11 --database '/srv/dana'\\''s db', or the review desk)",
    );
    // The report is now on the cycle's list, as a draft the worker recorded.
    expect(await reviewListOp(store, { period: "2026-11", json: false }, io)).toMatchObject([
      { state: "draft", by: "worker" },
    ]);
    await reviewSetOp(
      store,
      { project: "Acme", period: "2026-11", state: "held", by: "lee", reason: "late data" },
      io,
    );
    expect(await gate("required")(project, november)).toMatchObject({
      send: false,
      reason: expect.stringContaining("is held (late data)"),
    });
    expect(await gate("skip")(project, november)).toMatchObject({ send: false });
    await reviewSetOp(store, { project: "Acme", period: "2026-11", state: "approved", by: "dana" }, io);
    expect(await gate("required")(project, november)).toEqual({ send: true });
  });

  it("records a report the worker held for incomplete data as held, with its reason", async () => {
    const project = { id: PROJECT, name: "Acme" } as Project;
    const logged: string[] = [];
    const hold = holdRecorder(storeReviews(store), (l) => logged.push(l));
    await hold(project, "2026-09", "held: 2026-09's last collection day is incomplete at the deadline");
    expect(await reviewListOp(store, { period: "2026-09", json: false }, io)).toMatchObject([
      {
        state: "held",
        by: "worker",
        reason: "held: 2026-09's last collection day is incomplete at the deadline",
      },
    ]);
    // A sent report stays sent: the failure to record is logged, not thrown.
    await reviewSetOp(store, { project: "Acme", period: "2026-08", state: "sent", by: "worker" }, io);
    await hold(project, "2026-08", "late");
    expect(logged).toEqual([expect.stringMatching(/^could not record Acme 2026-08 as held: /)]);
  });

  it("names the projects when the one asked for is not there", async () => {
    await expect(
      reviewSetOp(store, { project: "Globex", period: "2026-10", state: "approved", by: "dana" }, io),
    ).rejects.toMatchObject({ exitCode: 2, message: 'invalid --project "Globex": allowed values are Acme' });
  });

  // Last: it adds a second Acme.
  it("refuses a name two workspaces share, listing each one's id: a review never lands on the wrong client", async () => {
    const other = "6f1c2a10-0000-4000-8000-0000000000b1";
    await insertAcme(store.db, {
      workspace: "6f1c2a10-0000-4000-8000-0000000000b0",
      project: other,
      owner: "6f1c2a10-0000-4000-8000-0000000000b2",
      name: "Second agency",
      timezone: "UTC",
    });
    await expect(set("approved", "dana")).rejects.toMatchObject({
      exitCode: 2,
      message: `invalid --project "acme": allowed values are the id of one of ${PROJECT} (in Reviews), ${other} (in Second agency): the name is in 2 workspaces`,
    });
    await expect(
      reviewSetOp(store, { project: other, period: "2026-10", state: "approved", by: "dana" }, io),
    ).resolves.toMatchObject({ projectId: other, state: "approved" });
  });
});

describe("approving a period that has not ended", () => {
  let db: FreshLocation;
  beforeAll(async () => {
    db = await commandLocation("pglite", "vreport-review-period-");
    await snapshotDirectory("empty", db.location);
  });
  afterAll(async () => {
    await db?.dispose();
  });
  const approve = (period: string, today: string) =>
    reviewApprove({ database: db.location, project: "Acme", period, by: "dana" }, () => {}, today);

  it.each([
    ["2026-11", "2026-11-29", "2026-11-30"],
    ["2026-11", "2026-11-30", "2026-11-30"],
    ["2026-Q4", "2026-11-29", "2026-12-31"],
    ["2027-01", "2026-11-29", "2027-01-31"],
    ["2026-11-vs-year", "2026-11-29", "2026-11-30"],
  ])("%s on %s is a flag error: it ends %s", async (period, today, end) => {
    await expect(approve(period, today)).rejects.toMatchObject({
      exitCode: 2,
      message: `--period ${period} is not over (it ends ${end}; today is ${today}): its report is not final, approve it once the period has ended`,
    });
  });

  it("reads a named period as the label of its days on the day: last quarter on 29 November is 2026-Q3", async () => {
    await expect(approve("last-quarter", "2026-11-29")).rejects.toMatchObject({
      message: expect.stringContaining('invalid --project "Acme"'),
    });
    // This month so far is the report of its days (2026-11-01_2026-11-29), as a rolling range's.
    await expect(approve("month-to-date", "2026-11-29")).rejects.toMatchObject({
      message: expect.stringContaining('invalid --project "Acme"'),
    });
  });

  it("refuses a label no report carries before the database is opened", async () => {
    await expect(approve("October", "2026-11-29")).rejects.toMatchObject({
      exitCode: 2,
      message:
        'invalid --period "October": allowed values are last-month, last-quarter, month-to-date, a month 2026-10, a quarter 2026-Q3, days 2026-10-01_2026-10-12 or a range 90d-2026-11-01, each optionally -vs-year',
    });
  });

  it("goes on to the database once the month is over, and leaves other labels to it", async () => {
    // Past the check, the empty database answers: it has no project Acme.
    // A named period is its label on the day (last month on 29 November: 2026-10).
    for (const [period, today] of [
      ["2026-10", "2026-11-01"],
      ["30d-2026-11-29", "2026-11-29"],
      ["last-month", "2026-11-29"],
    ] as const)
      await expect(approve(period, today)).rejects.toMatchObject({
        message: expect.stringContaining('invalid --project "Acme"'),
      });
  });
});

describe("may a report be emailed", () => {
  it.each([
    [undefined, "required", false],
    ["draft", "required", false],
    ["held", "required", false],
    ["approved", "required", true],
    ["sent", "required", false],
    [undefined, "skip", true],
    ["draft", "skip", true],
    ["approved", "skip", true],
    ["held", "skip", false],
    ["sent", "skip", false],
  ] as const)("state %s with review %s: %s", (state, policy, expected) => {
    expect(maySend(state === undefined ? undefined : { state }, policy)).toBe(expected);
  });
});

describe("the config's review policy", () => {
  const dir = tempDir("review-config");

  it("is required unless a client skips it; another value names the field", async () => {
    const file = join(dir, "vreport.config.json");
    await writeFile(
      file,
      JSON.stringify({ projects: [{ match: "Acme", review: "skip" }, { match: "Globex" }] }),
    );
    const config = await loadConfig(file);
    expect(config.review).toBe("required");
    expect(config.forProject({ id: "x", name: "acme" }).review).toBe("skip");
    expect(config.forProject({ id: "y", name: "Globex" }).review).toBe("required");
    await writeFile(file, JSON.stringify({ projects: [{ match: "Acme", review: "later" }] }));
    await expect(loadConfig(file)).rejects.toThrow(
      'projects[0] ("Acme").review: must be one of required, skip',
    );
  });
});
