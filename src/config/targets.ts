import { z } from "zod";
import { PLATFORMS, type Platform } from "../contract/index.js";

/** The rates a target can be set for (docs/targets.md). */
export const TARGET_METRICS = ["mention_rate", "citation_rate", "share_of_voice"] as const;
export type TargetMetric = (typeof TARGET_METRICS)[number];

const fraction = z
  .number({ error: "must be a fraction from 0 to 1, like 0.4 for 40 %" })
  .min(0, "must be a fraction from 0 to 1, like 0.4 for 40 %")
  .max(1, "must be a fraction from 0 to 1, like 0.4 for 40 %");

const metricShape = {
  mention_rate: fraction.optional(),
  citation_rate: fraction.optional(),
  share_of_voice: fraction.optional(),
};

const unknownKey = (what: string, valid: readonly string[]) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys"
    ? `unknown ${what} ${(issue.keys ?? []).map((k) => `"${k}"`).join(", ")}: valid ${what}s are ${valid.join(", ")}`
    : undefined;

/** Targets of the three rates; any may be left out. */
const MetricTargets = z.strictObject(metricShape, { error: unknownKey("metric", TARGET_METRICS) });
export type MetricTargets = z.infer<typeof MetricTargets>;

/** Per-platform targets, keyed by platform value (chatgpt, perplexity, …). */
const PlatformTargets = z
  .record(z.string(), MetricTargets)
  .superRefine((byPlatform, ctx) => {
    for (const key of Object.keys(byPlatform))
      if (!(PLATFORMS as readonly string[]).includes(key))
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `unknown platform "${key}": valid platforms are ${PLATFORMS.join(", ")}`,
        });
  })
  .transform((byPlatform) => byPlatform as Partial<Record<Platform, MetricTargets>>);

/**
 * The targets agreed with a client, as fractions (0.4 = 40 %): for the brand over all platforms,
 * and optionally per platform (config `targets`, docs/targets.md).
 */
export const Targets = z.strictObject(
  { ...metricShape, platforms: PlatformTargets.optional() },
  { error: unknownKey("metric", [...TARGET_METRICS, "platforms"]) },
);
export type Targets = z.infer<typeof Targets>;
