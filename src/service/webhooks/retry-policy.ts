/** Retries: exponential backoff with jitter, until an attempt cap or a time horizon, then a dead letter. */

/** How long and how often a delivery is retried. */
export interface RetryPolicy {
  /** Attempts before the delivery is dead-lettered (default 12). */
  maxAttempts: number;
  /** Delay after the first failed attempt, doubled after each further one (default 30 s). */
  baseDelayMs: number;
  /** Cap of a single delay (default 6 h). */
  maxDelayMs: number;
  /** No retry is scheduled later than this after the event was queued (default 24 h). */
  horizonMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxAttempts: 12,
  baseDelayMs: 30_000,
  maxDelayMs: 6 * 3600_000,
  horizonMs: 24 * 3600_000,
};

/**
 * Delay before the next attempt after `attempts` failed ones: half the exponential step fixed, half
 * random ("equal jitter"), so receivers coming back up are not hit by every retry at once.
 */
export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** The next attempt time, or undefined when the delivery is out of attempts or past its horizon. */
export function nextAttemptAt(
  attempts: number,
  createdAt: Date,
  now: Date,
  policy: RetryPolicy,
  random: () => number = Math.random,
): Date | undefined {
  if (attempts >= policy.maxAttempts) return undefined;
  const at = now.getTime() + retryDelayMs(attempts, policy, random);
  if (at - createdAt.getTime() > policy.horizonMs) return undefined;
  return new Date(at);
}
