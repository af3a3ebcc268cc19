// `npm run check:supply-chain`, part of `npm test`: see ./supply-chain.ts for what it enforces.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { ADVISORY_FLOORS, findVersionsBelowFloors, interpretAuditReport } from "./supply-chain";

const run = promisify(execFile);

async function main() {
  const tracked = await run("git", ["ls-files", "--error-unmatch", "package-lock.json"]).then(
    () => true,
    () => false,
  );
  // Outside a git checkout (an unpacked tarball) there is nothing to compare against.
  const inGit = await run("git", ["rev-parse", "--is-inside-work-tree"]).then(
    () => true,
    () => false,
  );
  if (inGit && !tracked) fail("package-lock.json is not committed: installs would not be reproducible.");

  const lockfile = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
  const belowFloors = findVersionsBelowFloors(lockfile);
  if (belowFloors.length > 0) fail(`Packages below the releases that fixed their advisories:\n  ${belowFloors.join("\n  ")}`);
  console.log(`Advisory floors: ${ADVISORY_FLOORS.map((floor) => `${floor.name} ≥ ${floor.minimum}`).join(", ")}: ok.`);

  // npm audit exits non-zero both when it finds something and when the service fails; the JSON says which.
  const audit = await run("npm", ["audit", "--audit-level=high", "--json"], { maxBuffer: 64 * 1024 * 1024 }).then(
    (result) => result.stdout,
    (error: { stdout?: string }) => error.stdout ?? "",
  );
  const outcome = interpretAuditReport(audit);
  if (outcome.kind === "vulnerable") {
    fail(`npm audit: ${outcome.critical} critical and ${outcome.high} high vulnerabilities:\n  ${outcome.packages.join("\n  ")}`);
  }
  if (outcome.kind === "unavailable") {
    const message = `npm audit could not run here (${outcome.reason}); only the advisory floors above were checked.`;
    // Where the registry offers the audit service, CI sets SUPPLY_CHAIN_STRICT=1 so an outage is not a pass.
    if (process.env.SUPPLY_CHAIN_STRICT === "1") fail(message);
    console.warn(`WARNING: ${message}`);
    // CI (.ci/run) repeats it at the end of its output, so a pass does not hide what was not checked.
    if (process.env.SUPPLY_CHAIN_NOTICE_FILE) fs.appendFileSync(process.env.SUPPLY_CHAIN_NOTICE_FILE, `${message}\n`);
    return;
  }
  console.log("npm audit --audit-level=high: no high or critical vulnerabilities.");
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

await main();
