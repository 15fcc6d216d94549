import { projectSlug } from "../format/slug.js";

/** The longest slug a report file name starts with. */
const MAX_SLUG = 60;
/** The stable hash projectSlug appends for letters it cannot spell (Japanese, Chinese, …). */
const HASH_SUFFIX = /-[0-9a-f]{8}$/;

/**
 * A file-name-safe slug of a project name, as the store's project slugs are made
 * (`Acmé Analytics!` → `acme-analytics`, `Северный Ветер` → `severniy-veter`, a Japanese name →
 * `project-1a2b3c4d`), cut to 60 characters. The cut keeps a trailing hash: it is what tells two
 * projects apart whose names have no Latin spelling, so two reports never share a file name.
 */
export function slugify(name: string): string {
  const slug = projectSlug(name);
  if (slug.length <= MAX_SLUG) return slug;
  const hash = HASH_SUFFIX.exec(slug)?.[0] ?? "";
  const head = slug.slice(0, MAX_SLUG - hash.length).replace(/-+$/g, "");
  return `${head}${hash}`;
}
