// `npx tsx bench/profile-checkout.ts [--shoppers 50] [--seconds 30]`
//
// Where the checkout's time goes under `npm run test:load`: the production build (needs `npm run
// build`) on a fresh DATA_DIR, started once to create, migrate and seed its database, then again with
// PostgreSQL loading pg_stat_statements (statements inside triggers and functions counted too) and
// every Node process of the server writing a V8 CPU profile. While bench/load-test.ts loads it (its
// shoppers, its checkout), pg_stat_activity is sampled every 100 ms: what the app's connections were
// doing (running, waiting for a lock and which statement, idle in a transaction). Prints the
// statements by total time, the samples, and each process's CPU profile by part
// (bench/cpu-profile-summary.ts). Loopback only. Figures, not a test.
//
// `--stock-stales-nothing`: an experiment, never a setting. The triggers that tell the page cache of a
// change to products, their variants or their stores' units are disabled for the run, so an order's
// stock take makes no page stale: what the checkout would cost if the pages did not change with every
// unit (docs/benchmarks.md, "The checkout under load").
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { connectToShopDatabase, requireBuild, ROOT, startShopProcess, type ShopProcess } from "../tests/system/shop-process";
import { onCleanUp, runBenchmark } from "./bench-run";

const { values: args } = parseArgs({
  options: {
    shoppers: { type: "string", default: "50" },
    seconds: { type: "string", default: "30" },
    "stock-stales-nothing": { type: "boolean", default: false },
  },
});

type ActivitySample = { state: string; wait: string; query: string };

await runBenchmark(async () => {
  requireBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-profile-"));
  fs.chmodSync(dataDir, 0o755);
  const profileDir = path.join(dataDir, "cpu-profiles");
  fs.mkdirSync(profileDir);
  onCleanUp(() => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));

  // First start: the cluster, its migrations and the demo catalogue.
  let shop: ShopProcess = await startShopProcess(dataDir, { timeoutMs: 600_000 });
  await shop.stop();
  fs.appendFileSync(
    path.join(dataDir, "postgres", "cluster", "postgresql.auto.conf"),
    "\nshared_preload_libraries = 'pg_stat_statements'\npg_stat_statements.track = 'all'\ntrack_io_timing = on\n",
  );
  shop = await startShopProcess(dataDir, { timeoutMs: 600_000, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] });
  onCleanUp(() => shop.stop());
  const connection = connectToShopDatabase(dataDir);
  onCleanUp(() => connection.pool.end());
  await connection.pool.query("create extension if not exists pg_stat_statements");
  if (args["stock-stales-nothing"]) {
    const { rows: quieted } = await connection.pool.query<{ relname: string; tgname: string }>(`
      select c.relname, t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname in ('products', 'product_variants', 'variant_stock') and t.tgname like '%storefront_changes'`);
    for (const { relname, tgname } of quieted) await connection.pool.query(`alter table "${relname}" disable trigger "${tgname}"`);
    console.log(`Experiment: ${quieted.length} storefront-change triggers disabled (${quieted.map((row) => `${row.relname}.${row.tgname}`).join(", ")})`);
  }

  const samples: ActivitySample[][] = [];
  let sampling = true;
  const sampler = (async () => {
    // After the load test's own set-up (its catalogue query and shelf), so only the traffic is counted.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await connection.pool.query("select pg_stat_statements_reset()");
    while (sampling) {
      const { rows } = await connection.pool.query<ActivitySample>(`
        select state, coalesce(wait_event_type || ':' || wait_event, 'on CPU') as wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
          and state <> 'idle' and query not like '%LISTEN%'`);
      samples.push(rows);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  // Not spawnSync: the sampler runs meanwhile, in this process.
  const load = await new Promise<{ status: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "bench/load-test.ts", "--url", shop.url, "--data-dir", dataDir, "--shoppers", args.shoppers!, "--seconds", args.seconds!],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout }));
  });
  sampling = false;
  await sampler;
  console.log(load.stdout);

  const { rows: statements } = await connection.pool.query<{ calls: string; total_ms: string; mean_ms: string; rows: string; query: string }>(`
    select calls, round(total_exec_time::numeric, 0) as total_ms, round(mean_exec_time::numeric, 2) as mean_ms, rows,
      left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
    order by total_exec_time desc limit 25`);
  const allTime = await connection.pool.query<{ total: string }>(
    "select round(sum(total_exec_time)::numeric, 0) as total from pg_stat_statements where toplevel",
  );
  console.log(`\n## PostgreSQL: statements by total time (pg_stat_statements, nested ones too; top-level sum ${allTime.rows[0]?.total} ms)\n`);
  console.log("| calls | total ms | mean ms | rows | statement |\n|---:|---:|---:|---:|---|");
  for (const row of statements) console.log(`| ${row.calls} | ${row.total_ms} | ${row.mean_ms} | ${row.rows} | \`${row.query.replaceAll("|", "\\|")}\` |`);

  const counts = new Map<string, number>();
  const lockWaits = new Map<string, number>();
  for (const sample of samples) {
    for (const backend of sample) {
      const key = backend.state === "idle in transaction" ? "idle in transaction (waiting for the app)" : `${backend.state}, ${backend.wait}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (backend.wait.startsWith("Lock:")) lockWaits.set(`${backend.wait} ${backend.query}`, (lockWaits.get(`${backend.wait} ${backend.query}`) ?? 0) + 1);
    }
  }
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.log(`\n## The app's connections, ${samples.length} samples 100 ms apart: mean ${(total / Math.max(1, samples.length)).toFixed(1)} busy at once\n`);
  console.log("| state | mean connections | share |\n|---|---:|---:|");
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`| ${key} | ${(n / samples.length).toFixed(2)} | ${((100 * n) / total).toFixed(1)} % |`);
  console.log("\nLock waits by statement:\n\n| wait | mean connections |\n|---|---:|");
  for (const [key, n] of [...lockWaits].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`| \`${key.replaceAll("|", "\\|")}\` | ${(n / samples.length).toFixed(2)} |`);

  await shop.stop();
  for (const file of fs.readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"))) {
    const summary = spawnSync(process.execPath, ["--import", "tsx", "bench/cpu-profile-summary.ts", path.join(profileDir, file), "--top", "12"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    console.log(`\n## CPU profile ${file}\n\n${summary.stdout}`);
  }
  if (load.status !== 0) throw new Error(`the load test exited with ${load.status}`);
});
