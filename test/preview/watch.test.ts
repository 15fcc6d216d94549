/**
 * The preview's watcher on real files: an edit in place, an editor's atomic save (a new file
 * renamed over the old one), a file that appears only later, a file in a watched folder's
 * subfolder, and a path no longer watched after `update`. Each wait is a promise of the change
 * with a generous limit, never a fixed sleep.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type InputWatcher, watchInputs } from "../../src/preview/watch.js";
import { tempDir } from "../_tmp.js";

const LIMIT_MS = 20_000;

describe("watchInputs", () => {
  const dir = tempDir("watch");
  let watcher: InputWatcher | undefined;
  let changes: string[][] = [];
  let waiter: ((paths: string[]) => void) | undefined;

  /** The next burst of changes reported, or a rejection after LIMIT_MS. */
  const nextChange = () =>
    new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no change within ${LIMIT_MS} ms`)), LIMIT_MS);
      waiter = (paths) => {
        clearTimeout(timer);
        resolve(paths);
      };
    });
  const watchOf = (paths: string[]) =>
    watchInputs(paths, (changed, at) => {
      expect(at).toBeLessThanOrEqual(performance.now());
      changes.push(changed);
      waiter?.(changed);
    });

  afterEach(() => {
    watcher?.close();
    changes = [];
  });

  it("reports an edit in place, and an atomic save by rename", async () => {
    const notes = join(dir, "notes.md");
    await writeFile(notes, "one\n");
    watcher = watchOf([notes]);
    let change = nextChange();
    await writeFile(notes, "two\n");
    expect(await change).toEqual([notes]);
    change = nextChange();
    await writeFile(join(dir, ".notes.md.swp"), "three\n");
    await rename(join(dir, ".notes.md.swp"), notes);
    expect(await change).toEqual([notes]);
  });

  it("reports a file that did not exist when the watch began, and ignores its neighbours", async () => {
    const config = join(dir, "later.config.json");
    watcher = watchOf([config]);
    const change = nextChange();
    await writeFile(join(dir, "unrelated.txt"), "x\n");
    await writeFile(config, "{}\n");
    expect(await change).toEqual([config]);
    expect(changes).toEqual([[config]]);
  });

  it("watches a folder's subfolders, and stops watching what `update` leaves out", async () => {
    const templates = join(dir, "templates");
    await mkdir(join(templates, "partials"), { recursive: true });
    const other = join(dir, "other.md");
    await writeFile(other, "x\n");
    watcher = watchOf([templates]);
    let change = nextChange();
    await writeFile(join(templates, "partials", "note.hbs"), "{{html}}\n");
    expect(await change).toEqual([join(templates, "partials", "note.hbs")]);
    watcher.update([other]);
    change = nextChange();
    await writeFile(join(templates, "partials", "note.hbs"), "{{html}}!\n");
    await writeFile(other, "y\n");
    // One burst: had the templates folder still been watched, its file would be in it.
    expect(await change).toEqual([other]);
  });
});
