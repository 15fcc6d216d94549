/**
 * The demo workspaces' stable ids and timezone, apart from the seeding code: the embedded service
 * needs them on every run, the seed modules only when it seeds.
 */
import { DEMO_WORKSPACE, OTHER_WORKSPACE } from "./_plans.js";
import { uuidFor } from "./_prng.js";

/** Timezone of the demo workspace, for callers computing a default as-of day. */
export const DEMO_TIMEZONE = DEMO_WORKSPACE.timezone;
/** Id of the demo workspace (stable across runs). */
export const DEMO_WORKSPACE_ID = uuidFor(`${DEMO_WORKSPACE.key}/workspace`);
/** Id of the second, unrelated workspace (stable across runs). */
export const OTHER_WORKSPACE_ID = uuidFor(`${OTHER_WORKSPACE.key}/workspace`);
