import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildPreview, type PreviewBuild, type PreviewSource } from "./build.js";
import { EVENTS_PATH, errorPage, previewCsp, withReload } from "./page.js";
import { watchInputs } from "./watch.js";

/** The preview's default port (`--port`). */
export const DEFAULT_PORT = 4173;
/** The preview listens on loopback only: the report is the client's data. */
export const PREVIEW_HOST = "127.0.0.1";

/** What one rebuild did, for the command's log line and the benchmark. */
export interface RebuildEvent {
  /** The rebuild's number: the page shows it, and reloads when a later one is announced. */
  version: number;
  ok: boolean;
  /** The error's message when it failed (it names the file and line). */
  message?: string;
  warnings: string[];
  /** From the change seen (or the start) to the new page being ready, in ms. */
  ms: number;
  /** The files whose change caused it; undefined for the first build. */
  changed?: string[];
}

export interface PreviewOptions {
  source: PreviewSource;
  /** 0 picks a free port (tests). Default DEFAULT_PORT. */
  port?: number;
  /** Called after each rebuild, the first included. */
  onRebuild?: (event: RebuildEvent) => void;
}

/** A running preview. */
export interface Preview {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** The build the page shows now. */
  current(): PreviewBuild & { version: number };
  /** Stops watching, ends the pages' event streams and closes the server. */
  close(): Promise<void>;
}

/** The hosts a request may name: a page of another origin (DNS rebinding) gets nothing. */
function hostAllowed(req: IncomingMessage, port: number): boolean {
  return [`${PREVIEW_HOST}:${port}`, `localhost:${port}`].includes(req.headers.host ?? "");
}

/**
 * Serves the report as HTML on 127.0.0.1 and rebuilds it when one of its inputs changes (the config
 * file, the notes, the change log, the templates and stylesheets: docs/preview.md). The data is
 * the source's, fetched once: a rebuild reads the files again and rebuilds the view (viewOf, no
 * refetch), then every open page reloads through its event stream (`/events`). A rebuild that
 * fails serves an error page naming the file and line; the server keeps running, and the next
 * good rebuild brings the report back. Edits during a rebuild cause one more rebuild after it.
 */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const { source } = options;
  const started = performance.now();
  let state: PreviewBuild & { version: number } = { ...(await buildPreview(source)), version: 1 };
  const streams = new Set<ServerResponse>();
  options.onRebuild?.(eventOf(state, performance.now() - started));

  let running = false;
  let again: { paths: string[]; at: number } | undefined;
  const rebuild = async (paths: string[], at: number) => {
    if (running) {
      again = { paths: [...new Set([...(again?.paths ?? []), ...paths])], at: again?.at ?? at };
      return;
    }
    running = true;
    try {
      let next: { paths: string[]; at: number } | undefined = { paths, at };
      while (next) {
        const build = await buildPreview(source);
        state = { ...build, version: state.version + 1 };
        watcher.update(build.inputs);
        for (const stream of streams) stream.write(`event: reload\ndata: ${state.version}\n\n`);
        options.onRebuild?.({ ...eventOf(state, performance.now() - next.at), changed: next.paths });
        next = again;
        again = undefined;
      }
    } finally {
      running = false;
    }
  };
  const watcher = watchInputs(state.inputs, (paths, at) => {
    // The debounce's wait counts: the latency is from the last event of the edit.
    rebuild(paths, at).catch((err: unknown) => {
      // buildPreview turns every bad input into an error page; this is a bug, said once, not a crash.
      options.onRebuild?.({ ...eventOf(state, 0), ok: false, message: String(err) });
    });
  });

  const server = createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    if (!hostAllowed(req, port)) {
      res.writeHead(403, { "content-type": "text/plain; charset=utf-8" }).end("forbidden host\n");
      return;
    }
    const url = new URL(req.url ?? "/", `http://${PREVIEW_HOST}`);
    if (req.method !== "GET") {
      res.writeHead(405, { allow: "GET" }).end();
    } else if (url.pathname === "/") {
      const nonce = randomBytes(16).toString("base64");
      const hook = { nonce, version: state.version };
      const body = state.ok ? withReload(state.html, hook) : errorPage(state.failure, hook);
      res
        .writeHead(state.ok ? 200 : 500, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": previewCsp(nonce),
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        })
        .end(body);
    } else if (url.pathname === EVENTS_PATH) {
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      // A page built before the latest rebuild (it missed the event while loading) reloads at once.
      const shown = Number(url.searchParams.get("v"));
      res.write(shown === state.version ? ": connected\n\n" : `event: reload\ndata: ${state.version}\n\n`);
      streams.add(res);
      req.on("close", () => streams.delete(res));
    } else {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) => {
      watcher.close();
      reject(err);
    });
    server.listen(options.port ?? DEFAULT_PORT, PREVIEW_HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${PREVIEW_HOST}:${port}/`,
    current: () => state,
    async close() {
      watcher.close();
      for (const stream of streams) stream.end();
      streams.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function eventOf(build: PreviewBuild & { version: number }, ms: number): RebuildEvent {
  return {
    version: build.version,
    ok: build.ok,
    ...(build.ok ? {} : { message: build.failure.message }),
    warnings: build.warnings,
    ms,
  };
}
