import { describe, expect, it } from "vitest";
import { pageOffset, paginationOf } from "../../src/service/http/pagination.js";

const URL_BASE = "http://127.0.0.1:8787/core/api/external/v1/content";
const at = (page: number, total: number, count: number, linkQuery: Record<string, unknown> = {}) =>
  paginationOf({ page, perPage: 15, total, requestUrl: URL_BASE, linkQuery }, count);

describe("paginationOf", () => {
  it("a middle page links both ways, keeping every other parameter", () => {
    const query = { project_id: "p", "stages[]": ["DECISION", "BALANCED"], page: "2" };
    expect(at(2, 40, 15, query)).toEqual({
      from: 16,
      to: 30,
      count: 15,
      per_page: 15,
      current_page: 2,
      total: 40,
      total_pages: 3,
      next_url: `${URL_BASE}?project_id=p&stages%5B%5D=DECISION&stages%5B%5D=BALANCED&page=3`,
      prev_url: `${URL_BASE}?project_id=p&stages%5B%5D=DECISION&stages%5B%5D=BALANCED&page=1`,
    });
  });

  it("the first and last pages have no prev_url and no next_url", () => {
    expect(at(1, 16, 15)).toMatchObject({ from: 1, to: 15, prev_url: null, next_url: `${URL_BASE}?page=2` });
    expect(at(2, 16, 1)).toMatchObject({ from: 16, to: 16, prev_url: `${URL_BASE}?page=1`, next_url: null });
  });

  it("past the end: empty, no next_url, prev_url leads to the last page", () => {
    expect(at(99, 16, 0)).toEqual({
      from: 0,
      to: 0,
      count: 0,
      per_page: 15,
      current_page: 99,
      total: 16,
      total_pages: 2,
      next_url: null,
      prev_url: `${URL_BASE}?page=2`,
    });
  });

  it("an empty list: zero pages; a later page leads back to page 1", () => {
    expect(at(1, 0, 0)).toMatchObject({ total_pages: 0, from: 0, to: 0, next_url: null, prev_url: null });
    expect(at(3, 0, 0)).toMatchObject({ next_url: null, prev_url: `${URL_BASE}?page=1` });
  });
});

describe("pageOffset", () => {
  it("is null when the page starts past the last row", () => {
    expect(pageOffset(1, 15, 16)).toBe(0);
    expect(pageOffset(2, 15, 16)).toBe(15);
    expect(pageOffset(3, 15, 16)).toBeNull();
    expect(pageOffset(1, 15, 0)).toBeNull();
  });
});
