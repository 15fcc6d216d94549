/**
 * `COPY … FROM STDIN` for node-postgres without an extra package: pg accepts any object with a
 * `submit(connection)` method as a query and forwards the protocol messages to its `handle*` hooks
 * (the mechanism pg-copy-streams uses). We send the whole payload when the server asks for it.
 */
import type pg from "pg";

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

const CHUNK_BYTES = 1 << 20;

/** Streams `data` (COPY text format) into the server with `statement` on `client`. */
export function copyFromStdin(
  client: pg.PoolClient,
  statement: string,
  data: string | Uint8Array,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let failed = false;
    const submittable = {
      submit(connection: CopyConnection) {
        connection.query(statement);
      },
      handleCopyInResponse(connection: CopyConnection) {
        const bytes =
          typeof data === "string"
            ? Buffer.from(data, "utf8")
            : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
          connection.sendCopyFromChunk(bytes.subarray(start, start + CHUNK_BYTES));
        }
        connection.endCopyFrom();
      },
      handleError(error: Error) {
        // pg drops the active query on error and never calls handleReadyForQuery for it.
        failed = true;
        reject(error);
      },
      handleReadyForQuery() {
        if (!failed) resolve();
      },
      handleCommandComplete() {},
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
    };
    void (client.query as unknown as (q: unknown) => unknown)(submittable);
  });
}
