import type { VreportClient } from "../client/index.js";

/** A connected service: the client, where it points, and how to let it go. */
export interface ServiceConnection {
  client: VreportClient;
  baseUrl: string;
  /** Set when the embedded demo service was started (its database location). */
  embeddedDatabase?: string;
  /** The embedded demo's as-of day, when embedded. */
  asOf?: string;
  /** A client for another base URL with the same key (job data may name one). */
  clientFor(baseUrl: string): VreportClient;
  close(): Promise<void>;
}
