import { describe, expect, it } from "vitest";
import { cpuTurn } from "../../../src/service/analytics/_cpu-turn.js";

describe("cpuTurn", () => {
  it("hands out turns in order, one per event-loop iteration, so work queued meanwhile runs between them", async () => {
    const order: string[] = [];
    const first = cpuTurn().then(() => {
      order.push("turn 1");
      // What a cheap request's I/O callback would be: queued while turn 1 computes.
      setImmediate(() => order.push("other work"));
    });
    const second = cpuTurn().then(() => order.push("turn 2"));
    const third = cpuTurn().then(() => order.push("turn 3"));
    await Promise.all([first, second, third]);
    expect(order).toEqual(["turn 1", "other work", "turn 2", "turn 3"]);
  });
});
