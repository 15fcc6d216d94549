import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/service/store/db.js";
import { openTestStore, TEST_POSTGRES_URL } from "./_databases.js";

/** The service's PostgreSQL sessions run without JIT (src/service/store/db.ts says why). */
describe.runIf(TEST_POSTGRES_URL)("PostgreSQL sessions of the store", () => {
  it("have JIT switched off on every pooled connection", async () => {
    const store = await openTestStore("postgres");
    try {
      // Several at once, so the pool opens several connections.
      const settings = await Promise.all(
        [1, 2, 3].map(async () => (await sql<{ jit: string }>`SHOW jit`.execute(store.db)).rows[0]?.jit),
      );
      expect(settings).toEqual(["off", "off", "off"]);
    } finally {
      await store.close();
    }
  });

  it("keep the URL's own options, which come last and win", async () => {
    const url = new URL(TEST_POSTGRES_URL!);
    url.searchParams.set("options", "-c jit=on -c application_name=mine");
    const store = await openStore(url.toString(), { migrate: false });
    try {
      const row = (
        await sql<{
          jit: string;
          app: string;
        }>`SELECT current_setting('jit') AS jit, current_setting('application_name') AS app`.execute(store.db)
      ).rows[0];
      expect(row).toEqual({ jit: "on", app: "mine" });
    } finally {
      await store.close();
    }
  });
});
