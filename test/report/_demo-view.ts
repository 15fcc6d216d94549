import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { deserialize } from "node:v8";
import { inject } from "vitest";
import type { ReportView } from "../../src/render/types.js";

export { DEMO_AS_OF, DEMO_BRANDING } from "./_build-demo-view.js";

/** How long `demoView()` waits: seeding 13 months of demo data (docs/demo-data.md) takes minutes on a busy machine. */
const DEMO_VIEW_WAIT_MS = 600_000;
/** The timeout of a hook that awaits `demoView()`: its wait plus the hook's own work. */
export const DEMO_VIEW_HOOK_TIMEOUT = DEMO_VIEW_WAIT_MS + 120_000;

/**
 * The demo report's view (90 days as of DEMO_AS_OF). It is built once per test run, in a child
 * process test/global-setup.ts starts (buildDemoView: seed, serve, fetch, model, draw), and every
 * file only reads it: each caller gets its own deserialized copy (v8 keeps Buffers as Buffers).
 * Waits for the build, with a generous limit (it seeds the full demo on a busy machine).
 */
export async function demoView(): Promise<ReportView> {
  const file = inject("demoViewFile");
  const deadline = Date.now() + DEMO_VIEW_WAIT_MS;
  while (!existsSync(file)) {
    if (existsSync(`${file}.error`)) {
      throw new Error(`building the demo view failed: ${readFileSync(`${file}.error`, "utf8")}`);
    }
    if (Date.now() > deadline)
      throw new Error(`the demo view was not built within ${DEMO_VIEW_WAIT_MS / 1000} s`);
    await sleep(100);
  }
  return deserialize(readFileSync(file)) as ReportView;
}
