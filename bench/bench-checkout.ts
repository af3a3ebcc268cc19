// `npm run bench:checkout -- --against <commit> [--runs 2] [--shoppers 50] [--seconds 30] [--keep-build]`
//
// This tree's checkout against another commit's, on the same machine: the other commit is checked out
// in a temporary folder (`git worktree add`), installed (`npm ci`, else `npm install`: this machine's
// npm writes lockfiles its own `npm ci` may refuse) and built; this tree is built when its sources
// changed (scripts/build-if-needed.mjs). Then each build's server (its server.js on a fresh DATA_DIR,
// loopback) and its own `npm run test:load` against it (bench/load-test.ts with --url: `--shoppers`
// shoppers for `--seconds` s, every order then found in its database) run in turn,
// alternating which goes first (A B, B A, …), `--runs` times each. Prints every run with the machine's
// load average, each build's mean, and the ratios this tree / the other: orders placed in the run and
// the checkout's p50 and p99. On a machine shared with other work the absolute figures move with its
// load; the ratio of runs made back to back is the figure to judge by. The temporary folder is removed
// at the end (`--keep-build` leaves it, and says where, for the next run: `--against-dir DIR`).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startShopProcess } from "../tests/system/shop-process";
import { onCleanUp, runBenchmark } from "./bench-run";

const ROOT = path.resolve(import.meta.dirname, "..");

const { values: args } = parseArgs({
  options: {
    against: { type: "string" },
    "against-dir": { type: "string" },
    runs: { type: "string", default: "2" },
    shoppers: { type: "string", default: "50" },
    seconds: { type: "string", default: "30" },
    "keep-build": { type: "boolean", default: false },
  },
});
const RUNS = Number(args.runs);
if (!args.against && !args["against-dir"]) {
  console.error("usage: npm run bench:checkout -- --against <commit> [--runs 2] [--shoppers 50] [--seconds 30] [--keep-build]");
  process.exit(2);
}
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error("--runs must be a positive integer");
  process.exit(2);
}

type Build = { label: string; dir: string };
type RunFigures = { orders: number; submitted: number; p50: number; p99: number; requestsPerSecond: number; loadBefore: number; loadAfter: number; ok: boolean };

function run(command: string, commandArgs: string[], cwd: string): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}

async function mustRun(what: string, command: string, commandArgs: string[], cwd: string) {
  const result = await run(command, commandArgs, cwd);
  if (result.status !== 0) throw new Error(`${what} failed (${result.status}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
}

/** The other commit in a temporary worktree, installed and built. */
async function buildCommit(commit: string): Promise<Build> {
  const sha = execFileSync("git", ["rev-parse", "--verify", `${commit}^{commit}`], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `erick-bench-${sha.slice(0, 7)}-`));
  console.log(`${sha.slice(0, 7)}: checking out, installing and building in ${dir}…`);
  execFileSync("git", ["worktree", "add", "--detach", dir, sha], { cwd: ROOT, stdio: "ignore" });
  if (!args["keep-build"]) {
    onCleanUp(() => {
      execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: ROOT, stdio: "ignore" });
    });
  }
  const installed = await run("npm", ["ci", "--no-audit", "--no-fund"], dir);
  if (installed.status !== 0) await mustRun(`npm install in ${dir}`, "npm", ["install", "--no-audit", "--no-fund"], dir);
  await mustRun(`npm run build in ${dir}`, "npm", ["run", "build"], dir);
  if (args["keep-build"]) console.log(`kept: ${dir} (next time: --against-dir ${dir}; remove with git worktree remove --force ${dir})`);
  return { label: sha.slice(0, 7), dir };
}

function parseLoadTest(stdout: string, status: number): RunFigures {
  const checkout = /^\| checkout \| (\d+) \| (\d+) \| (\d+) \|$/m.exec(stdout);
  const orders = /orders placed \(acknowledged\): (\d+) of (\d+)/.exec(stdout);
  const load = /load average ([\d.]+) before, ([\d.]+) after/.exec(stdout);
  const requests = /requests: \d+ \(([\d.]+)\/s\)/.exec(stdout);
  if (!checkout || !orders || !load || !requests) throw new Error(`the load test printed no figures:\n${stdout.slice(-3000)}`);
  return {
    orders: Number(orders[1]),
    submitted: Number(orders[2]),
    p50: Number(checkout[2]),
    p99: Number(checkout[3]),
    requestsPerSecond: Number(requests[1]),
    loadBefore: Number(load[1]),
    loadAfter: Number(load[2]),
    ok: status === 0,
  };
}

/**
 * One run: the build's server started here on a fresh DATA_DIR (its own server.js, as its test:load
 * starts it, but given up to 15 minutes to start: test:load's own 3 minutes are not enough on a busy
 * shared machine), then the build's own load test against it (`--url`, `--data-dir`).
 */
async function loadTest(build: Build): Promise<RunFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-bench-checkout-"));
  fs.chmodSync(dataDir, 0o755);
  const shop = await startShopProcess(dataDir, { cwd: build.dir, timeoutMs: 900_000 });
  // Ctrl-C during the run stops it too (its PostgreSQL with it).
  onCleanUp(() => shop.stop());
  try {
    const tsx = path.join(build.dir, "node_modules", ".bin", "tsx");
    const result = await run(tsx, ["bench/load-test.ts", "--url", shop.url, "--data-dir", dataDir, "--shoppers", args.shoppers!, "--seconds", args.seconds!], build.dir);
    if (result.status !== 0) console.error(result.stderr.slice(-2000));
    return parseLoadTest(result.stdout, result.status);
  } finally {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

await runBenchmark(async () => {
  const other = args["against-dir"] ? { label: path.basename(path.resolve(args["against-dir"])), dir: path.resolve(args["against-dir"]) } : await buildCommit(args.against!);
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
  const self: Build = { label: `${head}${dirty ? "+changes" : ""} (this tree)`, dir: ROOT };
  console.log("this tree: building when its sources changed…");
  await mustRun("building this tree", process.execPath, ["scripts/build-if-needed.mjs"], ROOT);

  console.log(`\n${args.shoppers} shoppers, ${args.seconds} s per run, ${RUNS} runs each, alternating; ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? "?"})\n`);
  console.log("| run | build | orders | submitted | checkout p50 ms | checkout p99 ms | requests/s | load average before → after | exit |");
  console.log("|---:|---|---:|---:|---:|---:|---:|---|---|");
  const figures = new Map<Build, RunFigures[]>([
    [self, []],
    [other, []],
  ]);
  for (let round = 1; round <= RUNS; round += 1) {
    for (const build of round % 2 === 1 ? [other, self] : [self, other]) {
      const result = await loadTest(build);
      figures.get(build)!.push(result);
      console.log(
        `| ${round} | ${build.label} | ${result.orders} | ${result.submitted} | ${result.p50} | ${result.p99} | ${result.requestsPerSecond} | ${result.loadBefore} → ${result.loadAfter} | ${result.ok ? "OK" : "FAILED"} |`,
      );
    }
  }

  const summary = (build: Build) => {
    const runs = figures.get(build)!;
    return { orders: mean(runs.map((r) => r.orders)), p50: mean(runs.map((r) => r.p50)), p99: mean(runs.map((r) => r.p99)) };
  };
  const mine = summary(self);
  const theirs = summary(other);
  console.log("\n| build | orders (mean) | checkout p50 ms (mean) | checkout p99 ms (mean) |\n|---|---:|---:|---:|");
  for (const [build, s] of [
    [other, theirs],
    [self, mine],
  ] as const) {
    console.log(`| ${build.label} | ${s.orders.toFixed(0)} | ${s.p50.toFixed(0)} | ${s.p99.toFixed(0)} |`);
  }
  const ordersRatio = mine.orders / theirs.orders;
  const p50Ratio = mine.p50 / theirs.p50;
  console.log(
    `\nratio this tree / ${other.label}: orders ${ordersRatio.toFixed(2)}, checkout p50 ${p50Ratio.toFixed(2)}, checkout p99 ${(mine.p99 / theirs.p99).toFixed(2)}`,
  );
  console.log(
    ordersRatio >= 0.8 && p50Ratio <= 1.2
      ? `within 20 % of ${other.label} on orders and checkout p50`
      : `NOT within 20 % of ${other.label} (orders ratio ≥ 0.80 and p50 ratio ≤ 1.20 wanted)`,
  );
  if ([...figures.values()].flat().some((r) => !r.ok)) throw new Error("a load test reported errors or lost orders (see above)");
});
