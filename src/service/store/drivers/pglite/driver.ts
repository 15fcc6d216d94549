import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { StoreError } from "../../errors.js";
import { acquireLock, type DirectoryLock } from "../../lock.js";
import type { Database } from "../../schema.js";
import type { Store, StoreDriver } from "../driver.js";
import { DATE, INT8, keepString, NUMERIC, toNumber } from "../pg-types.js";
import { lentConnectionsDialect } from "./lent-connections.js";
import { trackWrites } from "./write-epoch.js";

/** In-memory PGlite, for tests: a database of its own on every open, so never locked. */
const MEMORY_LOCATION = "memory://";

/** An open PGlite store; `pglite` is for this folder and for tests that count its queries. */
export interface PgliteStore extends Store {
  readonly pglite: PGlite;
}

export const driver: StoreDriver = {
  async open(location, { loadDataDir, sharedBuffersMb }): Promise<PgliteStore> {
    const inMemory = location.startsWith(MEMORY_LOCATION);
    let lock: DirectoryLock | undefined;
    let dataDir: string | undefined;
    if (!inMemory) {
      dataDir = resolve(location.replace(/^file:\/\//, ""));
      lock = acquireLock(dataDir);
      mkdirSync(dataDir, { recursive: true });
    }
    let pglite: PGlite;
    const [{ PGlite }, { PGliteDialect }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("kysely-pglite-dialect"),
    ]);
    try {
      pglite = new PGlite(dataDir ?? MEMORY_LOCATION, {
        parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepString },
        ...(loadDataDir ? { loadDataDir } : {}),
        ...(sharedBuffersMb !== undefined
          ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`] }
          : {}),
      });
      await pglite.waitReady;
    } catch (cause) {
      lock?.release();
      throw new StoreError("OPEN_FAILED", `cannot open database ${location}: ${String(cause)}`, { cause });
    }
    const writeEpoch = trackWrites(pglite);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    let closed = false;
    return {
      db,
      location,
      pglite,
      ...(dataDir !== undefined ? { lockedDirectory: dataDir } : {}),
      capacity: { connections: 1, inProcess: true },
      ...(sharedBuffersMb !== undefined ? { sharedBuffersMb } : {}),
      writeEpoch,
      abortable: (signal, { refuse }) =>
        new Kysely<Database>({ dialect: lentConnectionsDialect(db.getExecutor(), signal, refuse) }),
      // Raw queries run on PGlite's single session, so COPY joins the transaction open there.
      bulk: (fn) =>
        db.transaction().execute((trx) =>
          fn({
            db: trx,
            copy: async (target, text) => {
              await pglite.query(`COPY ${target} FROM '/dev/blob'`, [], {
                blob: new Blob([text as BlobPart]),
              });
            },
          }),
        ),
      dumpDataDir: () => pglite.dumpDataDir("none"),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await db.destroy();
        } finally {
          lock?.release();
        }
      },
    };
  },
};
