import type { Transporter } from "nodemailer";

/**
 * Pooled SMTP transports by server URL, for a process that sends many emails (a worker, a batch);
 * undefined until `sendOnPooledConnections` (docs/email.md, "Connections").
 */
let pools: Map<string, Transporter> | undefined;

/**
 * From now on this process sends its emails over pooled connections, one pool per SMTP server,
 * kept open between emails: a month end's two hundred emails open a few connections, not two
 * hundred (mail providers throttle new connections, and each costs a handshake). Closed by
 * `closeSmtpPools` at the end of the report session.
 */
export function sendOnPooledConnections(): void {
  pools ??= new Map();
}

/** `url` as a pooled transport's URL: nodemailer reads its options from the query string. */
function pooledUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set("pool", "true");
  return u.toString();
}

/**
 * A transport to `url`: the process's pooled one when it sends over pooled connections, else a
 * transport of its own that the caller closes after its email (`owned`).
 */
export async function smtpTransport(url: string): Promise<{ transport: Transporter; owned: boolean }> {
  // Imported here: a `generate` without --email does not pay for loading nodemailer.
  const { default: nodemailer } = await import("nodemailer");
  if (pools === undefined) return { transport: nodemailer.createTransport(url), owned: true };
  let transport = pools.get(url);
  if (transport === undefined) {
    transport = nodemailer.createTransport(pooledUrl(url));
    pools.set(url, transport);
  }
  return { transport, owned: false };
}

/** Closes the pooled connections, if any (the end of a report session); emails open their own after. */
export function closeSmtpPools(): void {
  const closing = pools;
  pools = undefined;
  for (const transport of closing?.values() ?? []) transport.close();
}
