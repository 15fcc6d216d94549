import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooksList } from "../../src/cli/commands/webhooks.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import { openStore, type Store } from "../../src/service/store/db.js";
import { webhookDb } from "../../src/service/webhooks/_tables.js";
import {
  addSubscription,
  isPrivateAddress,
  listDeliveries,
  sendTest,
} from "../../src/service/webhooks/index.js";
import { snapshotDirectory } from "../_snapshots.js";
import { testDir } from "../_tmp.js";
import { baseRecords, ndjson } from "../ingest/_records.js";
import { openTestStore } from "../store/_databases.js";

const DENY = { allowPrivate: false };
const EVENTS = ["content.status_updated"];

/** A subscription cannot make the service call its own network. */
describe("webhook targets", () => {
  let store: Store;
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    store = await openTestStore("pglite");
    await ingestFile(store, ndjson(baseRecords()));
    server = createServer((req, res) => {
      hits++;
      req.resume();
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
  });

  it("knows the private, loopback, link-local and reserved ranges, IPv4 in IPv6 included", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8", "172.32.0.1"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/hook",
    "http://10.0.0.5/hook",
    "http://[::ffff:192.168.0.1]/hook",
    "http://localhost:9/hook",
  ])("refuses %s when the subscription is added", async (url) => {
    await expect(addSubscription(store.db, { url, events: EVENTS }, DENY)).rejects.toThrow(
      /private address.*VREPORT_WEBHOOKS_ALLOW_PRIVATE=1/,
    );
  });

  it("refuses a URL with a user and password, without printing the password", async () => {
    const err = await addSubscription(
      store.db,
      { url: "https://bob:s3cret@hooks.example.com/x", events: EVENTS },
      DENY,
    ).catch((e: unknown) => e);
    expect((err as Error).message).toContain("must not hold a user or password");
    expect((err as Error).message).not.toContain("s3cret");
  });

  it("refuses at delivery time a name that resolves to a private address, sending nothing", async () => {
    // Added while private targets were allowed (or while the name pointed elsewhere).
    const sub = await addSubscription(
      store.db,
      { url: `http://localhost:${port}/hook`, events: EVENTS },
      { allowPrivate: true },
    );
    const result = await sendTest(store, sub.id, { targets: DENY });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(
      /^not sent: webhook target localhost:\d+ is a private address \((127\.0\.0\.1|::1)\)/,
    );
    expect(hits).toBe(0);
    const [delivery] = await listDeliveries(store.db, { limit: 1 });
    expect(delivery?.last_error).toMatch(/not sent/);
  });

  it("delivers to it when private targets are allowed (local testing)", async () => {
    const sub = await addSubscription(
      store.db,
      { url: `http://127.0.0.1:${port}/hook`, events: EVENTS },
      { allowPrivate: true },
    );
    expect((await sendTest(store, sub.id, { targets: { allowPrivate: true } })).ok).toBe(true);
    expect(hits).toBe(1);
  });

  it("lists a stored URL's password as ***", async () => {
    // A subscription stored before URLs with a password were refused.
    const dir = testDir("targets");
    // The run's migrated snapshot (test/_snapshots.ts `snapshotDirectory`) rather than migrated anew.
    await snapshotDirectory("empty", dir);
    const disk = await openStore(dir);
    await ingestFile(disk, ndjson(baseRecords()));
    const workspace = await disk.db.selectFrom("workspaces").select("id").executeTakeFirstOrThrow();
    await webhookDb(disk.db)
      .insertInto("webhook_subscriptions")
      .values({
        workspace_id: workspace.id,
        url: "https://bob:s3cret@hooks.example.com/legacy",
        events: EVENTS,
        secret: "whsec_0123456789abcdef",
      })
      .execute();
    await disk.close();
    const lines: string[] = [];
    await webhooksList({ database: dir }, (l) => lines.push(l));
    expect(lines.join("\n")).toContain("https://bob:***@hooks.example.com/legacy");
    expect(lines.join("\n")).not.toContain("s3cret");
  });
});
