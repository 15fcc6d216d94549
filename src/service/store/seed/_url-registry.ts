/** The distinct URLs cited in one project, each with one raw form as an AI platform wrote it. */
import { normalizeUrl, urlDomain } from "../../../contract/index.js";
import type { UrlOwner } from "../schema.js";
import type { Cell } from "./_copy-text.js";
import { rngFor, uuidFor } from "./_prng.js";
import { QUERY_SUFFIXES } from "./_vocabulary.js";

export interface RegisteredUrl {
  id: string;
  normalized: string;
  raw: string;
  domain: string;
  owner: UrlOwner;
  competitorId: string | null;
}

/** Registers URLs lazily and hands out the ones not yet written to the database. */
export class UrlRegistry {
  private readonly byUrl = new Map<string, RegisteredUrl>();
  // Callers pass the same catalog URLs over and over; skip re-normalizing them.
  private readonly byInput = new Map<string, RegisteredUrl>();
  private pending: RegisteredUrl[] = [];

  constructor(
    private readonly label: string,
    private readonly projectId: string,
  ) {}

  /** The registered URL for `url` (any form), creating it on first use. */
  get(url: string, owner: UrlOwner, competitorId: string | null): RegisteredUrl {
    const known = this.byInput.get(url);
    if (known) return known;
    const normalized = normalizeUrl(url);
    const domain = urlDomain(url);
    let entry = this.byUrl.get(normalized);
    if (!entry) {
      entry = {
        id: uuidFor(`${this.label}/url/${normalized}`),
        normalized,
        raw: rawForm(url, `${this.label}/raw/${normalized}`),
        domain,
        owner,
        competitorId,
      };
      this.byUrl.set(normalized, entry);
      this.pending.push(entry);
    }
    this.byInput.set(url, entry);
    return entry;
  }

  /** Rows of the URLs registered since the last call. */
  takePendingRows(): Cell[][] {
    const rows = this.pending.map((u) => [
      u.id,
      this.projectId,
      u.normalized,
      u.raw,
      u.domain,
      u.owner,
      u.competitorId,
    ]);
    this.pending = [];
    return rows;
  }

  get size(): number {
    return this.byUrl.size;
  }
}

/** A messy but equivalent spelling: scheme, www., case, trailing slash and tracking query vary. */
function rawForm(url: string, label: string): string {
  const rng = rngFor(label);
  const match = /^https?:\/\/(?:www\.)?([^/]+)(.*)$/i.exec(url);
  if (!match) return url;
  let host = match[1] as string;
  let path = match[2] as string;
  if (rng.chance(0.3)) host = host.charAt(0).toUpperCase() + host.slice(1);
  if (rng.chance(0.25)) path = path.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`);
  const www = rng.chance(0.5) ? (rng.chance(0.2) ? "WWW." : "www.") : "";
  const scheme = rng.chance(0.85) ? "https://" : "http://";
  const slash = rng.chance(0.4) && !path.endsWith("/") ? "/" : "";
  const query = rng.chance(0.35) ? rng.pick(QUERY_SUFFIXES) : "";
  return `${scheme}${www}${host}${path}${slash}${query}`;
}
