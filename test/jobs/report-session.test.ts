/**
 * The lifecycle of a run of reports (jobs/report-session.ts): whatever fails, and wherever, the
 * service connection is closed and nothing is left open; what `work` returns or throws comes out.
 */
import { describe, expect, it } from "vitest";
import { withReportSession } from "../../src/jobs/report-session.js";
import { UnknownFormatError } from "../../src/render/backends/registry.js";

function connection() {
  const service = { closed: 0, close: async () => void service.closed++ };
  return service;
}

describe("withReportSession", () => {
  it("hands work the connection with the backends loaded, returns its result and closes the connection once", async () => {
    const service = connection();
    const result = await withReportSession(Promise.resolve(service), ["md"], async (s) => {
      expect(s).toBe(service);
      expect(service.closed).toBe(0);
      return 42;
    });
    expect(result).toBe(42);
    expect(service.closed).toBe(1);
  });

  it("closes the connection when work throws, and throws work's error", async () => {
    const service = connection();
    const boom = new Error("boom");
    await expect(
      withReportSession(Promise.resolve(service), [], async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(service.closed).toBe(1);
  });

  it("closes a connection that opens after a backend failed to load; work never runs", async () => {
    const service = connection();
    let open!: (s: typeof service) => void;
    const connecting = new Promise<typeof service>((resolve) => {
      open = resolve;
    });
    let ran = false;
    const session = withReportSession(connecting, ["docx" as never], async () => {
      ran = true;
    });
    setTimeout(() => open(service), 20);
    await expect(session).rejects.toBeInstanceOf(UnknownFormatError);
    expect(ran).toBe(false);
    expect(service.closed).toBe(1);
  });

  it("throws the connection's own error when the service cannot be reached", async () => {
    const refused = new Error("connect ECONNREFUSED 127.0.0.1:9");
    await expect(withReportSession(Promise.reject(refused), ["md"], async () => 1)).rejects.toBe(refused);
  });
});
