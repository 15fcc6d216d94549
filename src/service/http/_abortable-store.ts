import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import type { Store } from "../store/db.js";
import type { ConnectionGate } from "./_connection-gate.js";
import { ApiError } from "./api-error.js";

/**
 * Refuses every query once the request's signal has fired: an abandoned request stops at its next
 * query, on either database (docs/api.md, "Load shedding": abandoned work).
 */
class StopWhenAborted implements KyselyPlugin {
  constructor(private readonly signal: AbortSignal) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.signal.aborted) throw ApiError.clientClosed();
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The store a request's handler uses in the expensive lane: the same database, but its queries
 * stop once `signal` fires (client gone) with the 499 error (`Store.abortable`: on PostgreSQL the
 * running queries are cancelled too; on PGlite, whose queries run one at a time in this thread,
 * the request stops before its next one, including queries it had already queued).
 * `gate` bounds the connections all expensive requests hold together.
 */
export function abortableStore(store: Store, signal: AbortSignal, gate?: ConnectionGate): Store {
  const db = store
    .abortable(signal, { refuse: ApiError.clientClosed, ...(gate ? { gate } : {}) })
    .withPlugin(new StopWhenAborted(signal));
  return { ...store, db };
}
