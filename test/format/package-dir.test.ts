import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { packageDir } from "../../src/format/package-dir.js";
import { tempDir } from "../_tmp.js";

describe("packageDir", () => {
  const base = tempDir("pkgdir");

  it("finds the repository from a source module", () => {
    expect(packageDir(import.meta.url)).toBe(resolve(import.meta.dirname, "../.."));
  });

  it("walks up any depth to the folder holding package.json and templates/ (the bundle's chunks)", () => {
    const root = join(base, "installed");
    mkdirSync(join(root, "templates"), { recursive: true });
    mkdirSync(join(root, "dist/cli/chunks"), { recursive: true });
    writeFileSync(join(root, "package.json"), "{}");
    // A package.json without templates/ on the way up (a nested package) is not ours.
    writeFileSync(join(root, "dist/package.json"), "{}");
    expect(packageDir(pathToFileURL(join(root, "dist/cli/chunks/ABC.js")).href)).toBe(root);
    expect(packageDir(pathToFileURL(join(root, "dist/cli/index.js")).href)).toBe(root);
  });

  it("says where it looked when there is none", () => {
    const lone = join(base, "lone/a/b");
    mkdirSync(lone, { recursive: true });
    expect(() => packageDir(pathToFileURL(join(lone, "x.js")).href)).toThrow(
      /package folder not found above/,
    );
  });
});
