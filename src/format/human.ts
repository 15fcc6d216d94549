/**
 * Human sizes shared by the batch summary, the progress lines, the worker log and the emails, in
 * `locale`'s spelling (Intl's short units: "12 kB", "2.3 MB"; German "2,3 MB"; French "2,3 Mo").
 * Kilobytes are whole (at least 1 for a non-empty file), megabytes carry one decimal.
 */
export function humanBytes(bytes: number, locale = "en-US"): string {
  const unit = (name: "kilobyte" | "megabyte", digits: number, value: number) =>
    new Intl.NumberFormat(locale, {
      style: "unit",
      unit: name,
      unitDisplay: "short",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  if (bytes >= 1_048_576) return unit("megabyte", 1, bytes / 1_048_576);
  return unit("kilobyte", 0, bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024)));
}

/** 850 ms, 12.3 s, 2 min 05 s. */
export function humanMs(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const s = Math.round(ms / 1_000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

/** "A", "A and B", "A, B and C": an English list of names. */
export function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
