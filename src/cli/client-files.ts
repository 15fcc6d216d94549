import type { Project } from "../contract/index.js";
import { toCliError } from "./to-cli-error.js";

/** Where a kind of per-client file (notes, change log) may be named for a run. */
export interface ClientFileSources {
  /** The flag's file: it wins for every project. */
  flagPath: string | undefined;
  /** Every file the config names (defaults and each client's), to read before the run. */
  configPaths: readonly (string | undefined)[];
  /** The config's file for one project (its own, else the default). */
  pathFor: (project: Project) => string | undefined;
}

/**
 * Reads (and so checks) every file a run may use before the service is contacted, once each: a
 * typo in one must not wait for the embedded service to start, nor fail one client of a batch
 * after others were sent. Returns each project's file's contents.
 */
export async function clientFiles<T>(
  load: (path: string) => Promise<T>,
  sources: ClientFileSources,
): Promise<(project: Project) => T | undefined> {
  const loaded = new Map<string, T>();
  for (const path of new Set([sources.flagPath, ...sources.configPaths])) {
    if (path === undefined) continue;
    loaded.set(
      path,
      await load(path).catch((err: unknown) => {
        throw toCliError(err);
      }),
    );
  }
  return (project) => {
    const path = sources.flagPath ?? sources.pathFor(project);
    return path === undefined ? undefined : loaded.get(path);
  };
}
