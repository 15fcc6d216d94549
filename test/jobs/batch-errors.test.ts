import { describe, expect, it } from "vitest";
import type { VreportClient } from "../../src/client/index.js";
import type { Project } from "../../src/contract/index.js";
import { asError, runBatch } from "../../src/jobs/batch.js";

const project = { id: "p1", name: "Acme" } as Project;

/** A batch never reports a failure as "[object Object]". */
describe("batch failures in words", () => {
  it("keeps the message and code of a thrown plain object", async () => {
    const [result] = await runBatch({} as VreportClient, [project], () => ({ job: {} }) as never, {
      render: async () => {
        throw { message: "disk full", code: "ENOSPC" };
      },
    });
    expect(result?.error?.message).toBe("disk full (code ENOSPC)");
  });

  it("describes an object without a message by its content, and a string as itself", () => {
    expect(asError({ status: 503 }).message).toBe('{"status":503}');
    expect(asError("timed out").message).toBe("timed out");
    expect(asError(42).message).toBe("42");
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(asError(circular).message).toBe("unknown error");
  });

  it("passes an Error through unchanged", () => {
    const err = new TypeError("bad");
    expect(asError(err)).toBe(err);
  });
});
