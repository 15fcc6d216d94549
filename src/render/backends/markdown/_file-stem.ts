/** A safe file-name stem from an id: lower-case letters, digits and dashes only. */
export function fileStem(id: string): string {
  const stem = id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return stem === "" ? "chart" : stem;
}
