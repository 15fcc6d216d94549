import { isoOrNull } from "../_iso.js";
import type { Handler } from "../http/handler.js";

/** GET /content-map/sites: the project's crawled sites, its own first, then competitors by name. */
export const listContentMapSites: Handler<"listContentMapSites"> = async ({ store, project }) => {
  const rows = await store.db
    .selectFrom("sites as s")
    .leftJoin("site_pages as sp", "sp.site_id", "s.id")
    .select((eb) => [
      "s.id",
      "s.domain",
      "s.entity_id",
      "s.entity",
      "s.is_customer",
      "s.last_crawled_at",
      eb.fn.count<number>("sp.id").as("pages"),
    ])
    .where("s.project_id", "=", project!.id)
    .groupBy(["s.id", "s.domain", "s.entity_id", "s.entity", "s.is_customer", "s.last_crawled_at"])
    .orderBy("s.is_customer", "desc")
    .orderBy("s.entity")
    .orderBy("s.id")
    .execute();
  return {
    sites: rows.map((r) => ({
      id: r.id,
      domain: r.domain,
      entity_id: r.entity_id,
      entity: r.entity,
      is_customer: r.is_customer,
      pages: Number(r.pages),
      last_crawled_at: isoOrNull(r.last_crawled_at),
    })),
  };
};
