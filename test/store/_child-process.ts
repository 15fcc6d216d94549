/**
 * Runs store code in a separate Node process, from the store sources transpiled into a temporary
 * directory (test/_transpile.ts).
 */
import { spawn } from "node:child_process";
import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transpileTree } from "../../scripts/transpile.mjs";
import { moduleDir, ROOT } from "../_transpile.js";

/**
 * A transpiled copy of src/service/store and the contract it imports (its errors are of the
 * family, contract/vreport-error.ts), laid out as in src/; `dir/store/db.js` is importable by
 * plain node.
 */
export interface TranspiledStore {
  dir: string;
  dispose(): void;
}

/** Transpiles the store sources (and the contract) into a fresh temporary directory. */
export function transpileStore(): TranspiledStore {
  const dir = moduleDir("vreport-store-");
  transpileTree(join(ROOT, "src/service/store"), join(dir, "service/store"));
  transpileTree(join(ROOT, "src/contract"), join(dir, "contract"));
  // `./store/db.js` as the scripts import it; node resolves the link, so the store's own
  // relative imports (`../../contract/…`) find the contract beside it.
  symlinkSync(join(dir, "service/store"), join(dir, "store"), "dir");
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
