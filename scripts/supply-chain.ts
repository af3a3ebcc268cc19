// The supply-chain gate of `npm test`: the committed lockfile must pin security-sensitive packages at or
// above the releases that fixed their published advisories, and `npm audit --audit-level=high` must find
// nothing. The floors are checked even when the audit service cannot be reached (this machine's registry
// answers 405 to audit requests), so a downgrade never slips through unnoticed.

/** The first release of each package that carries every fix we know of, with the advisories behind it. */
export const ADVISORY_FLOORS: ReadonlyArray<{ name: string; minimum: string; advisories: string[] }> = [
  {
    name: "react-router",
    minimum: "7.18.2",
    advisories: [
      "GHSA-qwww-vcr4-c8h2 (CSRF bypass, fixed in 7.18.2)",
      "GHSA-8646-j5j9-6r62 (XSS in the redirect API)",
      "GHSA-49rj-9fvp-4h2h (turbo-stream remote code execution)",
      "GHSA-2j2x-hqr9-3h42 (protocol-relative open redirect)",
    ],
  },
  { name: "@react-router/node", minimum: "7.18.2", advisories: ["released in lockstep with react-router"] },
  { name: "@react-router/express", minimum: "7.18.2", advisories: ["released in lockstep with react-router"] },
  {
    name: "better-auth",
    minimum: "1.6.26",
    advisories: [
      "GHSA-qq9h-g4jm-xgf3 (pre-account hijacking, fixed in 1.6.22)",
      "GHSA-86j7-9j95-vpqj (javascript: redirect_uri, fixed in 1.6.13)",
      "GHSA-p6v2-xcpg-h6xw (IPv6 rate-limit bypass, fixed in 1.4.17)",
    ],
  },
];

type Lockfile = { lockfileVersion?: number; packages?: Record<string, { version?: string }> };

/** Compares two `major.minor.patch` versions; a pre-release counts as below its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const [core = "", preRelease] = version.split("-", 2);
    return { parts: core.split(".").map((part) => Number.parseInt(part, 10) || 0), preRelease };
  };
  const left = parse(a);
  const right = parse(b);
  for (let index = 0; index < 3; index++) {
    const difference = (left.parts[index] ?? 0) - (right.parts[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (left.preRelease && !right.preRelease) return -1;
  if (!left.preRelease && right.preRelease) return 1;
  return 0;
}

/** Every place in the lockfile where a package sits below its floor, or is missing. */
export function findVersionsBelowFloors(lockfile: Lockfile, floors = ADVISORY_FLOORS): string[] {
  const problems: string[] = [];
  const packages = lockfile.packages ?? {};
  for (const floor of floors) {
    const installs = Object.entries(packages).filter(
      ([location]) => location === `node_modules/${floor.name}` || location.endsWith(`/node_modules/${floor.name}`),
    );
    if (installs.length === 0) problems.push(`${floor.name}: not in the lockfile`);
    for (const [location, entry] of installs) {
      if (!entry.version || compareVersions(entry.version, floor.minimum) < 0) {
        problems.push(
          `${location} is ${entry.version ?? "unversioned"}, below ${floor.minimum} (${floor.advisories.join("; ")})`,
        );
      }
    }
  }
  return problems;
}

export type AuditOutcome =
  | { kind: "clean" }
  | { kind: "vulnerable"; high: number; critical: number; packages: string[] }
  | { kind: "unavailable"; reason: string };

/** Reads `npm audit --json`: vulnerabilities at high or critical fail; a service error is reported apart. */
export function interpretAuditReport(output: string): AuditOutcome {
  let report: {
    error?: { summary?: string; code?: string };
    message?: string;
    metadata?: { vulnerabilities?: Record<string, number> };
    vulnerabilities?: Record<string, { severity?: string }>;
  };
  try {
    report = JSON.parse(output);
  } catch {
    return { kind: "unavailable", reason: "npm audit did not answer with JSON" };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const reason = [report.error?.summary, report.message, report.error?.code].find((text) => text?.trim());
    return { kind: "unavailable", reason: reason?.split("\n")[0] ?? "no audit report" };
  }
  const high = counts.high ?? 0;
  const critical = counts.critical ?? 0;
  if (high + critical === 0) return { kind: "clean" };
  const packages = Object.entries(report.vulnerabilities ?? {})
    .filter(([, entry]) => entry.severity === "high" || entry.severity === "critical")
    .map(([name, entry]) => `${name} (${entry.severity})`);
  return { kind: "vulnerable", high, critical, packages };
}
