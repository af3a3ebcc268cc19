// Where the shop may send a staff push: a public push service (Google's, Apple's, Mozilla's…), never
// this machine, its network or a cloud's metadata service. A subscription's endpoint is whatever the
// browser (or anyone with an admin session) sent, and the shop POSTs to it: unchecked, it would let
// /admin/avisos reach https://127.0.0.1:<PostgreSQL's port>/ or http://169.254.169.254/. Checked when
// a device subscribes and again at every send (a name may resolve elsewhere later), on the addresses
// the connection actually uses (pushServiceLookup), so a name that changes between the check and the
// connection is refused too.
import dns from "node:dns";
import net from "node:net";

export type ResolvedAddress = { address: string; family: number };
/** Every address a name resolves to (dns.lookup with all: true); tests stub it. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export type PushEndpointPolicy = {
  resolve?: ResolveHost;
  /**
   * Tests only (PUSH_SERVICE_ON_LOOPBACK_FOR_TESTS, refused in production by the configuration):
   * also take a push service on this machine (127.0.0.0/8, ::1) over http or https, as the tests'
   * loopback push service is. Never private networks, link-local or metadata addresses.
   */
  allowLoopback?: boolean;
};

/** An endpoint the shop will not send to: the subscription is never valid (deleted at send time). */
export class UnsafePushEndpointError extends Error {}

const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (and Alibaba's metadata, 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (AWS, GCP, Azure metadata: 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: an IPv4 address inside
  ["fc00::", 7], // unique local (AWS's metadata: fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIPv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether `address` (an IP literal) is on the public internet: not loopback, private, link-local, metadata, reserved. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(bare, "ipv4");
  const inner = embeddedIPv4(bare);
  if (inner) return isPublicAddress(inner);
  return !NOT_PUBLIC.check(bare, "ipv6");
}

function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = net.isIP(bare);
  if (family === 0) return false;
  const inner = family === 6 ? embeddedIPv4(bare) : null;
  return inner ? LOOPBACK.check(inner, "ipv4") : LOOPBACK.check(bare, family === 4 ? "ipv4" : "ipv6");
}

function allowedAddress(address: string, policy: PushEndpointPolicy): boolean {
  return isPublicAddress(address) || (policy.allowLoopback === true && isLoopbackAddress(address));
}

/**
 * Why the shop will not send to `endpoint` (a short English reason, for the log), or null when it
 * may: https, no user name or password, and every address its host resolves to public.
 * Throws when the name cannot be resolved now (DNS down: worth retrying, unlike a refusal).
 */
export async function pushEndpointProblem(endpoint: string, policy: PushEndpointPolicy = {}): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not a URL";
  }
  if (url.username || url.password) return "user name or password in the URL";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const onLoopback = policy.allowLoopback === true && (isLoopbackAddress(host) || host === "localhost");
  if (url.protocol !== "https:" && !(url.protocol === "http:" && onLoopback)) return "not https";
  if (net.isIP(host)) return allowedAddress(host, policy) ? null : `address ${host} is not a public push service`;
  if (host === "localhost" || host.endsWith(".localhost")) return onLoopback ? null : `${host} is this machine`;
  const addresses = await (policy.resolve ?? systemResolve)(host);
  if (addresses.length === 0) return `${host} resolves to no address`;
  const refused = addresses.find((resolved) => !allowedAddress(resolved.address, policy));
  return refused ? `${host} resolves to ${refused.address}, not a public push service` : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * The `lookup` of the push request's connection: resolves as usual, then refuses unless every address
 * is allowed, so the connection goes where pushEndpointProblem looked, whatever DNS says a moment later.
 */
export function pushServiceLookup(policy: PushEndpointPolicy = {}) {
  return (hostname: string, options: { all?: boolean } | number, callback: LookupCallback) => {
    (policy.resolve ?? systemResolve)(hostname).then(
      (addresses) => {
        const refused = addresses.find((resolved) => !allowedAddress(resolved.address, policy));
        if (refused || addresses.length === 0) {
          callback(new UnsafePushEndpointError(`${hostname} resolves to ${refused?.address ?? "no address"}, not a public push service`), "");
          return;
        }
        if (typeof options === "object" && options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
