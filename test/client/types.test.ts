import { describe, expectTypeOf, it } from "vitest";
import type { PathParamsOf, QueryOf, VreportClient } from "../../src/client/index.js";
import type {
  CompetitorPageDetail,
  ContentItem,
  DataOf,
  YourPageDetail,
  YourPages,
} from "../../src/contract/index.js";

// Checked by `tsc` (npm run typecheck): the client's surface is typed from the contract.
describe("client types", () => {
  it("derives queries, path parameters and results from the contract", () => {
    expectTypeOf<QueryOf<"listPrompts">["per_page"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<QueryOf<"listContent">["stages[]"]>().toEqualTypeOf<
      | "AWARENESS"
      | "CONSIDERATION"
      | "DECISION"
      | "BALANCED"
      | ("AWARENESS" | "CONSIDERATION" | "DECISION" | "BALANCED")[]
      | undefined
    >();
    expectTypeOf<PathParamsOf<"getPromptAnswers">>().toEqualTypeOf<{ prompt: string }>();
    expectTypeOf<ReturnType<VreportClient["getOverview"]>>().toEqualTypeOf<Promise<DataOf<"getOverview">>>();
    expectTypeOf<ReturnType<VreportClient["listPages"]>>().toEqualTypeOf<Promise<YourPages>>();
    expectTypeOf<ReturnType<VreportClient["getPage"]>>().toEqualTypeOf<Promise<YourPageDetail>>();
    expectTypeOf<ReturnType<VreportClient["getCompetitorPage"]>>().toEqualTypeOf<
      Promise<CompetitorPageDetail>
    >();
  });

  it("yields the item type of each list", () => {
    const run = (client: VreportClient) => client.collect("listContent", {}, { max: 1 });
    expectTypeOf(run).returns.toEqualTypeOf<Promise<ContentItem[]>>();
    // @ts-expect-error path parameters are required for a path with placeholders
    const bad = (client: VreportClient) => client.request("getCompetitor", {});
    void bad;
  });
});
