/** ISO 8601 date-time of a driver timestamp (both drivers return timestamptz as Date). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Like `iso`, keeping null. */
export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}
