import { z } from "zod";
import { DAY_BOUNDS, dayInBounds } from "./calendar.js";
import {
  BuyerStage,
  CitedSourceType,
  CompareParam,
  ContentView,
  DEFAULT_RANGE,
  Direction,
  IdeaStage,
  PageSort,
  Platform,
  ProducedStatus,
  PromptSort,
  Range,
  SitePageStatus,
  UNCATEGORIZED,
} from "./enums.js";

/**
 * Query parameters, by the names docs/decisions.md#query-parameters fixes. Each schema takes the
 * raw query value (a string, or an array when a name repeats) and yields the typed value, so the
 * service validates and the docs describe from one place.
 */

/** Longest text search or url accepted (spec Limits). */
export const MAX_TEXT = 255;
/** Content list page size (spec Limits: fixed). */
export const CONTENT_PAGE_SIZE = 15;

const text = () => z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`);
/** A text filter "when set": an empty value (`url=`) is no filter, as if it were not sent. */
const filter = () => z.preprocess((v) => (v === "" ? undefined : v), text().optional());
// Decimal digits only: a bare `Number()` reads `0x10` as 16 and `1e1` as 10 (docs/api.md, "Parameters common to lists").
const DIGITS = /^\d+$/;
// The bounds first, each stopping the checks: a number of 30 digits is an integer too large, not
// "not an integer", and one past the largest safe integer gets one message, not two that disagree.
const int = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && !DIGITS.test(v) ? Number.NaN : v),
    z.coerce
      .number({ error: "must be an integer" })
      .min(min, { error: `must be at least ${min}`, abort: true })
      .max(max, { error: `must be at most ${max}`, abort: true })
      .int("must be an integer"),
  );
const page = () => int(1, Number.MAX_SAFE_INTEGER).default(1);
// Without its own message a failed union says only "Invalid input": name what each value must be.
const list = <T extends z.ZodType>(item: T, each: string) =>
  z
    .union([item, z.array(item)], { error: `each value must be ${each}` })
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

export const projectId = z.guid("must be a UUID").optional();
const range = Range.default(DEFAULT_RANGE);
// Well-formed first, then within the bounds: each failure says what was wrong with it.
const day = () =>
  z.iso
    .date({ error: "must be a date YYYY-MM-DD", abort: true })
    .refine(dayInBounds, `must be a date ${DAY_BOUNDS}`)
    .optional();
/**
 * A custom period instead of `range`, and the comparison period (v1 extensions, docs/api.md).
 * Rules across them and the as-of day are checked where the workspace timezone is known
 * (src/service/analytics/period.ts).
 */
/** Query parameters of the period extension, on every endpoint that takes `range`. */
export const PERIOD_EXTENSION_PARAMS = ["start", "end", "compare"] as const;
const period = {
  range,
  start: day(),
  end: day(),
  compare: CompareParam.optional(),
};

/** Parameters by endpoint (query string only; path parameters are in `endpoints.ts`). */
export const PARAMS = {
  none: {},
  projectOnly: { project_id: projectId },
  ranged: { project_id: projectId, ...period },
  competitorPages: { project_id: projectId, ...period, url: filter(), search: filter() },
  prompts: {
    project_id: projectId,
    ...period,
    search: filter(),
    category: z
      .union([z.literal(UNCATEGORIZED), z.guid(`must be a category id or ${UNCATEGORIZED}`)])
      .optional(),
    sort: PromptSort.default("created_at"),
    direction: Direction.default("desc"),
    page: page(),
    per_page: int(1, 100).default(25),
  },
  answers: {
    project_id: projectId,
    ...period,
    full: z
      .enum(["0", "1"])
      .default("0")
      .transform((v) => v === "1"),
    platform: Platform.optional(),
    date: day(),
  },
  pages: {
    project_id: projectId,
    ...period,
    url: filter(),
    sort: PageSort.default("citations"),
    direction: Direction.default("desc"),
    page: page(),
    per_page: int(1, 100).default(25),
  },
  citedSources: {
    project_id: projectId,
    ...period,
    type: CitedSourceType.default("domain"),
    limit: int(1, 50).default(10),
  },
  contentMapPages: {
    project_id: projectId,
    site: z.guid("must be a site id from /content-map/sites").optional(),
    buyer_stage: BuyerStage.optional(),
    status: SitePageStatus.optional(),
    search: filter(),
    page: page(),
    per_page: int(1, 200).default(25),
  },
  content: {
    project_id: projectId,
    view: ContentView.default("IDEAS"),
    search: filter(),
    status: ProducedStatus.optional(),
    "sources[]": list(text(), `a string of at most ${MAX_TEXT} characters`).optional(),
    "stages[]": list(IdeaStage, `one of ${IdeaStage.options.join(", ")}`).optional(),
    from: day(),
    to: day(),
    page: page(),
  },
} as const satisfies Record<string, Record<string, z.ZodType>>;
export type ParamSet = keyof typeof PARAMS;

/** The typed query of a parameter set after validation. */
export type ParamsOf<S extends ParamSet> = z.output<z.ZodObject<(typeof PARAMS)[S]>>;
/** What a caller may pass for a parameter set (before defaults). */
export type ParamsIn<S extends ParamSet> = z.input<z.ZodObject<(typeof PARAMS)[S]>>;

/** One zod object per parameter set, built once. */
export const PARAM_SCHEMAS = Object.fromEntries(Object.entries(PARAMS).map(([k, v]) => [k, z.object(v)])) as {
  [S in ParamSet]: z.ZodObject<(typeof PARAMS)[S]>;
};

/** Turns zod issues into the 422 `data`: messages keyed by parameter name. */
export function issuesByParam(error: z.ZodError): Record<string, string[]> {
  // A null prototype: a parameter named __proto__ must stay an ordinary key.
  const out: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "query");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}
