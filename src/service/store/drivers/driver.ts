import type { Kysely } from "kysely";
import type { Database } from "../schema.js";

/**
 * What the service asks of a database, whichever driver holds it: one folder under
 * store/drivers/ per driver, one line in drivers/registry.ts (docs/architecture.md, "A new
 * database driver"). Nothing outside the driver's folder sees the driver's own objects (PGlite
 * instance, pg pool): every difference between drivers the service cares about is a field here.
 */
export interface Store {
  /** Every query of the service goes through it. */
  readonly db: Kysely<Database>;
  /** The location as given (a URL's password is not redacted: print `printableLocation(location)`). */
  readonly location: string;
  /**
   * The directory this process holds locked, when the database is one (PGlite on disk): no other
   * process may open it, so they reach it through the service's admin channel beside it.
   */
  readonly lockedDirectory?: string;
  /** What the database can take at once: the service sizes its expensive lane and gate from it. */
  readonly capacity: StoreCapacity;
  /**
   * The shared buffers it was opened with, in MB, when they live in this process and the open
   * asked for a size (PGlite, `OpenStoreOptions.sharedBuffersMb`); undefined when they are the
   * default or the server's own. Writing a whole database is faster with the default.
   */
  readonly sharedBuffersMb?: number;
  /**
   * Moves whenever a project row may have changed: on PGlite every statement that may write
   * (drivers/pglite/write-epoch.ts); on PostgreSQL this process's writes and the notifications of
   * other processes' changes to projects (drivers/postgres/write-epoch.ts), undefined while not
   * listening. Project rows read while it stands still are current, so they may be kept until it moves.
   */
  writeEpoch(): number | undefined;
  /**
   * The same database as one request sees it: once `signal` fires, queries it had queued are
   * skipped and running ones cancelled where the database can (PostgreSQL), each rejecting with
   * `refuse()`; connections are taken through `gate` when given (docs/api.md, "Load shedding").
   */
  abortable(signal: AbortSignal, options: AbortableOptions): Kysely<Database>;
  /**
   * Runs `fn` in one transaction on one connection, committing when it resolves: its `db` and its
   * `copy` see each other's rows, and a failure rolls both back (the seed's bulk loading).
   */
  bulk<T>(fn: (session: BulkTransaction) => Promise<T>): Promise<T>;
  /**
   * The whole database as a tarball `OpenStoreOptions.loadDataDir` starts from, for drivers whose
   * data lives in this process (PGlite): the test suite copies seeded databases this way.
   */
  dumpDataDir?(): Promise<Blob>;
  /** Closes the database (and releases the directory's lock). Idempotent. */
  close(): Promise<void>;
}

export interface StoreCapacity {
  /** Connections it can use at once: 1 for PGlite's one session, the pool's size on PostgreSQL. */
  connections: number;
  /**
   * Whether queries run on this process's own thread (PGlite's WebAssembly): work computing at
   * once then only interleaves, each taking as much longer.
   */
  inProcess: boolean;
}

/** A request's hold on connections: the service's ConnectionGate (http/_connection-gate.ts). */
export interface ConnectionTurns {
  /** Waits for a connection's turn; rejects if `signal` fires first. */
  enter(signal: AbortSignal): Promise<void>;
  /** Gives a turn back. */
  leave(): void;
}

export interface AbortableOptions {
  /** The error a query stopped by the signal rejects with (the service's 499). */
  refuse: () => Error;
  /** Bounds the connections all abortable views hold together; ignored with one connection. */
  gate?: ConnectionTurns;
}

/** One transaction on one connection, and `COPY` into it. */
export interface BulkTransaction {
  db: Kysely<Database>;
  /**
   * Loads `text` (COPY text format) with `COPY <target> FROM <the driver's source>`, where target
   * is `table (columns)`.
   */
  copy(target: string, text: string | Uint8Array): Promise<void>;
}

export interface OpenStoreOptions {
  /** Run pending migrations (default true). */
  migrate?: boolean;
  /**
   * PGlite only: start from this data directory tarball (`Store.dumpDataDir`) instead of an
   * empty database. The test suite copies a migrated or seeded database this way in well under
   * a second instead of migrating and seeding again (test/global-setup.ts).
   */
  loadDataDir?: Blob;
  /**
   * PGlite only: PostgreSQL's shared buffers, in MB (default PostgreSQL's 128). PGlite allocates
   * and clears them inside its WebAssembly memory at every start, 0.3-0.4 s for 128 MB on this
   * project's machines: a short-lived process that runs one report's queries starts faster with
   * fewer (docs/decisions.md, "Short-lived PGlite").
   */
  sharedBuffersMb?: number;
}

/** A driver, loaded only when a store of its kind is opened. */
export interface StoreDriver {
  /** Opens (creating if needed) the database at `location`; migrations are the caller's. */
  open(location: string, options: Omit<OpenStoreOptions, "migrate">): Promise<Store>;
}

/** What the registry knows of a driver without loading it. */
export interface DriverInfo {
  /** How people call it ("PGlite"). */
  label: string;
  /** Whether `location` names a database of this driver. */
  handles(location: string): boolean;
  /** `location` fit to print: no password. */
  printable(location: string): string;
}

/** A registry entry: the driver's facts, and its lazy loader (pg loads only for PostgreSQL). */
export interface DriverEntry extends DriverInfo {
  load(): Promise<StoreDriver>;
}
