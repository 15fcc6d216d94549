/**
 * The CLI's stop handler (docs/decisions.md, "Stopping"), driven by emitted signals: a command
 * that staged nothing exits at once; one that staged work gets the abort and a grace period; a
 * run cut short (a second signal, or cleanup past the grace period) still prints its stop line
 * and what may be left, instead of exiting without a word.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Interrupt = typeof import("../../src/cli/interrupt.js");

describe("the CLI's stop handler", () => {
  let saved: Record<"SIGINT" | "SIGTERM", NodeJS.SignalsListener[]>;
  let exits: number[];
  let said: string[];
  let interrupt: Interrupt;

  beforeEach(async () => {
    // The handler stands back when another listener owns the signal: run it alone, on a fresh module.
    saved = { SIGINT: [], SIGTERM: [] };
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      saved[signal] = process.listeners(signal) as NodeJS.SignalsListener[];
      process.removeAllListeners(signal);
    }
    vi.resetModules();
    vi.useFakeTimers();
    interrupt = await import("../../src/cli/interrupt.js");
    exits = [];
    said = [];
    interrupt.watchInterrupts(
      (code) => exits.push(code),
      (line) => said.push(line),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.removeAllListeners(signal);
      for (const listener of saved[signal]) process.on(signal, listener);
    }
  });

  it("exits at once, silently, when the command staged nothing", () => {
    process.emit("SIGTERM");
    expect(exits).toEqual([143]);
    expect(said).toEqual([]);
  });

  it("aborts a command that staged work, and leaves the exit to it within the grace period", () => {
    const signal = interrupt.interruptSignal();
    process.emit("SIGINT");
    expect(signal.aborted).toBe(true);
    expect(interrupt.interrupted()?.message).toBe("stopped by SIGINT: nothing further written");
    expect(interrupt.interrupted()?.exitCode).toBe(130);
    vi.advanceTimersByTime(4999);
    expect(exits).toEqual([]);
    expect(said).toEqual([]);
  });

  it("cleanup past 5 s: prints the stop line and what may be left, then exits", () => {
    interrupt.interruptSignal();
    process.emit("SIGINT");
    vi.advanceTimersByTime(5000);
    expect(exits).toEqual([130]);
    expect(said).toEqual([
      "vreport: stopped by SIGINT: nothing further written",
      "vreport: cleanup took over 5 s; the next run into the output folder removes what this one staged",
    ]);
  });

  it("a second signal: prints the first signal's stop line and exits at once", () => {
    interrupt.interruptSignal();
    process.emit("SIGTERM");
    process.emit("SIGINT");
    expect(exits).toEqual([130]);
    expect(said).toEqual([
      "vreport: stopped by SIGTERM: nothing further written",
      "vreport: stopped again by SIGINT before cleanup finished; the next run into the output folder removes what this one staged",
    ]);
  });
});
