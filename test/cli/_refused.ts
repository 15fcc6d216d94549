import { expect } from "vitest";
import { CliError, EXIT } from "../../src/cli/errors.js";
import type { Io } from "../../src/cli/io.js";

/** An Io that drops every line. */
export const quiet: Io = { out: () => {}, err: () => {}, tty: false };

/** The command stops with one line and exit 2 (a usage error: CliError). */
export async function refused(p: Promise<unknown>, message: string): Promise<void> {
  const err = await p.then(
    () => new Error("expected the command to fail"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CliError);
  expect({ code: (err as CliError).exitCode, message: (err as CliError).message }).toEqual({
    code: EXIT.usage,
    message,
  });
}

/** Nothing listens on port 9: a command that contacted the service first would exit 4, not 2. */
export const NOWHERE = { baseUrl: "http://127.0.0.1:9", apiKey: "vr_x", format: "md" };
