import { createHash } from "node:crypto";
import transliterate from "@sindresorhus/transliterate";

/** Characters a slug keeps; everything else becomes one hyphen. */
const NOT_SLUG = /[^a-z0-9]+/g;
/** A letter or digit the transliteration could not put in Latin letters (Han, kana, Hangul, …). */
const UNWRITTEN = /[^\p{ASCII}\p{M}\p{P}\p{S}\p{Z}]/u;

/**
 * The slug of a project name, unique per workspace (docs/ingest.md): `Acmé Analytics!` →
 * `acme-analytics`, `Северный Ветер` → `severniy-veter`. Alphabets are transliterated by
 * @sindresorhus/transliterate (Cyrillic, Greek, Arabic, ß, ø, …); Latin letters only lose their
 * accents (ü → u, not the German ue). Japanese and Chinese have no reading a table can give (東京
 * is "Tōkyō", not the "Dong Jing" of a Chinese reading), so letters left in their own script are
 * not spelled: a hash of the whole name stands in, short and stable, so `東京アナリティクス` →
 * `project-1a2b3c4d`, and `Acme 東京` → `acme-…` differs from `Acme`.
 */
export function projectSlug(name: string): string {
  // Accents come off Latin letters before the library sees them (its default spells ü as ue);
  // recomposed afterwards so й or ё of other scripts reach it whole.
  const latinBare = name
    .normalize("NFKD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC");
  const written = transliterate(latinBare);
  const slug = written
    .toLowerCase()
    .replace(NOT_SLUG, "-")
    .replace(/^-+|-+$/g, "");
  if (slug !== "" && !UNWRITTEN.test(written)) return slug;
  const hash = createHash("sha256").update(name.normalize("NFC")).digest("hex").slice(0, 8);
  return slug === "" ? `project-${hash}` : `${slug}-${hash}`;
}
