/**
 * What a run leaves in the output folder when it is killed before it can clean up (SIGKILL, a
 * power cut): its hidden staging folder and its partial answers workbook. Both names carry the
 * writing process's id, so a later run can tell a dead run's leftovers from a live run's work.
 */
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";

/** `.vreport-staging-<pid>-<hex>` (apply.ts) and `.<name>-answers.<pid>-<hex>.partial` (generate-report.ts). */
const LEFTOVER = /^\.(?:vreport-staging-(\d+)-[0-9a-f]+|.+-answers\.(\d+)-[0-9a-f]+\.partial)$/;

/** Whether a process with this id exists (another user's counts: EPERM says it exists). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * Removes the staging folders and partial answers workbooks in `outDir` whose process is gone;
 * a live process's (a concurrent run into the same folder) are left alone. Returns the names
 * removed. A process id reused since is taken for alive: its leftover waits for a later run.
 */
export async function removeLeftovers(outDir: string): Promise<string[]> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = LEFTOVER.exec(name);
    const pid = Number(match?.[1] ?? match?.[2]);
    if (!match || pid === process.pid || processAlive(pid)) continue;
    await rm(join(outDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
