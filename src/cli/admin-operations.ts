/**
 * The write commands a running `vreport serve` runs for other processes over its loopback admin
 * channel while it holds the PGlite directory (docs/api.md, "Admin channel"): the same operations
 * each command runs on a store of its own. A request's body is checked against the input the
 * command itself builds (the flags' rules as schemas) before the operation sees it: a body
 * anyone with the token wrote may be anything.
 */
import { z } from "zod";
import { SCOPES } from "../contract/index.js";
import type { AdminOperations } from "../service/admin/index.js";
import { ImportInput, importOp } from "./commands/import.js";
import { IngestInput, ingestOp } from "./commands/ingest.js";
import { keysCreateOp, keysRevokeOp } from "./commands/keys.js";
import { ReviewListInput, ReviewSetInput, reviewListOp, reviewSetOp } from "./commands/review.js";
import { webhooksAddOp, webhooksRemoveOp } from "./commands/webhooks.js";
import { LEDGER_OPERATIONS } from "./ledger-operations.js";
import { adminOperations, validated } from "./on-store.js";
import { deskWorkspacesOp } from "./serve-desk.js";

const Text = z.string().trim().min(1, "must not be empty");
const ById = z.object({ id: Text }).strict();

/** `keys create` as keysCreate builds it: known scopes, a project id, an ISO date-time. */
const KeysCreateInput = z
  .object({
    scopes: z.array(z.enum(SCOPES)).min(1),
    json: z.boolean(),
    name: Text,
    workspace: Text.optional(),
    projectId: z
      .string()
      .regex(/^[0-9a-f-]{36}$/, "must be a project id")
      .optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

/** `webhooks add` as webhooksAdd builds it (the URL and events are checked by the service's own rules). */
const WebhooksAddInput = z
  .object({
    url: Text,
    events: Text,
    json: z.boolean(),
    secret: Text.optional(),
    workspace: Text.optional(),
  })
  .strict();

/** By admin name, as `runOnStore` asks for them. */
export const WRITE_OPERATIONS: AdminOperations = adminOperations({
  "keys.create": validated(KeysCreateInput, keysCreateOp),
  "keys.revoke": validated(ById, keysRevokeOp),
  ingest: validated(IngestInput, ingestOp),
  import: validated(ImportInput, importOp),
  "webhooks.add": validated(WebhooksAddInput, webhooksAddOp),
  "webhooks.remove": validated(ById, webhooksRemoveOp),
  "review.list": validated(ReviewListInput, reviewListOp),
  "review.set": validated(ReviewSetInput, reviewSetOp),
  // The delivery ledger, for the review desk's sends (ledger-operations.ts, docs/review.md).
  ...LEDGER_OPERATIONS,
  // The workspaces the review desk mints a key for each (serve-desk.ts).
  "desk.workspaces": validated(z.object({}).strict(), deskWorkspacesOp),
});
