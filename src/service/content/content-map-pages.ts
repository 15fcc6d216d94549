import { sql } from "kysely";
import type { SitePage } from "../../contract/index.js";
import { iso } from "../_iso.js";
import { ApiError } from "../http/api-error.js";
import type { Handler } from "../http/handler.js";
import { containsPattern } from "../http/like.js";
import { pageOffset, paginationOf } from "../http/pagination.js";

/**
 * GET /content-map/pages: the project's and its competitors' analysed pages, newest first.
 * `site` must be a site of the project (else 404 "site not found"); `search` matches title,
 * heading or URL case-insensitively, wildcards taken literally.
 */
export const listContentMapPages: Handler<"listContentMapPages"> = async (ctx) => {
  const { store, query } = ctx;
  const projectId = ctx.project!.id;
  // The contract's defaults (1, 25) are applied by zod; its union typing still admits undefined.
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  if (query.site !== undefined) {
    await store.db
      .selectFrom("sites")
      .select("id")
      .where("id", "=", query.site)
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow(() => ApiError.notFound("site"));
  }
  let base = store.db
    .selectFrom("site_pages as sp")
    .innerJoin("sites as s", "s.id", "sp.site_id")
    .leftJoin("topics as t", "t.id", "sp.topic_id")
    .where("sp.project_id", "=", projectId);
  if (query.site !== undefined) base = base.where("sp.site_id", "=", query.site);
  if (query.buyer_stage !== undefined) base = base.where("sp.buyer_stage", "=", query.buyer_stage);
  if (query.status !== undefined) base = base.where("sp.status", "=", query.status);
  if (query.search !== undefined && query.search !== "") {
    const pattern = containsPattern(query.search);
    base = base.where((eb) =>
      eb.or([
        eb(sql`sp.title`, "ilike", pattern),
        eb(sql`sp.heading`, "ilike", pattern),
        eb(sql`sp.url`, "ilike", pattern),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const offset = pageOffset(page, perPage, Number(total));
  const rows =
    offset === null
      ? []
      : await base
          .select([
            "sp.id",
            "sp.url",
            "sp.title",
            "sp.heading",
            "sp.topic_id",
            "t.name as topic",
            "t.definition as topic_definition",
            "sp.buyer_stage",
            "sp.status",
            "s.entity_id",
            "s.entity",
            "s.is_customer",
            "sp.discovered_at",
          ])
          .orderBy("sp.discovered_at", "desc")
          .orderBy("sp.id", "desc")
          .limit(perPage)
          .offset(offset)
          .execute();
  const pages = rows.map(
    (r): SitePage => ({
      id: r.id,
      url: r.url,
      title: r.title,
      heading: r.heading,
      topic_id: r.topic_id,
      topic: r.topic ?? null,
      topic_definition: r.topic_definition ?? null,
      buyer_stage: r.buyer_stage,
      status: r.status,
      entity_id: r.entity_id,
      entity: r.entity,
      is_customer: r.is_customer,
      discovered_at: iso(r.discovered_at),
    }),
  );
  return {
    pages,
    pagination: paginationOf(
      {
        page,
        perPage,
        total: Number(total),
        requestUrl: ctx.requestUrl,
        linkQuery: ctx.linkQuery,
      },
      pages.length,
    ),
  };
};
