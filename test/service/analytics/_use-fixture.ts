import { afterAll, beforeAll } from "vitest";
import { refreshAggregates } from "../../../src/service/analytics/aggregates/refresh.js";
import type { AnalyticsEndpointId } from "../../../src/service/analytics/handlers.js";
import type { Store } from "../../../src/service/store/db.js";
import { openTestStore, type TestDatabaseKind } from "../../store/_databases.js";
import { call } from "./_context.js";
import { insertFixture, NOW, PROJECT } from "./_fixture.js";

/**
 * The hand-built fixture (_fixture.ts) on a fresh store of `kind` for the enclosing describe,
 * with its aggregates built. `get` calls a handler as of the fixture's NOW (7d unless the query
 * says otherwise); `at(asOf)` does the same as of noon UTC on another day.
 */
export function useFixture(kind: TestDatabaseKind) {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
    await insertFixture(store);
    await refreshAggregates(store.db);
  });
  afterAll(() => store?.close());
  const caller =
    (now: Date) =>
    <I extends AnalyticsEndpointId>(
      id: I,
      query: Record<string, string> = {},
      pathParams: Record<string, string> = {},
    ) =>
      call(store, id, {
        project: PROJECT,
        timezone: "Europe/Paris",
        now,
        query: { range: "7d", ...query },
        pathParams,
      });
  return {
    get: caller(NOW),
    at: (asOf: string) => caller(new Date(`${asOf}T12:00:00Z`)),
  };
}
