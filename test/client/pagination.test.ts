import { afterEach, describe, expect, it } from "vitest";
import { CollectLimitError, createClient, ResponseShapeError, resolveRoot } from "../../src/client/index.js";
import { contentItem } from "../fixtures/content-item.js";
import { type FaultServer, send, startFaultServer } from "./_fault-server.js";

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

/** A content item (only ids differ). */
const item = (i: number) =>
  contentItem({
    id: uuid(i),
    title: `Idea ${i}`,
    status: "NEW",
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
  });

/** A /content server over `total` items, 15 per page, like the spec's. */
async function contentServer(total: number) {
  return startFaultServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const page = Number(url.searchParams.get("page") ?? 1);
    const totalPages = Math.max(1, Math.ceil(total / 15));
    const from = (page - 1) * 15 + 1;
    const to = Math.min(total, page * 15);
    const contents = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => item(from + i));
    send(res, 200, {
      code: 2480,
      data: {
        contents,
        pagination: {
          from: contents.length ? from : 0,
          to: contents.length ? to : 0,
          count: contents.length,
          per_page: 15,
          current_page: page,
          total,
          total_pages: totalPages,
          next_url: page < totalPages ? `/content?page=${page + 1}` : null,
          prev_url: page > 1 ? `/content?page=${page - 1}` : null,
        },
      },
    });
  });
}

describe("iterate and collect", () => {
  it("iterate follows pages until the last and yields every item", async () => {
    server = await contentServer(40);
    const client = createClient({ baseUrl: server.url, apiKey: "vr_p" });
    const ids: string[] = [];
    for await (const c of client.iterate("listContent", { view: "IDEAS" })) ids.push(c.id);
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => uuid(i + 1)));
    expect(server.requests.map((r) => new URL(r.url, "http://x").searchParams.get("page"))).toEqual([
      "1",
      "2",
      "3",
    ]);
  });

  it("collect returns all items within the cap", async () => {
    server = await contentServer(31);
    const client = createClient({ baseUrl: server.url, apiKey: "vr_p" });
    const items = await client.collect("listContent", {}, { max: 31 });
    expect(items).toHaveLength(31);
  });

  it("collect throws CollectLimitError from the first page's total, before fetching more", async () => {
    server = await contentServer(100);
    const client = createClient({ baseUrl: server.url, apiKey: "vr_p" });
    const err = await client.collect("listContent", {}, { max: 20 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CollectLimitError);
    expect(err).toMatchObject({ max: 20, total: 100 });
    expect(server.requests).toHaveLength(1);
  });

  it("an empty list is one request and no items", async () => {
    server = await contentServer(0);
    const client = createClient({ baseUrl: server.url, apiKey: "vr_p" });
    expect(await client.collect("listContent", {}, { max: 0 })).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("a server that does not advance pages is a shape error, not an endless loop", async () => {
    server = await startFaultServer((_req, res) =>
      send(res, 200, {
        code: 2480,
        data: {
          contents: [item(1)],
          pagination: {
            from: 1,
            to: 1,
            count: 1,
            per_page: 15,
            current_page: 1,
            total: 3,
            total_pages: 3,
            next_url: null,
            prev_url: null,
          },
        },
      }),
    );
    const client = createClient({ baseUrl: server.url, apiKey: "vr_p" });
    await expect(client.collect("listContent", {}, { max: 10 })).rejects.toBeInstanceOf(ResponseShapeError);
    expect(server.requests).toHaveLength(2);
  });
});

describe("URLs", () => {
  it("accepts the origin and the prefixed base URL alike", () => {
    expect(resolveRoot("http://h:1")).toBe("http://h:1");
    expect(resolveRoot("http://h:1/")).toBe("http://h:1");
    expect(resolveRoot("http://h:1/core/api/external/v1")).toBe("http://h:1");
    expect(resolveRoot("https://h/proxy/core/api/external/v1/")).toBe("https://h/proxy");
    expect(() => resolveRoot("ftp://h")).toThrow(TypeError);
    expect(() => resolveRoot("not a url")).toThrow(TypeError);
  });

  it("repeats array keys, encodes path params and puts the event catalog at the root", async () => {
    server = await startFaultServer((req, res) => {
      if (req.url?.startsWith("/api/workspace/")) send(res, 200, { code: 8010, messages: "ok", data: [] });
      else send(res, 404, { code: 404, messages: "x not found", data: null });
    });
    const client = createClient({
      baseUrl: `${server.url}/core/api/external/v1/`,
      apiKey: "vr_u",
      retries: 0,
    });
    await client
      .listContent({ view: "IDEAS", "stages[]": ["AWARENESS", "BALANCED"], "sources[]": ["manual"] })
      .catch(() => {});
    await client.getPromptAnswers("a/b", { full: "1", platform: "claude" }).catch(() => {});
    await expect(client.getEventCatalog(uuid(9))).resolves.toEqual([]);
    const urls = server.requests.map((r) => decodeURIComponent(r.url));
    expect(urls[0]).toBe(
      "/core/api/external/v1/content?view=IDEAS&stages[]=AWARENESS&stages[]=BALANCED&sources[]=manual",
    );
    expect(server.requests[1]!.url).toBe(
      "/core/api/external/v1/visibility/prompts/a%2Fb/answers?full=1&platform=claude",
    );
    expect(urls[2]).toBe(`/api/workspace/${uuid(9)}/webhooks/events`);
    expect(server.requests[0]!.headers.authorization).toBe("Bearer vr_u");
  });
});
