import { describe, expect, it } from "vitest";
import { PoolFullError, WorkAbortedError, WorkPool } from "../../src/service/http/_work-pool.js";
import { gate } from "./_gate.js";

const never = () => new AbortController().signal;
/** Lets settled promises' callbacks run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** The expensive lane's pool, queue, per-key share and round robin. */
describe("WorkPool", () => {
  it("runs up to `concurrency` at once, queues up to `queue`, refuses the rest", async () => {
    const pool = new WorkPool({ concurrency: 2, queue: 2, queuePerKey: 2, retryAfterSeconds: 3 });
    const g = gate();
    const runs = ["a", "b", "c", "d"].map((key) => pool.run(key, never(), () => g.promise.then(() => key)));
    expect(pool.stats).toMatchObject({ running: 2, queued: 2, started: 2, shed: 0 });
    const refused = pool.run("e", never(), async () => "e");
    await expect(refused).rejects.toBeInstanceOf(PoolFullError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 3 });
    g.open();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c", "d"]);
    expect(pool.stats).toEqual({ started: 4, finished: 4, shed: 1, dropped: 0, running: 0, queued: 0 });
  });

  it("gives one key at most its share of the queue", async () => {
    const pool = new WorkPool({ concurrency: 1, queue: 10, queuePerKey: 2, retryAfterSeconds: 1 });
    const g = gate();
    const held = pool.run("a", never(), () => g.promise);
    const queuedA = [pool.run("a", never(), async () => 1), pool.run("a", never(), async () => 2)];
    await expect(pool.run("a", never(), async () => 3)).rejects.toBeInstanceOf(PoolFullError);
    // Another key still finds room.
    const queuedB = pool.run("b", never(), async () => 4);
    expect(pool.stats).toMatchObject({ queued: 3, shed: 1 });
    g.open();
    await held;
    expect(await Promise.all([...queuedA, queuedB])).toEqual([1, 2, 4]);
  });

  it("serves waiting keys in turn, not in arrival order", async () => {
    const pool = new WorkPool({ concurrency: 1, queue: 10, queuePerKey: 5, retryAfterSeconds: 1 });
    const g = gate();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
    };
    const held = pool.run("x", never(), () => g.promise);
    const all = [
      pool.run("a", never(), job("a1")),
      pool.run("a", never(), job("a2")),
      pool.run("a", never(), job("a3")),
      pool.run("b", never(), job("b1")),
      pool.run("c", never(), job("c1")),
      pool.run("b", never(), job("b2")),
    ];
    g.open();
    await held;
    await Promise.all(all);
    expect(order).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
  });

  it("keeps a slot for other keys: one key holds all but one", async () => {
    const pool = new WorkPool({ concurrency: 3, queue: 10, queuePerKey: 5, retryAfterSeconds: 1 });
    const g = gate();
    const order: string[] = [];
    const job = (name: string) => () => g.promise.then(() => order.push(name));
    const a = [pool.run("a", never(), job("a1")), pool.run("a", never(), job("a2"))];
    const a3 = pool.run("a", never(), job("a3"));
    // a holds two of three slots: its third waits although a slot is free…
    expect(pool.stats).toMatchObject({ running: 2, queued: 1 });
    // …which b takes at once.
    const b = pool.run("b", never(), job("b1"));
    expect(pool.stats).toMatchObject({ running: 3, queued: 1 });
    g.open();
    await Promise.all([...a, a3, b]);
    expect(order).toEqual(["a1", "a2", "b1", "a3"]);
    const solo = new WorkPool({
      concurrency: 3,
      perKeyRunning: 3,
      queue: 1,
      queuePerKey: 1,
      retryAfterSeconds: 1,
    });
    const h = gate();
    const three = [1, 2, 3].map(() => solo.run("a", never(), () => h.promise));
    expect(solo.stats).toMatchObject({ running: 3, queued: 0 });
    h.open();
    await Promise.all(three);
  });

  it("drops waiting work whose signal fires: it never runs", async () => {
    const pool = new WorkPool({ concurrency: 1, queue: 10, queuePerKey: 5, retryAfterSeconds: 1 });
    const g = gate();
    const held = pool.run("a", never(), () => g.promise);
    const abandoned = new AbortController();
    let ran = false;
    const dropped = pool.run("b", abandoned.signal, async () => {
      ran = true;
    });
    const kept = pool.run("c", never(), async () => "c");
    expect(pool.stats.queued).toBe(2);
    abandoned.abort();
    await expect(dropped).rejects.toBeInstanceOf(WorkAbortedError);
    expect(pool.stats).toMatchObject({ queued: 1, dropped: 1 });
    g.open();
    await held;
    expect(await kept).toBe("c");
    await flush();
    expect(ran).toBe(false);
    expect(pool.stats).toEqual({ started: 2, finished: 2, shed: 0, dropped: 1, running: 0, queued: 0 });
    // Already abandoned at the door: refused, not queued, not run.
    await expect(pool.run("d", abandoned.signal, async () => "d")).rejects.toBeInstanceOf(WorkAbortedError);
    expect(pool.stats).toMatchObject({ started: 2, dropped: 2 });
  });

  it("answers work still waiting after maxWaitMs like a full queue", async () => {
    const pool = new WorkPool({
      concurrency: 1,
      queue: 5,
      queuePerKey: 5,
      maxWaitMs: 20,
      retryAfterSeconds: 2,
    });
    const g = gate();
    const held = pool.run("a", never(), () => g.promise);
    let ran = false;
    const late = pool.run("b", never(), async () => {
      ran = true;
    });
    await expect(late).rejects.toMatchObject({ name: "PoolFullError", retryAfterSeconds: 2 });
    expect(pool.stats).toMatchObject({ queued: 0, shed: 1 });
    g.open();
    await held;
    await flush();
    expect(ran).toBe(false);
  });

  it("tells at the door whether a key's request would be refused, counting the refusal", async () => {
    const pool = new WorkPool({ concurrency: 1, queue: 2, queuePerKey: 1, retryAfterSeconds: 1 });
    const g = gate();
    expect(pool.admit("a")).toBe(true);
    const held = pool.run("a", never(), () => g.promise);
    expect(pool.admit("a")).toBe(true);
    const queued = pool.run("a", never(), async () => "queued");
    expect(pool.admit("a")).toBe(false);
    expect(pool.admit("b")).toBe(true);
    expect(pool.stats.shed).toBe(1);
    g.open();
    await held;
    expect(await queued).toBe("queued");
  });

  it("frees the slot of work that throws", async () => {
    const pool = new WorkPool({ concurrency: 1, queue: 1, queuePerKey: 1, retryAfterSeconds: 1 });
    await expect(
      pool.run("a", never(), async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await pool.run("a", never(), async () => "next")).toBe("next");
    expect(pool.stats).toMatchObject({ running: 0, started: 2, finished: 2 });
  });
});
