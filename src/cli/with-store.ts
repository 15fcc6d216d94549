import { openStore, resolveDatabaseLocation, type Store } from "../service/store/db.js";
import { StoreError } from "../service/store/errors.js";
import { CliError, EXIT } from "./errors.js";

/**
 * Opens the store named by `--database` (else VREPORT_DATABASE, else `.vreport/db`) for one
 * command and always closes it (releasing the PGlite lock). Store failures exit 1 with their
 * plain message; `mapError` turns the command's own typed errors into CLI exits.
 */
export async function withStore<T>(
  database: string | undefined,
  run: (store: Store) => Promise<T>,
  mapError: (error: unknown) => CliError | undefined = () => undefined,
): Promise<T> {
  let store: Store;
  try {
    store = await openStore(resolveDatabaseLocation(database));
  } catch (error) {
    if (error instanceof StoreError) throw new CliError(error.message, EXIT.failure, { cause: error });
    throw error;
  }
  try {
    return await run(store);
  } catch (error) {
    throw mapError(error) ?? error;
  } finally {
    await store.close();
  }
}
