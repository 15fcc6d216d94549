/** Child processes: running a command to completion, and the memory of a process tree (/proc, Linux only). */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** VmRSS and VmHWM of one process in KiB, or null once it is gone. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { rssKb: kb("VmRSS"), hwmKb: kb("VmHWM") };
  } catch {
    return null;
  }
}

/** Every live descendant of `root`. */
export function descendants(root) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the ")" that closes the command name: state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // the process ended while we listed it
    }
  }
  const out = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/**
 * Polls a process tree: the peak VmHWM of `nodePid` and the peak of the summed VmRSS of its
 * descendants (Chromium's browser, zygote, GPU and renderer processes; shared pages are counted
 * once per process, so this over-states Chromium's footprint a little).
 */
export function monitorTree(nodePid, { intervalMs = 100, childRoot } = {}) {
  let nodePeakKb = 0;
  let childPeakKb = 0;
  const poll = () => {
    const own = memoryOf(nodePid);
    if (own) nodePeakKb = Math.max(nodePeakKb, own.hwmKb);
    const root = childRoot?.() ?? nodePid;
    const pids = childRoot ? [root, ...descendants(root)] : descendants(root);
    let sum = 0;
    for (const pid of pids) sum += memoryOf(pid)?.rssKb ?? 0;
    childPeakKb = Math.max(childPeakKb, sum);
  };
  const timer = setInterval(poll, intervalMs);
  timer.unref();
  poll();
  return {
    poll,
    stop() {
      clearInterval(timer);
      return { nodePeakKb, childPeakKb };
    },
  };
}

/** Runs `cmd` in `cwd` (extra `env` on top of ours, no colours); resolves with its exit code, output and wall time. */
export function run(cmd, args, cwd, env = {}) {
  return new Promise((resolve) => {
    const t = performance.now();
    const child = spawn(cmd, args, { cwd, env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", ...env } });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("close", (code) => resolve({ code, out, ms: performance.now() - t }));
  });
}
