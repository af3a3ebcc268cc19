// Where the server listens and which proxies it trusts (HOST, TRUST_PROXY): read with the rest of the environment.
import net from "node:net";
import os from "node:os";
import { ConfigError } from "./config-error.server";

/**
 * A HOST the server can listen on: an IP address of one of this machine's interfaces (or every one:
 * 0.0.0.0, ::), or localhost. Checked here, before the data directory and the database are created,
 * because Node only finds out when the workers listen. Other names are refused: whether one
 * resolves, and to an address of this machine, depends on DNS at the moment of the start (HOST=nope
 * used to pass, create everything and die later with a stack trace).
 */
export function isListenableHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  if (bare.toLowerCase() === "localhost") return true;
  if (!net.isIP(bare)) return false;
  if (bare === "0.0.0.0" || bare === "::") return true;
  const own = Object.values(os.networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((address) => address.address));
  return own.includes(bare) || own.includes(bare.replace(/^::ffff:/, ""));
}

/**
 * Listens on HOST (any free port) for a moment: an address this machine has but cannot listen on
 * is said before anything is created, as a configuration error naming HOST.
 */
export async function checkListenAddress(host: string | undefined): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(new ConfigError(`Configuração inválida no ambiente:\n  HOST=${JSON.stringify(host ?? "")}: não é possível escutar neste endereço (${error.code ?? error.message})`)),
    );
    probe.listen(0, host, () => probe.close(() => resolve()));
  });
}

/** The names Express's "trust proxy" (proxy-addr) accepts for ranges of addresses. */
const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * What Express's "trust proxy" takes without throwing in every worker at its first request: true,
 * false, a number of hops, or a comma-separated list of names, addresses and networks
 * (10.0.0.0/8, 10.0.0.0/255.0.0.0, fd00::/8).
 */
export function isTrustProxySetting(value: string): boolean {
  if (value === "true" || value === "false" || /^\d+$/.test(value)) return true;
  return value.split(",").every((item) => {
    const entry = item.trim();
    if (TRUST_PROXY_NAMES.has(entry)) return true;
    const [address = "", range, ...rest] = entry.split("/");
    const version = net.isIP(address);
    if (!version || rest.length > 0) return false;
    if (range === undefined) return true;
    if (/^\d+$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
    return version === 4 && net.isIPv4(range);
  });
}

export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
