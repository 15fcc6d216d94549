/**
 * Runs store code in a separate Node process, from the store sources transpiled into a temporary
 * directory (test/_transpile.ts).
 */
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { moduleDir, ROOT, transpileTree } from "../_transpile.js";

/** A transpiled copy of src/service/store; `dir/store/db.js` is importable by plain node. */
export interface TranspiledStore {
  dir: string;
  dispose(): void;
}

/** Transpiles the store sources into a fresh temporary directory. */
export function transpileStore(): TranspiledStore {
  const dir = moduleDir("vreport-store-");
  transpileTree(join(ROOT, "src/service/store"), join(dir, "store"), {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
  });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
  pid: number;
}

/** Runs an ES module script (source text) with node inside `dir`; resolves when it exits. */
export function runNodeScript(
  dir: string,
  source: string,
  args: readonly string[] = [],
): Promise<ChildResult> {
  const file = join(dir, `script-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, source);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [file, ...args], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code, stdout, stderr, pid: child.pid ?? 0 }));
  });
}
