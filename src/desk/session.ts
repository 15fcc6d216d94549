/**
 * Signing in to the review desk as notebook servers do (docs/review.md, "Security"): the command
 * prints a loopback URL carrying a one-time token; opening it trades the token for a session
 * cookie (HttpOnly, SameSite=Strict) and the token is spent. Each session has its own CSRF token,
 * which every POST must carry in its form.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

/** The session cookie's name. */
export const SESSION_COOKIE = "vreport_desk";

/** One signed-in browser: its CSRF token. */
export interface DeskSession {
  csrf: string;
}

/** 256 random bits, URL-safe. */
function secret(): string {
  return randomBytes(32).toString("base64url");
}

/** Equal strings, compared in constant time. */
export function sameSecret(given: string | undefined, wanted: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The one-time sign-in tokens and the sessions they became. */
export class DeskSessions {
  private readonly logins = new Set<string>();
  private readonly sessions = new Map<string, DeskSession>();

  /** A fresh one-time sign-in token. */
  mintLogin(): string {
    const token = secret();
    this.logins.add(token);
    return token;
  }

  /** Spends a sign-in token: the new session's id, or undefined for an unknown or spent token. */
  signIn(token: string | null): string | undefined {
    const known = [...this.logins].find((t) => sameSecret(token ?? undefined, t));
    if (known === undefined) return undefined;
    this.logins.delete(known);
    const id = secret();
    this.sessions.set(id, { csrf: secret() });
    return id;
  }

  /** The session a request's Cookie header names, if any. */
  sessionOf(cookieHeader: string | undefined): DeskSession | undefined {
    const id = cookieHeader
      ?.split(";")
      .map((c) => c.trim().split("="))
      .find(([name]) => name === SESSION_COOKIE)?.[1];
    if (id === undefined) return undefined;
    const found = [...this.sessions.keys()].find((k) => sameSecret(id, k));
    return found === undefined ? undefined : this.sessions.get(found);
  }
}

/** The Set-Cookie header of a new session: loopback HTTP, so not Secure; never readable by script. */
export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/`;
}
