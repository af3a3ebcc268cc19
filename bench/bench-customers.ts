// `npm run bench:customers -- [--orders N] [--people P] [--accounts A] [--explain]`
//
// The customers of /admin/clientes and the dashboard's count at scale: fills a throw-away database
// (embedded PostgreSQL in a temporary DATA_DIR, or a new database on DATABASE_URL's server) with N
// orders from P people (phones typed as "(81) 9…" or "+55 81 9…", some with only an e-mail, some by
// account holders) and A customer accounts, then times the queries the pages run, exactly as the app
// sends them, and with --explain prints their plans (EXPLAIN ANALYZE). Figures, not pass/fail.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "#database/schema";
import { countCustomers, getCustomerDetail, listCustomers } from "~/server/auth/customers.server";
import { loadConfig } from "~/server/config.server";
import type { Database } from "~/server/db/database.server";
import { runningEmbeddedPostgresUrl } from "~/server/db/embedded-postgres.server";
import { startServices } from "~/server/services.server";
import { databaseUrl, withClient } from "../tests/setup/pg-admin";
import { onCleanUp, runBenchmark } from "./bench-run";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    people: { type: "string", default: "25000" },
    accounts: { type: "string", default: "2000" },
    runs: { type: "string", default: "3" },
    explain: { type: "boolean", default: false },
  },
});
const orderCount = Number(args.orders);
const peopleCount = Number(args.people);
const accountCount = Number(args.accounts);
const runs = Number(args.runs);

function log(message: string) {
  console.error(`[bench] ${message}`);
}

async function createDatabase(dataDir: string): Promise<string> {
  const serverUrl = process.env.DATABASE_URL;
  let url: string | undefined;
  if (serverUrl) {
    const name = `erick_bench_${randomBytes(4).toString("hex")}`;
    await withClient(serverUrl, (client) => client.query(`create database "${name}"`));
    onCleanUp(() => withClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}));
    url = databaseUrl(serverUrl, name);
  }
  const services = await startServices(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, NODE_ENV: "production", LOG_LEVEL: "warn" }));
  onCleanUp(() => services.close());
  url ??= runningEmbeddedPostgresUrl(path.join(dataDir, "postgres")) ?? undefined;
  if (!url) throw new Error("the embedded PostgreSQL did not report its address");
  return url;
}

/** Accounts (half with a phone), then orders by person p: phones typed two ways or left out, some without e-mail, some signed in. */
function fillStatements(): Array<[string, unknown[]]> {
  return [
    [
      `insert into users (id, name, email, role, phone, created_at, updated_at)
       select 'bench-user-' || a, 'Conta ' || a, 'cliente' || a || '@exemplo.com', 'customer',
         case when a % 2 = 0 then '(81) 9' || left(lpad(a::text, 8, '0'), 4) || '-' || right(lpad(a::text, 8, '0'), 4) end,
         now() - interval '400 days' + a * interval '1 minute', now()
       from generate_series(1, $1::int) a`,
      [accountCount],
    ],
    [
      `insert into orders (id, code, public_token, idempotency_key, channel, status, customer_name, customer_email, customer_phone,
         user_id, delivery_method, subtotal_cents, total_cents, created_at)
       select gen_random_uuid(), 'B' || lpad(to_hex(i), 7, '0'), md5('token' || i), md5('key' || i), 'checkout',
         (array['pending','processing','shipped','delivered','cancelled'])[1 + i % 5],
         'Cliente ' || p,
         case when i % 3 = 0 then '' else 'cliente' || p || '@exemplo.com' end,
         case when p % 11 = 0 then ''
              when i % 2 = 0 then '+55 81 9' || lpad(p::text, 8, '0')
              else '(81) 9' || left(lpad(p::text, 8, '0'), 4) || '-' || right(lpad(p::text, 8, '0'), 4) end,
         case when i % 10 = 0 and p <= $3::int then 'bench-user-' || p end,
         'delivery', 5000 + i % 20000, 5000 + i % 20000,
         now() - interval '365 days' + i * (interval '365 days' / $1::int)
       from generate_series(1, $1::int) i, lateral (select 1 + (i * 7919) % $2::int as p) person`,
      [orderCount, peopleCount, accountCount],
    ],
    ["analyze users", []],
    ["analyze orders", []],
  ];
}

async function fill(url: string) {
  const started = performance.now();
  await withClient(url, async (client) => {
    for (const [statement, params] of fillStatements()) await client.query(statement, params);
  });
  log(`${orderCount} orders from ${peopleCount} people and ${accountCount} accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** A Drizzle database that remembers the last statement it sent, to explain it. */
function recordingDatabase(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection the database closes while the run ends is no failure of the run.
  pool.on("error", () => {});
  onCleanUp(() => pool.end());
  const last = { sql: "", params: [] as unknown[] };
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => Object.assign(last, { sql, params }) } }) as unknown as Database;
  return { db, pool, last };
}

async function time<T>(label: string, work: () => Promise<T>, recorder: ReturnType<typeof recordingDatabase>) {
  const times: number[] = [];
  let result: T | undefined;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    result = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const row = `| ${label} | ${times[Math.floor(times.length / 2)]!.toFixed(0)} | ${times[0]!.toFixed(0)} | ${times.at(-1)!.toFixed(0)} |`;
  let plan = "";
  if (args.explain) {
    const { rows } = await recorder.pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers off) ${recorder.last.sql}`, recorder.last.params);
    plan = `\n#### ${label}\n\n\`\`\`\n${rows.map((line) => line["QUERY PLAN"]).join("\n")}\n\`\`\`\n`;
  }
  return { row, plan, result };
}

await runBenchmark(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-bench-customers-"));
  onCleanUp(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const url = await createDatabase(dataDir);
  await fill(url);
  const recorder = recordingDatabase(url);
  const { db } = recorder;

  const measured: Array<{ row: string; plan: string; result: unknown }> = [
    await time("list, page 1", () => listCustomers(db, { q: "", page: 1 }), recorder),
    await time("list, page 50", () => listCustomers(db, { q: "", page: 50 }), recorder),
    await time("list, search 'cliente 123'", () => listCustomers(db, { q: "cliente 123", page: 1 }), recorder),
    await time("list, search phone '9876'", () => listCustomers(db, { q: "9876", page: 1 }), recorder),
    await time("dashboard count", () => countCustomers(db), recorder),
  ];
  const first = (measured[0]!.result as Awaited<ReturnType<typeof listCustomers>>).customers[0];
  if (first) measured.push(await time("one customer's detail", () => getCustomerDetail(db, first.id), recorder));
  const customers = measured[4]!.result as number;

  console.log(`\n### Customers at scale, ${new Date().toISOString().slice(0, 10)} (${os.cpus()[0]?.model ?? "cpu"} × ${os.availableParallelism()}, load ${os.loadavg()[0]!.toFixed(1)})\n`);
  console.log(`${orderCount} orders, ${peopleCount} people, ${accountCount} accounts: ${customers} customers counted. Milliseconds over ${runs} runs.\n`);
  console.log("| query | median | best | worst |\n|---|---:|---:|---:|");
  for (const { row } of measured) console.log(row);
  for (const { plan } of measured) if (plan) console.log(plan);
});
