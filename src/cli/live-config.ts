import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { DEFAULT_CONFIG, type LoadedConfig, loadConfig } from "../config/load-config.js";
import type { Project } from "../contract/index.js";

/** What a worker makes of its config file: the file, and each client's settings from it. */
export interface ConfigState<C> {
  config: LoadedConfig;
  clients: C;
}

/** The files a state was read from, by their size and modification time ("" when missing). */
async function stampOf(paths: readonly string[]): Promise<string> {
  const each = await Promise.all(
    paths.map((p) =>
      stat(p).then(
        (s) => `${s.size}:${s.mtimeMs}`,
        () => "",
      ),
    ),
  );
  return each.join("|");
}

/** The config file and every change log it names: what a worker's clients are read from. */
function sourcesOf(file: string, config: LoadedConfig): string[] {
  const changes = [config.changesPath, ...config.clientChangesPaths].flatMap((p) => (p ? [resolve(p)] : []));
  return [file, ...new Set(changes)];
}

/**
 * A long-running worker's config file and the change logs it names, read again before a job
 * whenever one of them changed on disk: a client added to `projects`, a recipient changed or a
 * change log edited while the worker runs reaches that client's next report without a restart
 * (docs/jobs.md, "Per-client delivery"). Notes are read for each report already
 * (pipeline/client-reports.ts). A file edited into an error fails the jobs that read it, with the
 * file's own message, until it is fixed; the last good state is never used for them, since its
 * recipients may be the very thing that was corrected.
 */
export class LiveConfig<C> {
  private reading: Promise<void> | undefined;
  private error: unknown;

  private constructor(
    private readonly path: string | undefined,
    private readonly derive: (config: LoadedConfig) => Promise<C>,
    private state: ConfigState<C>,
    private stamp: string,
  ) {}

  /** Reads the config (`path`, else ./vreport.config.json when present) and derives its clients. */
  static async open<C>(
    path: string | undefined,
    derive: (config: LoadedConfig) => Promise<C>,
  ): Promise<LiveConfig<C>> {
    const file = resolve(path ?? DEFAULT_CONFIG);
    const config = await loadConfig(path);
    const clients = await derive(config);
    return new LiveConfig(path, derive, { config, clients }, await stampOf(sourcesOf(file, config)));
  }

  /** The current state: throws the last reading's error while the files are broken. */
  get current(): ConfigState<C> {
    if (this.error !== undefined) throw this.error;
    return this.state;
  }

  /** The settings of one project from the current file (LoadedConfig.forProject). */
  forProject(project: Pick<Project, "id" | "name">): ReturnType<LoadedConfig["forProject"]> {
    return this.current.config.forProject(project);
  }

  /** Reads the files again if one changed since they were read; one reading at a time. */
  refresh(): Promise<void> {
    this.reading ??= this.reread().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async reread(): Promise<void> {
    const file = resolve(this.path ?? DEFAULT_CONFIG);
    const stamp = await stampOf(sourcesOf(file, this.state.config));
    if (stamp === this.stamp) return;
    try {
      const config = await loadConfig(this.path);
      const clients = await this.derive(config);
      this.state = { config, clients };
      this.error = undefined;
      // The stamp of the new file's sources: a change log it names now is watched from here on.
      this.stamp = await stampOf(sourcesOf(file, config));
    } catch (err) {
      this.error = err;
      this.stamp = stamp;
    }
  }
}
