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

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/** CPU time (user + system) one process has used so far in ms, or null once it is gone. */
export function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/** CPU time in ms of every live process whose command name (comm) is `name`, by pid. */
export function cpuOfCommand(name) {
  const byPid = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === name) byPid.set(entry, cpuOf(entry) ?? 0);
    } catch {
      // the process ended while we listed it
    }
  }
  return byPid;
}

/**
 * The CPU time in ms `name`'s processes used since `before` (a cpuOfCommand snapshot): each live
 * process's own growth, a new one's whole time; a process that ended meanwhile is not counted.
 */
export function cpuOfCommandSince(name, before) {
  let sum = 0;
  for (const [pid, used] of cpuOfCommand(name)) sum += used - (before.get(pid) ?? 0);
  return sum;
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
 * once per process, so this over-states Chromium's footprint a little), and the CPU time each
 * used while polled (a descendant's as last seen: one that ends between polls loses its last
 * interval).
 */
export function monitorTree(nodePid, { intervalMs = 100, childRoot } = {}) {
  let nodePeakKb = 0;
  let childPeakKb = 0;
  let nodeCpuStart = cpuOf(nodePid) ?? 0;
  let nodeCpuMs = 0;
  const childCpu = new Map();
  let childBase = new Map();
  const poll = () => {
    const own = memoryOf(nodePid);
    if (own) nodePeakKb = Math.max(nodePeakKb, own.hwmKb);
    const cpu = cpuOf(nodePid);
    if (cpu !== null) nodeCpuMs = cpu - nodeCpuStart;
    const root = childRoot?.() ?? nodePid;
    const pids = childRoot ? [root, ...descendants(root)] : descendants(root);
    let sum = 0;
    for (const pid of pids) {
      sum += memoryOf(pid)?.rssKb ?? 0;
      const used = cpuOf(pid);
      if (used !== null) childCpu.set(pid, used);
    }
    childPeakKb = Math.max(childPeakKb, sum);
  };
  const timer = setInterval(poll, intervalMs);
  timer.unref();
  poll();
  return {
    poll,
    /** Counts CPU time from now on (after start-up, say). */
    startCpu() {
      poll();
      nodeCpuStart = cpuOf(nodePid) ?? nodeCpuStart;
      nodeCpuMs = 0;
      childBase = new Map(childCpu);
    },
    stop() {
      clearInterval(timer);
      let childCpuMs = 0;
      for (const [pid, used] of childCpu) childCpuMs += used - (childBase.get(pid) ?? 0);
      return { nodePeakKb, childPeakKb, nodeCpuMs, childCpuMs };
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
