/**
 * The admin channel's token file (docs/api.md, "Admin channel"): `serve` writes it inside the
 * PGlite directory, readable and writable by the folder's owner only (mode 0600), and removes it
 * when it stops. Whoever can read it may ask the running service to write — the same people who
 * could open the directory themselves were the service not running.
 */
import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The file's name inside the database directory. */
export const ADMIN_FILE = "admin-token.json";

/** What the file holds: where the admin channel listens (loopback only) and its bearer token. */
export interface AdminTicket {
  port: number;
  token: string;
  pid: number;
}

/** A fresh random token: 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Writes the ticket into `dir` with mode 0600 (replacing a stale one from a killed process). */
export async function writeTicket(dir: string, ticket: AdminTicket): Promise<void> {
  const path = join(dir, ADMIN_FILE);
  await rm(path, { force: true });
  // flag "wx": created here with its mode, never an existing file (or link) opened and reused.
  await writeFile(path, `${JSON.stringify(ticket)}\n`, { mode: 0o600, flag: "wx" });
}

/** The ticket in `dir`, or undefined when there is none (or it cannot be read: not the owner). */
export async function readTicket(dir: string): Promise<AdminTicket | undefined> {
  try {
    const parsed = JSON.parse(await readFile(join(dir, ADMIN_FILE), "utf8")) as Partial<AdminTicket>;
    if (typeof parsed.port !== "number" || typeof parsed.token !== "string") return undefined;
    return { port: parsed.port, token: parsed.token, pid: Number(parsed.pid ?? 0) };
  } catch {
    return undefined;
  }
}

/** Removes the ticket of `dir` if it is still `token`'s (a newer service may have replaced it). */
export async function removeTicket(dir: string, token: string): Promise<void> {
  const current = await readTicket(dir);
  if (current?.token === token) await rm(join(dir, ADMIN_FILE), { force: true });
}
