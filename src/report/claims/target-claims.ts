import type { TargetCheck } from "../targets.js";
import type { Claim } from "./claim.js";

/**
 * Each target on its own, for the agency's page: off track or at risk a risk; met a win only when
 * the rate's whole 95 % interval reaches the target (a win is news the sample can tell, as a
 * change among them is significant); met within the interval, or no data, neither.
 */
export function targetClaims(checks: readonly TargetCheck[]): Claim[] {
  const clearlyMet = (c: TargetCheck) => c.status === "on_track" && c.low !== null && c.low >= c.target;
  return checks.map((check) => ({
    kind: "target",
    check,
    section: "summary",
    tone: clearlyMet(check)
      ? "positive"
      : check.status === "on_track" || check.status === "no_data"
        ? "neutral"
        : "negative",
    subjects: check.platform !== null ? [check.platform] : [],
    rows: [`targets/${check.platform ?? "all"}/${check.metric}`],
  }));
}

/** How many targets are on track, and each one that is not; none without targets. */
export function targetsClaim(checks: readonly TargetCheck[]): Claim | null {
  if (checks.length === 0) return null;
  const short = checks.filter((c) => c.status !== "on_track");
  const off = short.some((c) => c.status === "off_track");
  return {
    kind: "targets",
    met: checks.length - short.length,
    total: checks.length,
    short,
    section: "summary",
    tone: off ? "negative" : short.length === 0 ? "positive" : "neutral",
    subjects: short.flatMap((c) => (c.platform !== null ? [c.platform] : [])),
    rows: checks.map((c) => `targets/${c.platform ?? "all"}/${c.metric}`),
  };
}
