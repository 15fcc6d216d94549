import { describe, expect, it } from "vitest";
import { ConnectionGate } from "../../src/service/http/_connection-gate.js";

const never = () => new AbortController().signal;

/** Expensive work holds at most `size` PostgreSQL connections at once. */
describe("ConnectionGate", () => {
  it("lets `size` in, queues the rest in order, and drops a waiter whose request is abandoned", async () => {
    const gate = new ConnectionGate(2);
    await gate.enter(never());
    await gate.enter(never());
    const order: string[] = [];
    const abandoned = new AbortController();
    const first = gate.enter(never()).then(() => order.push("first"));
    const dropped = gate.enter(abandoned.signal).then(
      () => order.push("dropped ran"),
      (e: { status: number }) => order.push(`dropped ${e.status}`),
    );
    const second = gate.enter(never()).then(() => order.push("second"));
    abandoned.abort();
    await dropped;
    gate.leave();
    gate.leave();
    await Promise.all([first, second]);
    expect(order).toEqual(["dropped 499", "first", "second"]);
    gate.leave();
    gate.leave();
    // Both turns are free again: two enter at once.
    await Promise.all([gate.enter(never()), gate.enter(never())]);
  });
});
