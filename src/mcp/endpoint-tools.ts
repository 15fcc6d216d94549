import { z } from "zod";
import { PAGE_ITEMS, type PageableId } from "../client/index.js";
import { ENDPOINTS, type Endpoint, type EndpointId, PARAMS, projectId } from "../contract/index.js";
import { compactReport, compactResult } from "./compact.js";
import { type Tool, UNITS } from "./tool.js";

/** The read endpoints of the spec's table (the service's two extras are not tools). */
type SpecEndpoint = Exclude<Endpoint, { specRow: 0 }>;
type SpecEndpointId = SpecEndpoint["id"];

/**
 * What each endpoint's tool tells a model: what it returns and when to use it. Units are said once
 * for all (UNITS); the argument names and allowed values come from the contract's schemas.
 */
const DESCRIPTIONS: Record<SpecEndpointId, string> = {
  listProjects:
    "Lists the projects this API key can read (id, name, brand, domain, status); `pinned` is true when the key is limited to one project. Start here: other tools take project_id.",
  getWorkspace:
    "The workspace: name, website, timezone (periods are calendar days in it), owner and member count.",
  getReport:
    "The whole report for a period in one call: summary KPIs with stats, then platforms, categories, competitors, cited sources, your pages, competitor pages, prompts with gaps and the latest answers, each list cut to its first 10 rows (with its count; the focused tools give the rest) and the trend's days left to get_overview. For what the report concludes, prefer report_summary.",
  getOverview:
    "Headline mention rate, citation rate and share of voice for the period, each with its previous value, change and trend.",
  getSetup: "What is tracked: the brand, competitors (with ids), prompt categories (with ids) and platforms.",
  getCategories: "Mention and citation rate per prompt category, with changes and stats.",
  getLeaderboard:
    "The brand and its competitors ranked by mention rate, citation rate and share of voice (sov), with changes and stats; your_position gives the brand's rank on each.",
  getCompetitor: "One competitor (competitor = its id from get_setup): its rates, changes and trends.",
  getCompetitorPages:
    "A competitor's pages cited in answers, with citations and citation rate; give url for one page's detail (the prompts citing it).",
  listPrompts:
    "Tracked prompts with their mention and citation rates and changes, 25 per page by default (paginated: page, per_page up to 100); filter by category or search, sort by a rate.",
  getPromptAnswers:
    "AI answers collected for one prompt (prompt = its id from list_prompts), newest first: platform, date, whether the brand was mentioned or cited; full=1 adds the answer text.",
  listPages:
    "Your site's pages cited in answers (citations, citation rate, prompts), paginated; give url for one page's detail.",
  getCitedSources:
    "The domains (type=domain) or URLs (type=url) answers cite most, with owner (you, competitor, other).",
  getTopics:
    "The content map's topic matrix by buyer stage: which topics you and competitors cover, untapped topics and coverage gaps.",
  listContentMapPages:
    "Pages the content map analysed on the crawled sites, newest first, paginated (filter by site, buyer stage, status).",
  listContent: "Content ideas, planned and produced items (view IDEAS, PLANNED or PRODUCED), 15 per page.",
};

/** `getPromptAnswers` → `get_prompt_answers`. */
export function toolName(id: string): string {
  return id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

// Path parameters are ids, as the service requires (anything else matches nothing there).
const PATH_ID = projectId.unwrap();

/** The tool's arguments: the path's ids, then the endpoint's query parameters, nothing else. */
function inputOf(def: SpecEndpoint): z.ZodObject {
  const path = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
  return z.strictObject({
    ...Object.fromEntries(path.map((name) => [name, PATH_ID])),
    ...(PARAMS[def.params] as Record<string, z.ZodType>),
  });
}

/** One tool per read endpoint of the spec, in the spec's order. */
export function endpointTools(): Tool[] {
  return ENDPOINTS.filter((e): e is SpecEndpoint => e.specRow > 0).map((def) => {
    const input = inputOf(def);
    const name = toolName(def.id);
    const pathNames = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
    return {
      name,
      description: `${DESCRIPTIONS[def.id]} Scope: ${def.scope === "any" ? "any key" : def.scope}. ${UNITS}`,
      input,
      async run(_args, ctx, raw) {
        // The raw arguments (checked by `input` already) are sent: the service applies its own defaults.
        const query: Record<string, unknown> = {};
        const pathParams: Record<string, string> = {};
        for (const [key, value] of Object.entries(raw)) {
          if (pathNames.includes(key)) pathParams[key] = String(value);
          else query[key] = value;
        }
        const request = ctx.client.request as (
          id: EndpointId,
          init: { query: object; pathParams?: Record<string, string>; signal?: AbortSignal },
        ) => Promise<unknown>;
        const data = await request(def.id, {
          query,
          ...(pathNames.length > 0 ? { pathParams } : {}),
          ...(ctx.signal ? { signal: ctx.signal } : {}),
        });
        return def.id === "getReport" ? compactReport(data) : compactResult(name, pageable(def.id), data);
      },
    } satisfies Tool;
  });
}

/** The list property of a paginated endpoint's data, or undefined. */
function pageable(id: EndpointId): string | undefined {
  return Object.hasOwn(PAGE_ITEMS, id) ? PAGE_ITEMS[id as PageableId] : undefined;
}
