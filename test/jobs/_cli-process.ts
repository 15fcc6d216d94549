/**
 * Runs the vreport CLI in child processes. Node 20 cannot load TypeScript, so `src` is transpiled
 * (types stripped, one file at a time, nothing bundled) into a temporary `dist/` whose
 * `node_modules` and `templates` link to the repository's: the same layout as `npm run build`,
 * without type-checking the whole project on every run.
 */
import { type ChildProcess, spawn } from "node:child_process";
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

/** A transpiled copy of the CLI. */
export interface BuiltCli {
  dir: string;
  /** `node` arguments that run `vreport <args…>`. */
  argv(args: readonly string[]): string[];
  dispose(): void;
}

/** Transpiles `src` into a fresh temporary directory. */
export function buildCli(): BuiltCli {
  const dir = mkdtempSync(join(tmpdir(), "vreport-cli-"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  symlinkSync(join(ROOT, "templates"), join(dir, "templates"), "dir");
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  const src = join(ROOT, "src");
  const walk = (from: string): void => {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const path = join(from, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
        const out = join(dir, "dist", relative(src, path)).replace(/\.ts$/, ".js");
        mkdirSync(dirname(out), { recursive: true });
        const { outputText } = ts.transpileModule(readFileSync(path, "utf8"), {
          compilerOptions: {
            module: ts.ModuleKind.ESNext,
            target: ts.ScriptTarget.ES2022,
            verbatimModuleSyntax: true,
          },
        });
        writeFileSync(out, outputText);
      }
    }
  };
  walk(src);
  // Until `worker` is in the CLI's command table (src/cli/commands/index.ts), a two-line entry
  // registers the command file itself; either way the command runs from its compiled file.
  const wired = readFileSync(join(dir, "dist/cli/commands/index.js"), "utf8").includes("./worker.js");
  const entry = join(dir, "worker-cli.mjs");
  writeFileSync(
    entry,
    [
      'import { Command } from "commander";',
      'import { register } from "./dist/cli/commands/worker.js";',
      'const program = new Command("vreport"); register(program);',
      "await program.parseAsync(process.argv);",
    ].join("\n"),
  );
  return {
    dir,
    argv: (args) =>
      wired || args[0] !== "worker" ? [join(dir, "dist/cli/index.js"), ...args] : [entry, ...args],
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A spawned CLI process with its output collected line by line. */
export interface CliProcess {
  child: ChildProcess;
  pid: number;
  lines: string[];
  /** Resolves with the first line matching `re` (rejects after `timeoutMs`). */
  waitFor(re: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

/** Spawns `vreport <args>` from a built CLI with extra environment variables. */
export function spawnCli(cli: BuiltCli, args: readonly string[], env: Record<string, string>): CliProcess {
  const child = spawn(process.execPath, cli.argv(args), {
    cwd: cli.dir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  const onData = (buf: Buffer) => {
    for (const line of buf.toString("utf8").split("\n")) {
      if (!line) continue;
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.re.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return {
    child,
    pid: child.pid ?? 0,
    lines,
    exited,
    waitFor(re, timeoutMs = 30_000) {
      const hit = lines.find((l) => re.test(l));
      if (hit) return Promise.resolve(hit);
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${re}; output:\n${lines.join("\n")}`)),
          timeoutMs,
        );
        waiters.push({
          re,
          resolve: (l) => {
            clearTimeout(timer);
            resolvePromise(l);
          },
        });
      });
    },
  };
}
