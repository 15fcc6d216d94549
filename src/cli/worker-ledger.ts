/**
 * Where a worker records its deliveries (docs/jobs.md, "Exactly-once email"): in the service's
 * database, which every worker of a cycle shares. The embedded service's own store when the worker
 * started one (PGlite lets one process open a directory), else a store opened on `--database`
 * (or VREPORT_DATABASE) beside the remote service the worker reads; a PGlite directory that a
 * running `vreport serve` holds is reached through that service's admin route (one machine, the
 * embedded database: serve, its desk and a worker side by side).
 */
import type { DeliveryLedger } from "../jobs/delivery-ledger.js";
import { deliveryLedger } from "../service/deliveries/index.js";
import { openStore, printableLocation, type Store } from "../service/store/db.js";
import { DatabaseLockedError, StoreError } from "../service/store/errors.js";
import { reviewListOp, reviewSetOp } from "./commands/review.js";
import type { CliServiceConnection } from "./connect-service.js";
import { CliError, EXIT } from "./errors.js";
import { adminLedger } from "./ledger-operations.js";
import { runOnStore } from "./on-store.js";
import { storeReviews, type WorkerReviews } from "./review-gate.js";

/** An open ledger, where it is (fit to print), and how to let it go. */
export interface WorkerLedger {
  ledger: DeliveryLedger;
  /** The reviews of the clients' reports, in the same database (docs/review.md). */
  reviews: WorkerReviews;
  /** Where it is, fit to print and to give back as `--database` (a password hidden). */
  location: string;
  /** `location`, and how the worker reaches it. */
  where: string;
  close(): Promise<void>;
}

/** The ledger's database of a worker reading a remote service: `--database`, else VREPORT_DATABASE. */
export function ledgerLocation(
  flags: { database?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const location = flags.database ?? env.VREPORT_DATABASE;
  return location === undefined || location === "" ? undefined : location;
}

/**
 * Refuses, before anything starts, a worker that would email without a ledger: with nothing
 * recorded, a retried or resumed job could email a client twice.
 */
export function checkLedgerFor(email: boolean, remote: boolean, location: string | undefined): void {
  if (email && remote && location === undefined)
    throw new CliError(
      "a worker that emails records each send in the database, so that no client gets a report twice: give --database (the PostgreSQL URL every worker shares) or VREPORT_DATABASE (docs/jobs.md)",
      EXIT.usage,
    );
}

/**
 * Opens the ledger of a worker (or of a batch: `generate --all-projects --email`): on the
 * embedded service's store, else on `location`, else none. `by` is who its recorded sends name
 * in the reports' reviews (docs/review.md).
 */
export async function openWorkerLedger(
  service: CliServiceConnection,
  location: string | undefined,
  by = "worker",
): Promise<WorkerLedger | undefined> {
  if (service.store) return ledgerOn(service.store, async () => {}, by);
  if (location === undefined) return undefined;
  let store: Store;
  try {
    store = await openStore(location);
  } catch (error) {
    if (error instanceof DatabaseLockedError) return throughService(location, by);
    if (error instanceof StoreError)
      throw new CliError(`the delivery ledger's database: ${error.message}`, EXIT.failure, { cause: error });
    throw error;
  }
  return ledgerOn(store, () => store.close(), by);
}

function ledgerOn(store: Store, close: () => Promise<void>, by: string): WorkerLedger {
  const location = printableLocation(store.location);
  return {
    ledger: deliveryLedger(store.db, by),
    reviews: storeReviews(store),
    location,
    where: location,
    close,
  };
}

const quiet = { out: () => {}, err: () => {} };

/** The ledger and reviews of a PGlite directory a running service holds, through its admin route. */
function throughService(location: string, by: string): WorkerLedger {
  return {
    ledger: adminLedger(location, by),
    reviews: {
      get: async (projectId, period) =>
        (await runOnStore(location, "review.list", reviewListOp, { period, json: false }, quiet)).find(
          (r) => r.projectId === projectId,
        ),
      set: (change) =>
        runOnStore(
          location,
          "review.set",
          reviewSetOp,
          {
            project: change.projectId,
            period: change.period,
            state: change.state,
            by: change.by,
            ...(change.reason !== undefined ? { reason: change.reason } : {}),
            quiet: true,
          },
          quiet,
        ),
    },
    location: printableLocation(location),
    where: `${printableLocation(location)} (through the service that holds it)`,
    close: async () => {},
  };
}
