/**
 * Runs store code in a separate Node process. Node 20 cannot load TypeScript, so the store sources
 * are transpiled (types stripped, nothing bundled) into a temporary directory whose node_modules
 * links to the repository's.
 */
import { spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "../..");
const STORE = join(ROOT, "src/service/store");

/** A transpiled copy of src/service/store; `dir/store/db.js` is importable by plain node. */
export interface TranspiledStore {
  dir: string;
  dispose(): void;
}

/** Transpiles the store sources into a fresh temporary directory. */
export function transpileStore(): TranspiledStore {
  const dir = mkdtempSync(join(tmpdir(), "vreport-store-"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  const walk = (from: string): void => {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const path = join(from, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) {
        const out = join(dir, "store", relative(STORE, path)).replace(/\.ts$/, ".js");
        mkdirSync(dirname(out), { recursive: true });
        const { outputText } = ts.transpileModule(readFileSync(path, "utf8"), {
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        });
        writeFileSync(out, outputText);
      }
    }
  };
  walk(STORE);
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
