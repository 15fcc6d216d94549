import { readdirSync, readFileSync } from "node:fs";
import { sep } from "node:path";
import { describe, expect, it } from "vitest";
import { VreportError } from "../../src/contract/index.js";

const SRC = new URL("../../src/", import.meta.url);

/** `class Name extends Base`, with type parameters (`class CodedError<Code extends string> extends Error`). */
const CLASS = /\bclass\s+(\w+)\s*(?:<[^{]*?>)?\s+extends\s+(\w+)/g;

/** Every `class … extends …` declared under src/, with its file. */
function declaredClasses(): { file: string; name: string; base: string }[] {
  const found: { file: string; name: string; base: string }[] = [];
  for (const file of readdirSync(SRC, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".ts")) continue;
    const text = readFileSync(new URL(file, SRC), "utf8");
    for (const [, name, base] of text.matchAll(CLASS)) found.push({ file, name: name!, base: base! });
  }
  return found;
}

/**
 * Files under src/ that may still throw a bare `Error` (the CLI exits 1 on it, the worker retries
 * it), each with why; drop a file once it throws family errors only.
 */
const BARE_THROWS_ALLOWED: readonly string[] = [];

/** `throw new Error(` or `throw Error(`: an error no one can read a category or a retry from. */
const BARE_THROW = /\bthrow\s+(?:new\s+)?Error\s*\(/;

describe("vreport's error family", () => {
  it("takes in every error class under src/: each is exported and extends VreportError", async () => {
    const classes = declaredClasses();
    expect(classes.length).toBeGreaterThan(30);
    const outside: string[] = [];
    for (const { file, name, base } of classes) {
      const value = ((await import(new URL(file, SRC).href)) as Record<string, unknown>)[name];
      if (typeof value !== "function") {
        // Not exported: the test cannot check it, so an error class must be.
        if (/Error$/.test(base) || /Error$/.test(name)) outside.push(`${file}: ${name} (not exported)`);
        continue;
      }
      if (!(value.prototype instanceof Error)) continue;
      const inFamily = value === VreportError || value.prototype instanceof VreportError;
      if (!inFamily) outside.push(`${file}: ${name} extends ${base}, not VreportError`);
    }
    expect(outside).toEqual([]);
  });

  it("is what src/ throws: no bare Error outside the allowed files", () => {
    const bare = readdirSync(SRC, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && BARE_THROW.test(readFileSync(new URL(file, SRC), "utf8")))
      .map((file) => file.split(sep).join("/"))
      .sort();
    expect(bare).toEqual([...BARE_THROWS_ALLOWED].sort());
  });

  it("masks a password in a URL in the message, and names the class", () => {
    class Probe extends VreportError {}
    const err = new Probe(
      "cannot reach postgres://vreport:s3cret@db.example:5432/x and smtps://u:p@mail.example",
    );
    expect(err.message).toBe(
      "cannot reach postgres://vreport:***@db.example:5432/x and smtps://u:***@mail.example",
    );
    expect(err.name).toBe("Probe");
    expect([err.category, err.retryable]).toEqual(["failure", true]);
  });
});
