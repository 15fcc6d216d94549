/**
 * The write commands a running `vreport serve` runs for other processes over its loopback admin
 * channel while it holds the PGlite directory (docs/api.md, "Admin channel"): the same operations
 * each command runs on a store of its own.
 */
import type { AdminOperations } from "../service/admin/index.js";
import { importOp } from "./commands/import.js";
import { ingestOp } from "./commands/ingest.js";
import { keysCreateOp, keysRevokeOp } from "./commands/keys.js";
import { webhooksAddOp, webhooksRemoveOp } from "./commands/webhooks.js";
import { adminOperations } from "./on-store.js";

/** By admin name, as `runOnStore` asks for them. */
export const WRITE_OPERATIONS: AdminOperations = adminOperations({
  "keys.create": keysCreateOp,
  "keys.revoke": keysRevokeOp,
  ingest: ingestOp,
  import: importOp,
  "webhooks.add": webhooksAddOp,
  "webhooks.remove": webhooksRemoveOp,
});
