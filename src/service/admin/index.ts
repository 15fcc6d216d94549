/** The admin channel: write commands reaching a PGlite database that `serve` holds (server.ts). */
export { AdminUnavailableError, askService } from "./client.js";
export type { AdminIo, AdminOperation, AdminOperations, AdminReply } from "./operations.js";
export {
  ADMIN_DEADLINE_MS,
  ADMIN_PREFIX,
  type AdminChannel,
  type AdminChannelOptions,
  isLoopback,
  startAdminChannel,
} from "./server.js";
export { ADMIN_FILE, readTicket } from "./token-file.js";
