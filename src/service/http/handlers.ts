import type { EndpointId } from "../../contract/index.js";
import { analyticsHandlers } from "../analytics/handlers.js";
import { ownHandlers } from "../content/handlers.js";
import type { HandlerTable } from "./handler.js";

/** Every endpoint's handler: typed over all of EndpointId, so a missing one fails to compile. */
export const HANDLERS: HandlerTable<EndpointId> = { ...ownHandlers, ...analyticsHandlers };
