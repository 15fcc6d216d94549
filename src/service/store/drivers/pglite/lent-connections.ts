import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryExecutor,
} from "kysely";

/**
 * The store's own connection (PGlite has one), lent to one request a query or a transaction at a
 * time and checked when it is granted: queries an abandoned request had already queued behind
 * other requests' are skipped when their turn comes instead of run for nobody. The store's driver
 * still serializes every use of the session, so transactions stay whole.
 */
class LentConnections implements Driver {
  private readonly releases = new Map<DatabaseConnection, () => void>();

  constructor(
    private readonly executor: QueryExecutor,
    private readonly signal: AbortSignal,
    private readonly refuse: () => Error,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // PGlite runs each query synchronously in this thread, and a request's next query follows as
    // a microtask: without a turn of the event loop between queries, requests that arrive during
    // expensive work are not even read until it ends, so they can be neither queued nor shed.
    await new Promise((resume) => setImmediate(resume));
    return new Promise((resolve, reject) => {
      this.executor
        .provideConnection(
          (connection) =>
            new Promise<void>((released) => {
              if (this.signal.aborted) {
                released();
                reject(this.refuse());
                return;
              }
              this.releases.set(connection, released);
              resolve(connection);
            }),
        )
        .catch(reject);
    });
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  // The store owns its driver; a request's view never destroys it.
  async destroy(): Promise<void> {}
}

/** A dialect over the store's one connection (`executor`'s) whose queries are skipped once `signal` fired. */
export function lentConnectionsDialect(executor: QueryExecutor, signal: AbortSignal, refuse: () => Error) {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new LentConnections(executor, signal, refuse),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
  };
}
