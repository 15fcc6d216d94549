/**
 * Where webhooks may be sent. Anyone who can add a subscription chooses the URL the service will
 * call, so by default it must not be the service's own network: loopback, private ranges,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved
 * addresses are refused when the subscription is added and again, after DNS resolution, before
 * every delivery (docs/webhooks.md, "Targets").
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { withoutPassword } from "../../contract/url.js";
import { WebhookError } from "./errors.js";

/** Whether private targets are allowed (local testing only). */
export interface TargetPolicy {
  allowPrivate: boolean;
}

/** The setting that allows private targets: `VREPORT_WEBHOOKS_ALLOW_PRIVATE=1`. */
export function targetPolicyFrom(env: NodeJS.ProcessEnv = process.env): TargetPolicy {
  return { allowPrivate: env.VREPORT_WEBHOOKS_ALLOW_PRIVATE === "1" };
}

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const)
  BLOCKED.addSubnet(net, prefix, "ipv6");

/** True for an address the service must not call: its own host and private networks. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address in IPv6 clothing (::ffff:127.0.0.1, 64:ff9b::7f00:1) is judged as IPv4.
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, "ipv4");
  return BLOCKED.check(address, "ipv6");
}

/**
 * The URL, checked: http or https, no user or password in it (a secret there would be stored
 * and printed), and not an address literal of a private network unless the policy allows it.
 */
export function checkTargetUrl(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookError("INVALID_SUBSCRIPTION", `invalid URL "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new WebhookError(
      "INVALID_SUBSCRIPTION",
      `invalid URL "${withoutPassword(url)}": use http:// or https://`,
    );
  if (url.username !== "" || url.password !== "")
    throw new WebhookError(
      "INVALID_SUBSCRIPTION",
      `invalid URL "${withoutPassword(url)}": a webhook URL must not hold a user or password (receivers check the X-Signature header instead)`,
    );
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!policy.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) throw privateTarget(url, host);
  return url;
}

/** A name-resolving function: `dns.lookup` with every address. */
export type Lookup = (hostname: string) => Promise<string[]>;

const lookupAll: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true })).map((a) => a.address);

/**
 * Resolves the URL's host and refuses it when any address it resolves to is private (a name can
 * point anywhere, and can change between the subscription and a delivery). A name that does not
 * resolve is left for the delivery to fail on, and retry.
 */
export async function checkTargetAddress(
  url: URL,
  policy: TargetPolicy,
  lookup: Lookup = lookupAll,
): Promise<void> {
  if (policy.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) {
    if (isPrivateAddress(host)) throw privateTarget(url, host);
    return;
  }
  let addresses: string[];
  try {
    addresses = await lookup(host);
  } catch {
    return;
  }
  const blocked = addresses.find(isPrivateAddress);
  if (blocked !== undefined) throw privateTarget(url, blocked);
}

function privateTarget(url: URL, address: string): WebhookError {
  return new WebhookError(
    "INVALID_SUBSCRIPTION",
    `webhook target ${url.host} is a private address (${address}): refused; set VREPORT_WEBHOOKS_ALLOW_PRIVATE=1 to allow it for local testing`,
  );
}
