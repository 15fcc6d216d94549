import type { HandlerTable } from "../http/handler.js";
import { listContent } from "./content.js";
import { listContentMapPages } from "./content-map-pages.js";
import { getEventCatalog } from "./event-catalog.js";
import { listProjects } from "./projects.js";
import { getSetup } from "./setup.js";
import { listContentMapSites } from "./sites.js";
import { getTopics } from "./topics.js";
import { getWorkspace } from "./workspace.js";

/** Endpoints outside the analytics: projects, workspace, setup, content map, content, event catalog. */
export type OwnEndpointId =
  | "listProjects"
  | "getWorkspace"
  | "getSetup"
  | "getTopics"
  | "listContentMapPages"
  | "listContentMapSites"
  | "listContent"
  | "getEventCatalog";

/** Their handlers. */
export const ownHandlers: HandlerTable<OwnEndpointId> = {
  listProjects,
  getWorkspace,
  getSetup,
  getTopics,
  listContentMapPages,
  listContentMapSites,
  listContent,
  getEventCatalog,
};
