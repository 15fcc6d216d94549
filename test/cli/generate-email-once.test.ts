/**
 * `generate --all-projects --email` records each send in the delivery ledger of the database it
 * reports from (docs/jobs.md, "Exactly-once email"): run again, it sends nothing it sent.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGenerate } from "../../src/cli/commands/generate.js";
import { parseGenerateFlags } from "../../src/cli/commands/generate-options.js";
import type { Io } from "../../src/cli/io.js";
import { SNAPSHOT_AS_OF, snapshotDirectory } from "../_snapshots.js";
import { tempDir } from "../_tmp.js";
import { startSmtp, type TestSmtp } from "../email/_smtp-server.js";

const dir = tempDir("generate-once");
let smtp: TestSmtp;

beforeAll(async () => {
  // The jobs snapshot (a small demo) as a PGlite directory of its own: the embedded service's database.
  await snapshotDirectory("jobs", join(dir, "db"));
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe("generate --all-projects --email, run twice", () => {
  it("emails each project once; the second run says they were emailed already", async () => {
    const lines: string[] = [];
    const io: Io = { tty: false, out: (l) => lines.push(l), err: () => {} };
    const run = () =>
      runGenerate(
        parseGenerateFlags(
          {
            allProjects: true,
            format: "md",
            out: join(dir, "out"),
            database: join(dir, "db"),
            asOf: SNAPSHOT_AS_OF,
          },
          {},
        ),
        io,
        {
          concurrency: 1,
          email: {
            smtpUrl: smtp.url,
            from: "vreport <reports@localhost>",
            maxAttachmentBytes: 10_485_760,
            to: ["cmo@client.test"],
          },
        },
      );
    const first = await run();
    expect(first.length).toBeGreaterThan(0);
    expect(first.map((r) => [r.emailed, r.alreadyEmailed ?? false])).toEqual(
      first.map(() => [["cmo@client.test"], false]),
    );
    expect(smtp.received).toHaveLength(first.length);
    lines.length = 0;
    const second = await run();
    expect(second.map((r) => r.alreadyEmailed)).toEqual(first.map(() => true));
    expect(smtp.received).toHaveLength(first.length);
    expect(lines.filter((l) => l.startsWith("emailed "))).toEqual(
      second.map(
        (r) =>
          `emailed ${r.project.name} to cmo@client.test already: not sent again (docs/jobs.md, "Exactly-once email")`,
      ),
    );
  });
});
