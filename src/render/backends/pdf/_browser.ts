import { existsSync } from "node:fs";
import { basename } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer";
import { VreportError } from "../../../contract/index.js";

/**
 * Debian's headless shell build of Chromium (package chromium-headless-shell, same source and
 * version as the chromium package): Chromium's own build for automation and printing, without
 * the browser UI. It starts in ~0.1 s on ~0.2 s of CPU where the full browser takes ~0.45 s and
 * ~1.2 s (it also preloads its omnibox WebUI), and prints the same report ~25% faster, measured
 * on this project's 2-core machines. The full browser is the fallback when it is not installed.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";

/** The Chromium to run: PUPPETEER_EXECUTABLE_PATH, else the headless shell, else the full browser. */
export function chromiumExecutable(): { path: string; headlessShell: boolean } {
  const path =
    process.env.PUPPETEER_EXECUTABLE_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);
  return { path, headlessShell: basename(path).includes("headless-shell") };
}

const ARGS = [
  // Unhinted glyphs at their exact advances, as the full browser prints them: hinted (the
  // headless shell's default), letter-spaced labels extract as "A I V I S…" and lines break
  // elsewhere. With it both builds print the same PDF, pixel for pixel.
  "--font-render-hinting=none",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** A render that did not finish within its time budget; the browser is relaunched after it. */
export class PdfTimeoutError extends VreportError {
  readonly code = "PDF_TIMEOUT";
  constructor(ms: number) {
    super(`PDF rendering timed out after ${ms} ms`);
  }
}

// One browser per process, launched on first use. The promise (not the browser) is kept so that
// concurrent first renders share one launch.
let launching: Promise<Browser> | undefined;

/** Forgets `handle` if it is still the current browser, so the next render launches anew. */
function forget(handle: Promise<Browser>): void {
  if (launching === handle) launching = undefined;
}

// Counts deliberate closes: a render whose browser was closed under it (a stopped run) must not
// launch a new one to retry on.
let closes = 0;

function launch(): Promise<Browser> {
  const { path, headlessShell } = chromiumExecutable();
  const handle: Promise<Browser> = puppeteer
    .launch({
      executablePath: path,
      headless: headlessShell ? "shell" : true,
      args: ARGS,
      // DevTools over the process's pipes instead of a WebSocket: Chromium exits when its end of
      // the pipe closes, which the kernel does when this process dies, even by SIGKILL. With a
      // socket, a killed run left its Chromium (~0.5 GB) running under pid 1.
      pipe: true,
      // Stopping is the CLI's (cli/interrupt.ts): puppeteer's own handlers would close the
      // browser on SIGTERM and let the run relaunch one and carry on.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    })
    .then((browser) => {
      // A crash or kill: the next render launches a fresh browser.
      browser.once("disconnected", () => forget(handle));
      return browser;
    });
  handle.catch(() => forget(handle));
  return handle;
}

async function acquire(attempt = 0): Promise<{ browser: Browser; handle: Promise<Browser> }> {
  launching ??= launch();
  const handle = launching;
  const browser = await handle;
  if (browser.connected || attempt > 2) return { browser, handle };
  // Killed, and the "disconnected" event has not arrived yet.
  forget(handle);
  return acquire(attempt + 1);
}

/** The shared browser, (re)launched when there is none or the last one died. */
export async function getBrowser(): Promise<Browser> {
  return (await acquire()).browser;
}

/**
 * Starts launching the shared browser (and opening the first job's `pages` pages) without
 * waiting for it, so the launch overlaps whatever comes before the first render (opening the
 * database, fetching). A failed launch is not reported here: the first render launches again
 * and reports it.
 */
export function warmUp(pages: number): void {
  acquire()
    .then(({ browser }) => {
      if (spare?.browser !== browser) spare = { browser, pages: openPages(browser, pages) };
    })
    .catch(() => undefined);
}

/** Closes the shared browser, if any (CLI shutdown, tests). */
export async function closeBrowser(): Promise<void> {
  closes++;
  const handle = launching;
  launching = undefined;
  spare = undefined;
  idle = undefined;
  const browser = await handle?.catch(() => undefined);
  await browser?.close().catch(() => browser.process()?.kill("SIGKILL"));
}

/**
 * The width of the page's window, in CSS pixels: wider than templates/print.css's breakpoint,
 * so the document is never laid out for the screen (see there), and wider than any printed page.
 */
const SCREEN_WIDTH_PX = 4096;

/** A fresh page that runs no script and loads nothing but `data:` URLs. */
async function lockedPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: SCREEN_WIDTH_PX, height: 1024 });
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (request.url().startsWith("data:")) void request.continue();
    else void request.abort("blockedbyclient");
  });
  return page;
}

// The next job's pages, opened (and locked) while the current job runs: opening a tab costs
// ~200 ms, a large share of a warm render.
let spare: { browser: Browser; pages: Promise<Page>[] } | undefined;

/**
 * Pages a job gave back after printing cleanly, for the next job: opening and locking a tab
 * costs more of Node's and Chromium's time than the print's own set-up, which at a month end of
 * hundreds of reports is a share of the machine (docs/jobs.md, "Throughput"). Reuse
 * keeps the lock: the page's script stays off and its requests intercepted, and `setContent`
 * replaces the whole document, so nothing of one report stays for the next. A job that failed
 * or timed out closes its pages instead.
 */
let idle: { browser: Browser; pages: Page[] } | undefined;
const MAX_IDLE_PAGES = 8;

/** Keeps `pages` of `browser` for the next job (up to MAX_IDLE_PAGES), closing the rest. */
function giveBack(browser: Browser, pages: Page[]): void {
  if (idle?.browser !== browser) idle = { browser, pages: [] };
  for (const page of pages) {
    if (idle.pages.length < MAX_IDLE_PAGES && !page.isClosed()) idle.pages.push(page);
    // Not awaited: closing a tab takes ~150 ms and nothing waits on it.
    else void page.close().catch(() => undefined);
  }
}

function openPages(browser: Browser, count: number): Promise<Page>[] {
  return Array.from({ length: count }, () => {
    const page = lockedPage(browser);
    page.catch(() => undefined); // the browser may be closed before anyone takes it
    return page;
  });
}

/**
 * `count` locked pages of `browser`: given back by an earlier job first, else from the spare slot,
 * queuing as many new spares.
 */
function takePages(browser: Browser, count: number): Promise<Page>[] {
  const reused = idle?.browser === browser ? idle.pages.splice(0, count) : [];
  // With every page reused, freshPages(…, 0) takes none and opens none.
  return [...reused.map((page) => Promise.resolve(page)), ...freshPages(browser, count - reused.length)];
}

/** `count` fresh locked pages of `browser`, from the spare slot first; as many new spares queued. */
function freshPages(browser: Browser, count: number): Promise<Page>[] {
  const ready = spare?.browser === browser ? spare.pages : [];
  const taken = [...ready.slice(0, count), ...openPages(browser, Math.max(0, count - ready.length))];
  const left = ready.slice(count);
  spare = { browser, pages: [...left, ...openPages(browser, Math.max(0, count - left.length))] };
  return taken;
}

/**
 * Runs `job` on `count` locked pages (tabs) of the shared browser, which print side by side, and
 * closes them afterwards. Past `timeoutMs` the job fails with PdfTimeoutError and the browser is
 * replaced (a wedged renderer must not hold up the next report). If the browser dies during the
 * job (crash, OOM kill), the job is retried once on a relaunched browser.
 */
export async function withPages<T>(
  timeoutMs: number,
  count: number,
  job: (pages: Page[]) => Promise<T>,
  retry = true,
): Promise<T> {
  const { browser, handle } = await acquire();
  const closesBefore = closes;
  let timer: NodeJS.Timeout | undefined;
  let pages: Page[] = [];
  let timedOut = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new PdfTimeoutError(timeoutMs));
    }, timeoutMs);
  });
  const running = (async () => {
    const opened = await Promise.allSettled(takePages(browser, count));
    pages = opened.flatMap((p) => (p.status === "fulfilled" ? [p.value] : []));
    const failed = opened.find((p) => p.status === "rejected");
    if (failed) throw failed.reason;
    if (timedOut) throw new PdfTimeoutError(timeoutMs);
    return job(pages);
  })();
  // The loser of the race must not surface as an unhandled rejection.
  running.catch(() => undefined);
  let printed = false;
  try {
    const result = await Promise.race([running, timeout]);
    printed = true;
    return result;
  } catch (error) {
    if (timedOut) {
      forget(handle);
      void browser.close().catch(() => browser.process()?.kill("SIGKILL"));
    } else if (!browser.connected && retry && closes === closesBefore) {
      return withPages(timeoutMs, count, job, false);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    // Not awaited: closing a tab takes ~150 ms and nothing waits on it; a closing browser ends it anyway.
    if (!timedOut && browser.connected) {
      if (printed) giveBack(browser, pages);
      else for (const page of pages) void page.close().catch(() => undefined);
    }
  }
}
