import { type FSWatcher, statSync, watch } from "node:fs";
import { basename, dirname, join } from "node:path";

/** A set of watched files and folders; `update` swaps it, `close` stops watching. */
export interface InputWatcher {
  /** Watches exactly `paths` from now on (watchers of paths no longer named are closed). */
  update(paths: readonly string[]): void;
  close(): void;
}

/** How long the watcher waits for an edit's other events (an editor's save is often several). */
export const DEBOUNCE_MS = 60;

/**
 * Watches files and folders with node:fs.watch and calls `onChange` once per burst of events,
 * `DEBOUNCE_MS` after the last, with the paths the burst changed and the time of its last event. A folder is watched recursively (templates/ and its partials/;
 * Node ≥ 20 supports `recursive` on Linux). A file is watched through its folder, filtered by name:
 * editors that save by writing a new file and renaming it over the old one replace the inode a
 * watch on the file itself would follow, and a file that does not exist yet (the default config
 * file) is seen when it appears. A folder that cannot be watched (it does not exist) is skipped.
 */
export function watchInputs(
  paths: readonly string[],
  onChange: (paths: string[], at: number) => void,
): InputWatcher {
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let burst = new Set<string>();
  const changed = (path: string) => {
    if (closed) return;
    clearTimeout(timer);
    burst.add(path);
    const at = performance.now();
    timer = setTimeout(() => {
      const paths = [...burst];
      burst = new Set();
      onChange(paths, at);
    }, DEBOUNCE_MS);
  };

  /** What to watch: each folder (recursively), and each file's folder with the names wanted in it. */
  const plan = (wanted: readonly string[]) => {
    const out = new Map<string, { recursive: boolean; names: Set<string> | null }>();
    for (const path of wanted) {
      let isDir = false;
      try {
        isDir = statSync(path).isDirectory();
      } catch {}
      if (isDir) {
        out.set(`dir:${path}`, { recursive: true, names: null });
        continue;
      }
      const key = `file:${dirname(path)}`;
      const entry = out.get(key) ?? { recursive: false, names: new Set<string>() };
      entry.names?.add(basename(path));
      out.set(key, entry);
    }
    return out;
  };

  const update = (wanted: readonly string[]) => {
    const next = plan(wanted);
    // Keyed by what is watched and how: a file's folder watched for other names is watched anew.
    const keyOf = (key: string, e: { names: Set<string> | null }) =>
      e.names ? `${key}|${[...e.names].sort().join("|")}` : key;
    const keys = new Map(
      [...next].map(([k, e]) => [keyOf(k, e), { folder: k.slice(k.indexOf(":") + 1), ...e }]),
    );
    for (const [key, watcher] of watchers)
      if (!keys.has(key)) {
        watcher.close();
        watchers.delete(key);
      }
    for (const [key, { folder, recursive, names }] of keys) {
      if (watchers.has(key)) continue;
      try {
        const watcher = watch(folder, { recursive }, (_event, name) => {
          const file = name === null ? folder : join(folder, name.toString());
          if (names === null || (name !== null && names.has(basename(name.toString())))) changed(file);
        });
        // A watched folder removed or unreadable: stop watching it rather than crash the server.
        watcher.on("error", () => {
          watcher.close();
          watchers.delete(key);
        });
        watchers.set(key, watcher);
      } catch {
        // No such folder: nothing in it can change until it exists (the error page names the file).
      }
    }
  };

  update(paths);
  return {
    update,
    close() {
      closed = true;
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
