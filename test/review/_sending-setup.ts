/**
 * What a test of sending through the delivery ledger runs on: the real service, a real SMTP
 * server, a folder for the files, and a PGlite database for the ledger and the reviews that
 * holds the service's first project (as a worker's database beside the service does).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Store } from "../../src/service/store/db.js";
import { startSmtp, type TestSmtp } from "../email/_smtp-server.js";
import { startTestService, type TestService } from "../jobs/_service.js";
import { insertAcme } from "../service/analytics/_stats-fixture.js";
import { openTestStore } from "../store/_databases.js";

export interface SendingSetup {
  service: TestService;
  store: Store;
  smtp: TestSmtp;
  dir: string;
  close(): Promise<void>;
}

export async function startSendingSetup(): Promise<SendingSetup> {
  const [service, store, smtp, dir] = await Promise.all([
    startTestService(),
    openTestStore("pglite"),
    startSmtp(),
    mkdtemp(join(tmpdir(), "vreport-sending-")),
  ]);
  await insertAcme(store.db, {
    workspace: "6f1c2a10-0000-4000-8000-0000000000b0",
    project: service.projects[0]!.id,
    owner: "6f1c2a10-0000-4000-8000-0000000000b2",
    name: "Agency",
    timezone: "UTC",
  });
  return {
    service,
    store,
    smtp,
    dir,
    close: async () => {
      await Promise.all([service.close(), store.close(), smtp.close()]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
