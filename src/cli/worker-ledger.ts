/**
 * Where a worker records its deliveries (docs/jobs.md, "Exactly-once email"): in the service's
 * database, which every worker of a cycle shares. The embedded service's own store when the worker
 * started one (PGlite lets one process open a directory), else a store opened on `--database`
 * (or VREPORT_DATABASE) beside the remote service the worker reads.
 */
import type { DeliveryLedger } from "../jobs/delivery-ledger.js";
import { deliveryLedger } from "../service/deliveries/index.js";
import { openStore, printableLocation, type Store } from "../service/store/db.js";
import { StoreError } from "../service/store/errors.js";
import type { CliServiceConnection } from "./connect-service.js";
import { CliError, EXIT } from "./errors.js";

/** An open ledger, where it is (fit to print), and how to let it go. */
export interface WorkerLedger {
  ledger: DeliveryLedger;
  /** Its database, where the reviews of the clients' reports are too (docs/review.md). */
  store: Store;
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
    if (error instanceof StoreError)
      throw new CliError(`the delivery ledger's database: ${error.message}`, EXIT.failure, { cause: error });
    throw error;
  }
  return ledgerOn(store, () => store.close(), by);
}

function ledgerOn(store: Store, close: () => Promise<void>, by: string): WorkerLedger {
  return { ledger: deliveryLedger(store.db, by), store, where: printableLocation(store.location), close };
}
