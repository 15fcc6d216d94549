/**
 * Runs the vreport CLI in child processes, from the run's transpiled copy of `src`
 * (test/_transpile.ts, made once by test/global-setup.ts): the same layout as `npm run build`,
 * without type-checking the whole project on every run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { moduleDir } from "../_transpile.js";

/** A transpiled copy of the CLI. */
export interface BuiltCli {
  dir: string;
  /** `node` arguments that run `vreport <args…>`. */
  argv(args: readonly string[]): string[];
  dispose(): void;
}

/**
 * The CLI of the run's transpiled project (test/global-setup.ts), run from a fresh temporary
 * directory of its own (a command without --database would create its database there).
 */
export function buildCli(): BuiltCli {
  const project = inject("builtProject");
  const dir = moduleDir("vreport-cli-");
  return {
    dir,
    argv: (args) => [join(project, "dist/cli/index.js"), ...args],
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
  /** Resolves with the exit code once the process has exited and its output is all in `lines`. */
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
  // On "close", not "exit": a process's last lines may still be in its pipes when it exits, and
  // tests read `lines` as soon as this resolves (Node's child_process docs, event 'close').
  const exited = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
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

/** SIGKILLs every process of `list` still running and waits for each to exit. */
export async function killAll(list: readonly CliProcess[]): Promise<void> {
  for (const c of list) {
    if (c.child.exitCode === null && c.child.signalCode === null) {
      c.child.kill("SIGKILL");
      await c.exited;
    }
  }
}
