/**
 * An admin operation that never ends (it waits on something outside the database) does not hold
 * the channel for ever: past its deadline its caller is told, and the next operation runs.
 */
import { expect, it } from "vitest";
import { askService, startAdminChannel } from "../../src/service/admin/index.js";
import type { Store } from "../../src/service/store/db.js";
import { testDir } from "../_tmp.js";

it("frees the channel after an operation's deadline", async () => {
  const dir = testDir("admin-deadline");
  const channel = await startAdminChannel(
    {} as Store,
    dir,
    {
      hang: () => new Promise(() => {}),
      echo: async (_store, input) => input,
    },
    { deadlineMs: 300 },
  );
  try {
    const started = Date.now();
    const [hung, next] = await Promise.all([askService(dir, "hang", {}), askService(dir, "echo", { n: 1 })]);
    expect(hung.error).toEqual({
      message: 'the service stopped waiting for "hang" after 0.3 s; the next command runs',
      exitCode: 1,
    });
    expect(next.result).toEqual({ n: 1 });
    expect(Date.now() - started).toBeLessThan(3000);
  } finally {
    await channel.close();
  }
});
