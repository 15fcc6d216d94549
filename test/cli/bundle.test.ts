import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";

/** The CLI bundle (scripts/bundle.mjs, docs/decisions.md "The CLI is one bundle"), as the suite built it. */
describe("the CLI bundle", () => {
  const project = inject("builtProject");
  const cli = join(project, "dist/cli");
  const files = () => [
    join(cli, "index.js"),
    ...readdirSync(join(cli, "chunks")).map((name) => join(cli, "chunks", name)),
  ];

  // The seed's answer generator and the chart-drawing thread.
  it.each(["_answers-worker", "_chart-worker"])("keeps %s.js beside the chunk that starts it", (script) => {
    expect(existsSync(join(cli, `chunks/${script}.js`))).toBe(true);
    const starters = files().filter((f) => readFileSync(f, "utf8").includes(`"./${script}.js"`));
    expect(starters.length).toBe(1);
    expect(starters[0]!.startsWith(join(cli, "chunks"))).toBe(true);
  });

  it("imports only the packages that must stay external", () => {
    const imported = new Set<string>();
    for (const f of files()) {
      const text = readFileSync(f, "utf8");
      // esbuild writes a static import on a line of its own and a dynamic one as import("…").
      const specs = [
        ...text.matchAll(/^import [^;]*?from "([^"]+)";$/gm),
        ...text.matchAll(/\bimport\("([^"]+)"\)/g),
      ];
      for (const [, spec] of specs) {
        if (isBuiltin(spec!) || spec!.startsWith(".")) continue;
        imported.add(
          spec!
            .split("/")
            .slice(0, spec!.startsWith("@") ? 2 : 1)
            .join("/"),
        );
      }
    }
    // Each of them finds files of its own at run time or is native (scripts/bundle.mjs).
    const external = [
      "@electric-sql/pglite",
      "@napi-rs/canvas",
      "bullmq",
      "ioredis",
      "puppeteer",
      "tinypool",
    ];
    expect([...imported].filter((p) => !external.includes(p))).toEqual([]);
    expect(imported.has("@electric-sql/pglite")).toBe(true);
    expect(imported.has("kysely")).toBe(false);
    expect(imported.has("zod")).toBe(false);
  });

  it("finds the package from its chunks (vreport --version)", () => {
    const { version } = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as {
      version: string;
    };
    expect(
      execFileSync(process.execPath, [join(cli, "index.js"), "--version"], { encoding: "utf8" }).trim(),
    ).toBe(version);
  });
});
