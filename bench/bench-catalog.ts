// `npm run bench:catalog -- --products N [--variants V] [--duration S] [--connections C] [--client wrk|autocannon] [--rate R] [--q WORD] [--port P] [--explain] [--feeds-only | --pages-only | --click-ids | --long-tail | --crawl [--crawl-baseline M] | --reprice N]`
//
// Fills a throw-away database with N products (the 20 of the demo seed plus N - 20 generated ones),
// starts the production build on a loopback port (free, or --port) against it, loads the catalogue
// pages with wrk or autocannon (bench/load-client.ts) and prints a Markdown table (req/s, p50, p99, errors) with the date and the
// machine. Each page is loaded twice: as anonymous visitors get it and signed in as a shopper (a
// session cookie); both are served by the page cache (server/page-cache.ts: the pages are the same for
// every shopper, and who is signed in comes from /api/eu, also measured). Then the storefront under
// changes: /produtos and /produto/{id} in turn while a price and a stock figure change every second
// (each change makes those pages stale: served stale while one request renders them again).
// The database is embedded PostgreSQL in a temporary DATA_DIR, or, when DATABASE_URL is set, a new
// database on that server; both are removed at the end. --explain also prints the query plans
// (EXPLAIN ANALYZE) of the catalogue queries, exactly as the app sends them.
// Before the pages, the catalogue feeds (/feeds/meta.csv, /feeds/google.xml): generation time, size,
// the server's peak memory and a 304 with the ETag (bench/bench-feeds.ts); --feeds-only stops there,
// --pages-only leaves them out (at 100,000 products they take minutes).
// --variants V gives each generated product V variants (V sizes, one colour) instead of its own
// sizes × colours: `--products 100000 --variants 5 --feeds-only` is issue 26's catalogue.
// Two modes measure the page cache's edges instead of the feeds and pages (issue 41; either or both):
// --click-ids: a product page with a fresh `fbclid` per request, and with `utm_*` tags and a fresh
// `utm_content`, against the same page without (the cache keys on the parameters pages read, so all
// three should be hits); --long-tail: a product page with a size no one asked for before on every
// request (`?tamanho=<new>`, as a feed's link: the product's one kept page, the size is chosen in the
// browser) and a product no one opened before on every request (a true miss, a render each time)
// against a static file, measured before and after them in the same run (the machine's other work
// moves all alike; the ratio is the figure).
//
// --reprice N (issue 55, bench/bench-reprice.ts): N product pages kept, their prices changed in one
// transaction, then a third of them asked for at 10, 30 and 60 s: hits with the new price, old prices served.
//
// --crawl (issue 55, bench/bench-crawl.ts): shoppers at --shopper-rate requests a second on `/`,
// `/produtos` and a kept product page, quiet for --duration s and then for --duration s beside
// --crawl-concurrency crawlers on feed links to products not opened before; --crawl-baseline M
// compares the crawler's misses a second with M (today's figure).
//
// Figures, not pass/fail: timing goals belong here, never in the test suite.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { asc, count, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "#database/schema";
import { media, products, shops, storeLocations } from "#database/schema";
import { parseProductFilters } from "~/lib/catalog/product-filters";
import { suggestSearch } from "~/server/catalog/product-search.server";
import { normalizeSearchText } from "~/lib/format/search-text";
import {
  featuredProducts,
  getProduct,
  listProducts,
  relatedProducts,
  type NewProduct,
} from "~/server/catalog/products.server";
import { loadConfig } from "~/server/config.server";
import { connectDatabase } from "~/server/db/database.server";
import { runningEmbeddedPostgresUrl } from "~/server/db/embedded-postgres.server";
import { startServices, type Services } from "~/server/services.server";
import { databaseUrl, withClient } from "../tests/setup/pg-admin";
import { signUp } from "../tests/setup/signed-in";
import { generateBenchProducts } from "./bench-catalog-products";
import { feedTable, measureFeeds, type FeedFigures } from "./bench-feeds";
import { onCleanUp, runBenchmark } from "./bench-run";
import { crawlTable, GOOGLEBOT, shoppersAndCrawler } from "./bench-crawl";
import { repriceAndWatch, repriceTable } from "./bench-reprice";
import { defaultLoadClient, runLoad, type LoadClient, type LoadResult } from "./load-client";
import { ROOT, startShopProcess } from "../tests/system/shop-process";

const SEED_PRODUCTS = 20;
const BATCH = 1_000;
// Small enough for one statement to finish within the pool's query timeout on a loaded machine (10,000 did not).
const VARIANT_RANGE = 2_000;
// What Chrome on a phone sends: pages are measured compressed, as shoppers get them (and with a
// browser's user agent: crawlers get pages rendered whole and cached apart).
const HEADERS = {
  "accept-encoding": "gzip, deflate, br, zstd",
  "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
};

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    variants: { type: "string" },
    "feeds-only": { type: "boolean", default: false },
    "pages-only": { type: "boolean", default: false },
    "click-ids": { type: "boolean", default: false },
    "long-tail": { type: "boolean", default: false },
    // Issue 55: shoppers on kept pages while a crawler renders pages no one opened (bench/bench-crawl.ts).
    crawl: { type: "boolean", default: false },
    // Today's crawler misses a second (a --crawl run's figure), for the goal of keeping 80 % of them.
    "crawl-baseline": { type: "string" },
    "shopper-rate": { type: "string", default: "50" },
    "crawl-concurrency": { type: "string", default: "16" },
    // Issue 55: N kept product pages, their prices changed in one transaction, then asked for (bench/bench-reprice.ts).
    reprice: { type: "string" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    seed: { type: "string", default: "1" },
    q: { type: "string", default: "tenis" },
    explain: { type: "boolean", default: false },
    port: { type: "string" },
    // wrk (Debian's, the default when installed) or autocannon: bench/load-client.ts says why.
    client: { type: "string" },
    // The load under changes is also offered at about this many requests a second (wrk only).
    rate: { type: "string", default: "2000" },
    // Leaves the filled DATA_DIR in place (embedded PostgreSQL only) for profiling by hand.
    keep: { type: "boolean", default: false },
  },
  strict: true,
});

function positiveInteger(name: string, value: string): number {
  const number = Number(value.replace(/[_,.]/g, ""));
  if (!Number.isSafeInteger(number) || number <= 0) {
    console.error(`--${name} deve ser um número inteiro positivo (recebido: ${value})`);
    process.exit(2);
  }
  return number;
}

const productCount = Math.max(SEED_PRODUCTS, positiveInteger("products", args.products));
const duration = positiveInteger("duration", args.duration);
const connections = positiveInteger("connections", args.connections);
if (args.client !== undefined && args.client !== "wrk" && args.client !== "autocannon") {
  console.error(`--client must be wrk or autocannon, not ${args.client}`);
  process.exit(2);
}
const loadClient: LoadClient = (args.client as LoadClient | undefined) ?? defaultLoadClient();
const offeredRate = positiveInteger("rate", args.rate);
const seed = positiveInteger("seed", args.seed);
const searchWord = normalizeSearchText(args.q).split(" ")[0] ?? "";
const fixedPort = args.port === undefined ? undefined : positiveInteger("port", args.port);
/** Sizes for --variants when a generated product has fewer of its own. */
const BENCH_SIZES = ["PP", "P", "M", "G", "GG", "XG", "XXG", "G1", "G2", "G3"];
const variantsPerProduct = args.variants === undefined ? undefined : positiveInteger("variants", args.variants);
if (variantsPerProduct !== undefined && variantsPerProduct > BENCH_SIZES.length) {
  console.error(`--variants deve ser no máximo ${BENCH_SIZES.length}`);
  process.exit(2);
}

/** The product with exactly --variants variants: that many of its sizes (or BENCH_SIZES) in its first colour. */
function withVariantCount<T extends { sizes: string[]; colors: string[] }>(product: T): T {
  if (variantsPerProduct === undefined) return product;
  const sizes = product.sizes.length >= variantsPerProduct ? product.sizes : BENCH_SIZES;
  return { ...product, sizes: sizes.slice(0, variantsPerProduct), colors: product.colors.slice(0, 1) };
}

function log(message: string) {
  console.error(`[bench] ${message}`);
}

function ensureBuild() {
  if (fs.existsSync(path.join(ROOT, "build/server/index.js"))) return;
  log("build/ is missing: npx react-router build");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("react-router build failed");
}

/** Migrated and seeded: embedded PostgreSQL in a temporary DATA_DIR, or a new database on DATABASE_URL's server. */
async function createDatabase(dataDir: string): Promise<{ services: Services; url: string }> {
  const serverUrl = process.env.DATABASE_URL;
  let url: string | undefined;
  if (serverUrl) {
    const name = `erick_bench_${randomBytes(4).toString("hex")}`;
    await withClient(serverUrl, (client) => client.query(`create database "${name}"`));
    onCleanUp(() => withClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}));
    url = databaseUrl(serverUrl, name);
  }
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, NODE_ENV: "production" });
  const services = await startServices(config);
  onCleanUp(() => services.close());
  url ??= runningEmbeddedPostgresUrl(path.join(dataDir, "postgres")) ?? undefined;
  if (!url) throw new Error("the embedded PostgreSQL did not report its address");
  return { services, url };
}

/** Adds `productCount - 20` generated products in multi-row INSERTs, with the seed's images round-robin. */
async function fillCatalogue({ db }: Services) {
  const shopIds = new Map((await db.select({ id: shops.id, slug: shops.slug }).from(shops)).map((row) => [row.slug, row.id]));
  const locationIds = new Map(
    (await db.select({ id: storeLocations.id, slug: storeLocations.slug }).from(storeLocations)).map((row) => [row.slug, row.id]),
  );
  const imageKeys = (await db.select({ key: media.key }).from(media).orderBy(asc(media.createdAt), asc(media.key))).map(
    (row) => row.key,
  );
  if (imageKeys.length === 0) throw new Error("the seed stored no images");

  const wanted = productCount - SEED_PRODUCTS;
  let batch: NewProduct[] = [];
  let done = 0;
  const started = performance.now();
  const flush = async () => {
    if (batch.length) await db.insert(products).values(batch);
    done += batch.length;
    batch = [];
    if (done % 20_000 === 0 || done === wanted) log(`${done.toLocaleString("en")} / ${wanted.toLocaleString("en")} products inserted`);
  };
  for (const generated of generateBenchProducts(wanted, seed)) {
    const { shop, location, ...product } = withVariantCount(generated);
    const shopId = shopIds.get(shop);
    if (shopId === undefined) throw new Error(`unknown shop ${shop}`);
    batch.push({
      ...product,
      shopId,
      storeLocationId: location ? (locationIds.get(location) ?? null) : null,
      images: [imageKeys[(done + batch.length) % imageKeys.length]!],
    });
    if (batch.length === BATCH) await flush();
  }
  await flush();
  // A variant per size × colour of the generated products, 0–8 units each (none for a sold-out
  // product); the database then sets each product's stock to their sum (trigger erick_product_stock).
  // In id ranges: at 100,000 products one statement outlasts the pool's query timeout.
  const maxId = (await db.execute<{ maxId: number }>(sql`select coalesce(max(id), 0)::int as "maxId" from products`)).rows[0]?.maxId ?? 0;
  for (let from = 0; from <= maxId; from += VARIANT_RANGE) {
    await db.execute(sql`
      with variants as (
        insert into product_variants (product_id, size, color)
        select p.id, s.size, c.color
        from products p
        cross join lateral unnest(case when cardinality(p.sizes) = 0 then array['']::text[] else p.sizes end) as s(size)
        cross join lateral unnest(case when cardinality(p.colors) = 0 then array['']::text[] else p.colors end) as c(color)
        where p.id > ${from} and p.id <= ${from + VARIANT_RANGE}
          and not exists (select 1 from product_variants v where v.product_id = p.id)
        returning id, product_id
      )
      -- The units at each product's own store (stock per store, migration 0025).
      insert into variant_stock (variant_id, store_location_id, units)
      select v.id, erick_product_home_store(v.product_id), (v.product_id * 7 + v.id * 3) % 9
      from variants v join products p on p.id = v.product_id where p.stock > 0`);
  }
  // Autovacuum would get there on a live shop; measure with the statistics it would have gathered.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
  return (performance.now() - started) / 1000;
}

/** A signed-in shopper's session cookie: their pages come from the page cache too; /api/eu looks the session up. */
async function shopperSessionCookie(services: Services): Promise<string> {
  const { cookie } = await signUp(services, { name: "Cliente do Benchmark" });
  if (!cookie.includes("session_token=")) throw new Error("signing up the benchmark's shopper set no session cookie");
  return cookie;
}

/** The production server (server.js) on a loopback port (free, or --port), pointed at the benchmark database. */
async function startServer(dataDir: string, url: string): Promise<Server> {
  const server = await startShopProcess(dataDir, { port: fixedPort, env: { DATABASE_URL: url }, timeoutMs: 120_000 });
  onCleanUp(server.stop);
  return { origin: server.url, pids: () => [server.pid, ...server.workerPids().filter((pid) => pid !== server.pid)] };
}

/** Where the server answers, and its processes (the primary and its workers). */
type Server = { origin: string; pids: () => number[] };

function staticAsset(): string {
  if (fs.existsSync(path.join(ROOT, "build/client/favicon.svg"))) return "/favicon.svg";
  const script = fs.readdirSync(path.join(ROOT, "build/client/assets")).find((name) => name.endsWith(".js"));
  if (!script) throw new Error("no static asset in build/client");
  return `/assets/${script}`;
}

/** The id in the middle of the catalogue: neither the newest (cached everywhere) nor the oldest. */
async function middleProductId({ db }: Services): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products).where(eq(products.active, true));
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id))
    .offset(Math.floor(total / 2))
    .limit(1);
  if (!row) throw new Error("no active product");
  return row.id;
}

async function searchMatches({ db }: Services, word: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(sql`${products.searchText} like ${`%${word}%`}`);
  return row?.total ?? 0;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each query the catalogue functions send for these pages. */
async function explainCatalogueQueries(url: string, productId: number, listSearches: string[]) {
  const { pool } = connectDatabase(url, { max: 1 });
  try {
    const captured: Array<{ query: string; params: unknown[] }> = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
    const explain = async (title: string, work: () => Promise<unknown>) => {
      captured.length = 0;
      await work();
      for (const { query, params } of captured) {
        const plan = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query}`, params);
        console.log(`\n### ${title}\n\n\`\`\`sql\n${query}\n-- ${JSON.stringify(params)}\n\`\`\`\n\`\`\`\n${plan.rows.map((row) => row["QUERY PLAN"]).join("\n")}\n\`\`\``);
      }
    };
    await explain("featuredProducts (/)", () => featuredProducts(db, 8));
    for (const search of [...listSearches, `?q=${encodeURIComponent("calçado infantil")}`, "?q=esporte"]) {
      await explain(`listProducts (/produtos${search})`, () => listProducts(db, parseProductFilters(new URLSearchParams(search))));
    }
    // A search that finds nothing looks for the nearest known word of each typed one.
    await explain("suggestSearch (/produtos?q=tênus finds nothing)", () => suggestSearch(db, "tênus"));
    const product = await getProduct(db, productId);
    await explain(`getProduct (/produto/${productId})`, () => getProduct(db, productId));
    if (product) await explain(`relatedProducts (/produto/${productId})`, () => relatedProducts(db, product, 4));
  } finally {
    await pool.end();
  }
}

type Load = {
  /** Median latency of single requests, one at a time: the cost of a page without queueing. */
  alone: number;
  /** CPU time of the server's processes per response under load (Linux), NaN when unknown. */
  cpuMs: number;
  /** CPU time of the load's client per response: it shares the machine's cores. */
  clientCpuMs: number;
  /** The X-Page-Cache header of the last single request: hit, miss, or none (not considered). */
  cache: string;
  responses: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

type Row = { path: string; anonymous: Load | null; signedIn: Load };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * User + system CPU time of the server's processes so far (the primary and every worker), in ms
 * (Linux /proc), or NaN. With other work on the machine, latency and req/s move a lot; the CPU a
 * response costs the server moves much less.
 */
function processCpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      const ticksPerSecond = 100;
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
    } catch {
      return Number.NaN;
    }
  }
  return total;
}

/** Every `everyMs`, a price and a stock figure of `productId` change (as the admin's saves would), until stopped. */
function changeEverySecond(url: string, productId: number, everyMs = 1_000): { stop: () => Promise<number> } {
  const { pool } = connectDatabase(url, { max: 1 });
  let changes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      await pool.query("update products set price_cents = coalesce(price_cents, 10000) + case when $2 % 2 = 0 then 100 else -100 end where id = $1", [productId, changes]);
      await pool.query(
        `insert into variant_stock (variant_id, store_location_id, units)
         select id, erick_product_home_store(product_id), 5 from product_variants where product_id = $1 order by id limit 1
         on conflict (variant_id, store_location_id) do update set units = case when variant_stock.units > 0 then variant_stock.units - 1 else 5 end`,
        [productId],
      );
      changes += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await pool.end();
      return changes;
    },
  };
}

type ChangingLoad = Load & { changes: number; paths: string[]; client: LoadClient; rate?: number };

/** /produtos and /produto/{id} in turn on every connection, as anonymous visitors, while `productId` changes every second. */
async function loadWhileChanging(server: Server, url: string, paths: string[], productId: number, client: LoadClient, rate?: number): Promise<ChangingLoad> {
  const pids = server.pids();
  const cpuBefore = processCpuMs(pids);
  const changing = changeEverySecond(url, productId);
  // What the page cache answered (hit, stale, miss): a miss is a render.
  const delayMs = rate ? (connections * 1000) / rate : undefined;
  const result = await runLoad(client, { origin: server.origin, paths, connections, durationS: duration, headers: HEADERS, countHeader: "X-Page-Cache", delayMs });
  const changes = await changing.stop();
  const cache = [...result.headerCounts].map(([answer, count]) => `${answer} ${count.toLocaleString("en")}`).join(", ");
  return { ...loadFigures(result, processCpuMs(pids) - cpuBefore), alone: Number.NaN, cache, changes, paths, client, rate };
}

/** A load's figures, with the server's CPU time during it. */
function loadFigures(result: LoadResult, cpuMsDuring: number): Omit<Load, "alone" | "cache"> {
  return {
    cpuMs: cpuMsDuring / result.responses,
    clientCpuMs: result.clientCpuMs,
    responses: result.responses,
    requests: result.responses / result.durationS,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function load(server: Server, urlPath: string, headers: Record<string, string>): Promise<Load> {
  const { origin } = server;
  // One at a time first: JIT, the pool's connections and PostgreSQL's caches warm up outside the
  // figures, and the later requests give the page's latency without queueing.
  const alone: number[] = [];
  let cache = "none";
  for (let index = 0; index < 20; index += 1) {
    const started = performance.now();
    const response = await fetch(`${origin}${urlPath}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (index >= 5) alone.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${urlPath} answered ${response.status}`);
    cache = response.headers.get("x-page-cache") ?? "none";
  }
  // The same processes before and after: a worker replaced during the load makes the figure unknown.
  const pids = server.pids();
  const cpuBefore = processCpuMs(pids);
  const result = await runLoad(loadClient, { origin, paths: [urlPath], connections, durationS: duration, headers });
  return { ...loadFigures(result, processCpuMs(pids) - cpuBefore), alone: median(alone), cache };
}

/** What is new on every request: a query parameter's value, or the id in the path's `{id}`. */
type Fresh = { param: string } | { ids: readonly number[] };

type EdgeLoad = Omit<Load, "alone" | "cache"> & { label: string; path: string; fresh?: string; cache: string };

const WARM_REQUESTS = 10;

/** `urlPath` under load, each request with something fresh when given; X-Page-Cache counted. */
async function edgeLoad(server: Server, label: string, urlPath: string, fresh?: Fresh): Promise<EdgeLoad> {
  // A few requests first, outside the figures (JIT, the pool's connections), each fresh too (the
  // last ids: the load takes them from the first).
  const ids = fresh && "ids" in fresh ? fresh.ids : undefined;
  if (ids && ids.length <= WARM_REQUESTS) throw new Error("too few ids for a fresh one per request");
  for (let index = 0; index < WARM_REQUESTS; index += 1) {
    const separator = urlPath.includes("?") ? "&" : "?";
    const target = ids ? urlPath.replace("{id}", String(ids[ids.length - 1 - index])) : `${urlPath}${fresh && "param" in fresh ? `${separator}${fresh.param}=warm${index}` : ""}`;
    const response = await fetch(`${server.origin}${target}`, { headers: HEADERS, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
  }
  const pids = server.pids();
  const cpuBefore = processCpuMs(pids);
  const result = await runLoad(loadClient, {
    origin: server.origin,
    paths: [urlPath],
    connections,
    durationS: duration,
    headers: HEADERS,
    countHeader: "X-Page-Cache",
    freshParam: fresh && "param" in fresh ? fresh.param : undefined,
    freshIds: ids?.slice(0, -WARM_REQUESTS),
  });
  const cache = [...result.headerCounts].map(([answer, total]) => `${answer} ${total.toLocaleString("en")}`).join(", ");
  const freshLabel = fresh === undefined ? undefined : "param" in fresh ? `\`${fresh.param}\`` : "product id";
  return { ...loadFigures(result, processCpuMs(pids) - cpuBefore), label, path: urlPath, fresh: freshLabel, cache };
}

/** --click-ids: the product page as ads bring it (a fresh click id per request) against the page alone. */
async function clickIdLoads(server: Server, productId: number): Promise<EdgeLoad[]> {
  const page = `/produto/${productId}`;
  const loads: EdgeLoad[] = [];
  log(`--click-ids: ${page} alone, with a fresh fbclid, with utm_* and a fresh utm_content, ${duration} s each`);
  loads.push(await edgeLoad(server, "no query", page));
  loads.push(await edgeLoad(server, "fresh `fbclid`", page, { param: "fbclid" }));
  loads.push(await edgeLoad(server, "`utm_*`, fresh `utm_content`", `${page}?utm_source=instagram&utm_medium=social&utm_campaign=black-friday`, { param: "utm_content" }));
  return loads;
}

/**
 * --long-tail, between two loads of a static file: a product page with a size no one asked for on
 * every request (as a feed's link names one: the product's kept page since the size is chosen in the
 * browser), and a product no one opened before on every request (a true miss: a render each).
 */
async function longTailLoads(server: Server, productId: number, neverOpened: readonly number[]): Promise<EdgeLoad[]> {
  const page = `/produto/${productId}`;
  const asset = staticAsset();
  log(`--long-tail: ${asset}, ${page} with a fresh ?tamanho=, /produto/{id} of a product not opened before, ${asset} again, ${duration} s each`);
  const before = await edgeLoad(server, "static file (before)", asset);
  const size = await edgeLoad(server, "fresh `tamanho` (a feed's link)", page, { param: "tamanho" });
  const miss = await edgeLoad(server, "a product not opened before (true miss)", "/produto/{id}", { ids: neverOpened });
  const after = await edgeLoad(server, "static file (after)", asset);
  return [before, size, miss, after];
}

/** Active products other than `productId`, shuffled (seeded): a page no load asked for yet, for each request. */
async function productsNotOpened({ db }: Services, productId: number): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(asc(products.id));
  const ids = rows.map((row) => row.id).filter((id) => id !== productId);
  let seed = 41;
  for (let index = ids.length - 1; index > 0; index -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = seed % (index + 1);
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
  }
  return ids;
}

/**
 * A feed's link (`/produto/{id}?tamanho=…&cor=…`, app/server/channels) to each product not opened
 * before, one per product, in the shuffled order: every request a render, the crawler's worst case.
 */
async function feedLinksNotOpened(services: Services, productId: number): Promise<string[]> {
  const ids = await productsNotOpened(services, productId);
  const firstVariants = await services.db.execute<{ productId: number; size: string; color: string }>(
    sql`select distinct on (product_id) product_id as "productId", size, color from product_variants order by product_id, id`,
  );
  const variantOf = new Map(firstVariants.rows.map((row) => [row.productId, row]));
  return ids.map((id) => {
    const variant = variantOf.get(id);
    const query = new URLSearchParams();
    if (variant?.size) query.set("tamanho", variant.size);
    if (variant?.color) query.set("cor", variant.color);
    const search = query.toString();
    return `/produto/${id}${search ? `?${search}` : ""}`;
  });
}

function edgeTables(clickIds: EdgeLoad[], longTail: EdgeLoad[]): string[] {
  const format = (value: number, digits = 0) => value.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const header = [
    "| load | URL | fresh per request | req/s | p50 ms | p99 ms | CPU ms | X-Page-Cache | errors / non-2xx | ratio |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
  ];
  const row = (load: EdgeLoad, ratio: string) =>
    `| ${load.label} | \`${load.path}\` | ${load.fresh ?? ""} | ${format(load.requests)} | ${format(load.p50)} | ${format(load.p99)} | ${Number.isNaN(load.cpuMs) ? "" : format(load.cpuMs, 2)} | ${load.cache} | ${load.errors} / ${load.non2xx} | ${ratio} |`;
  const percent = (part: number, whole: number) => `${format((100 * part) / whole, 1)} %`;
  const lines: string[] = [];
  if (clickIds.length > 0) {
    const plain = clickIds[0]!;
    lines.push("", "### Click ids (--click-ids)", "", "ratio: req/s against the page with no query (target: a hit's rate, ~100 %).", "", ...header);
    lines.push(...clickIds.map((load, index) => row(load, index === 0 ? "" : percent(load.requests, plain.requests))));
  }
  if (longTail.length > 0) {
    const [before, size, miss, after] = longTail as [EdgeLoad, EdgeLoad, EdgeLoad, EdgeLoad];
    const staticRate = (before.requests + after.requests) / 2;
    lines.push(
      "",
      "### Long tail (--long-tail)",
      "",
      `ratio: req/s against the static file's mean of the two loads around them (${format(staticRate)} req/s); target for the true miss ≥ 10 %.`,
      "",
      ...header,
      row(before, ""),
      row(size, percent(size.requests, staticRate)),
      row(miss, percent(miss.requests, staticRate)),
      row(after, ""),
    );
  }
  return lines;
}

function cpuModel(): string {
  try {
    const line = fs.readFileSync("/proc/cpuinfo", "utf8").split("\n").find((text) => text.startsWith("model name"));
    return line?.split(":")[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  } catch {
    return os.cpus()[0]?.model ?? "unknown";
  }
}

function processors(): number {
  const result = spawnSync("nproc", { encoding: "utf8" });
  const number = Number.parseInt(result.stdout ?? "", 10);
  return Number.isInteger(number) ? number : os.availableParallelism();
}

function printTable(
  rows: Row[],
  feeds: FeedFigures[],
  changing: ChangingLoad[],
  details: { fillSeconds: number; matches: number; startLoad: number[]; processes: number; variants: number },
  edges: string[] = [],
) {
  const format = (value: number, digits = 0) => value.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const figures = (load: Load | null) =>
    load ? `${format(load.requests)} | ${format(load.p50)} | ${format(load.p99)} | ${Number.isNaN(load.cpuMs) ? "" : format(load.cpuMs, 2)}` : "| | |";
  const problems = (load: Load | null) => (load ? `${load.errors} / ${load.non2xx}` : "");
  const lines = [
    `## Catalogue benchmark: ${format(productCount)} products`,
    "",
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
    `- Machine: ${processors()} CPUs (nproc), ${cpuModel()}, ${format(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}; load average before the run ${details.startLoad.map((value) => value.toFixed(2)).join(" / ")}`,
    `- Load: ${loadClient === "wrk" ? "wrk (one thread)" : "autocannon (in this process)"}, ${connections} connections, ${duration} s per URL, \`accept-encoding: gzip, deflate, br, zstd\`; server: \`node server.js\` (production build, ${details.processes === 1 ? "one process" : `a primary and ${details.processes - 1} workers`}) and PostgreSQL on the same machine`,
    `- Data: ${format(productCount)} products (seed ${seed}${variantsPerProduct === undefined ? "" : `; ${variantsPerProduct} variants each, but the seed's 20`}), ${format(details.variants)} variants, filled in ${format(details.fillSeconds, 1)} s; "${searchWord}" is in ${format(details.matches)} of them`,
    "",
    ...(edges.length > 0 ? edges : []),
    ...(edges.length > 0 && feeds.length === 0 ? [] : ["", "### Catalogue feeds", ""]),
    ...(feeds.length === 0 ? (edges.length > 0 ? [] : ["Not measured (--pages-only)."]) : feedTable(feeds)),
    ...(edges.length > 0 && rows.length === 0 ? [] : ["", "### Pages", ""]),
    ...(rows.length === 0
      ? edges.length > 0
        ? []
        : ["Not measured (--feeds-only)."]
      : [
          "| URL | anonymous req/s | p50 ms | p99 ms | CPU ms | signed-in req/s | p50 ms | p99 ms | CPU ms | signed in / anonymous req/s | errors / non-2xx (anonymous; signed in) | alone ms (signed in) |",
          "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]),
    ...rows.map(
      (row) =>
        `| \`${row.path}\` | ${figures(row.anonymous)} | ${figures(row.signedIn)} | ${row.anonymous ? `${format((100 * row.signedIn.requests) / row.anonymous.requests)} %` : ""} | ${problems(row.anonymous)}; ${problems(row.signedIn)} | ${format(row.signedIn.alone, 1)} |`,
    ),
    ...(rows.length === 0
      ? []
      : [
          "",
          "anonymous: no cookie; signed in: a shopper's session cookie. Both get the page cache's shared page (the session-cookie variant links the style sheet); `/api/eu` is the signed-in shopper's one personal request per page (never cached: session look-up and a query). The static asset is measured once, in the signed-in columns.",
          "CPU ms: the server's CPU time (user + system, all its processes) per response during the load; PostgreSQL's is not included. alone: median latency of one request at a time, before the load.",
          `The load's client (${loadClient}) took ${rows
            .filter((row) => row.anonymous)
            .map((row) => format(row.anonymous!.clientCpuMs, 2))
            .join(", ")} ms of CPU per anonymous response, on the same ${processors()} cores as the server.`,
        ]),
    ...changing.flatMap((load) => [
      "",
      `Under changes, ${load.client}${load.rate ? `, offered about ${format(load.rate)} req/s (each connection waits ${format((connections * 1000) / load.rate)} ms between requests)` : ", as fast as the server answers"}: ${load.paths.map((urlPath) => `\`${urlPath}\``).join(" and ")} in turn on each of ${connections} connections for ${duration} s, anonymous, while the product's price and one of its stock figures changed ${load.changes} times (once a second): ${format(load.requests)} req/s, p50 ${format(load.p50)} ms, p99 ${format(load.p99)} ms, ${Number.isNaN(load.cpuMs) ? "" : `${format(load.cpuMs, 2)} ms of the server's CPU per response, `}${format(load.clientCpuMs, 2)} ms of ${load.client}'s, ${load.errors} errors / ${load.non2xx} non-2xx; X-Page-Cache: ${load.cache} (targets: p99 ≤ 100 ms, ≥ 1,000 req/s).`,
    ]),
    ...rows.flatMap((row) =>
      [row.anonymous, row.path.startsWith("/api/") || row.path.includes(".") ? null : row.signedIn].flatMap((load) =>
        load && load.cache !== "hit" ? [`Warning: \`${row.path}\` was not served from the page cache (X-Page-Cache: ${load.cache}).`] : [],
      ),
    ),
    // Fewer responses than connections: most requests were still in flight when the run ended.
    ...(rows.some((row) => row.signedIn.responses < connections)
      ? [`Too few responses on some URL (< ${connections}): the load outlasted the run; use a longer --duration for meaningful figures.`]
      : []),
  ];
  console.log(lines.join("\n"));
}

async function main() {
  const startLoad = os.loadavg();
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-bench-"));
  if (args.keep) log(`--keep: ${dataDir} stays (start a server with DATA_DIR=${dataDir})`);
  else onCleanUp(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

  log(`database in ${dataDir}`);
  const { services, url } = await createDatabase(dataDir);
  log(`filling ${(productCount - SEED_PRODUCTS).toLocaleString("en")} products`);
  const fillSeconds = await fillCatalogue(services);
  const productId = await middleProductId(services);
  const matches = await searchMatches(services, searchWord);
  if (matches === 0) log(`warning: "${searchWord}" occurs in no product`);

  const listSearches = ["", "?categoria=Feminino&preco=100to200", `?q=${encodeURIComponent(searchWord)}`];
  if (args.explain) await explainCatalogueQueries(url, productId, listSearches);

  const signedInHeaders = { ...HEADERS, cookie: await shopperSessionCookie(services) };
  log("starting the production server");
  const server = await startServer(dataDir, url);
  const variants = (await services.db.execute<{ total: number }>(sql`select count(*)::int as total from product_variants`)).rows[0]?.total ?? 0;
  if (args.crawl) {
    const run = await shoppersAndCrawler(server.origin, {
      shopperPaths: ["/", "/produtos", `/produto/${productId}`],
      rate: positiveInteger("shopper-rate", args["shopper-rate"]),
      links: await feedLinksNotOpened(services, productId),
      concurrency: positiveInteger("crawl-concurrency", args["crawl-concurrency"]),
      seconds: duration,
      shopperHeaders: HEADERS,
      crawlerHeaders: { ...HEADERS, "user-agent": GOOGLEBOT },
      log,
    });
    const baseline = args["crawl-baseline"] === undefined ? undefined : Number(args["crawl-baseline"]);
    console.log("");
    const table = crawlTable(run, { rate: positiveInteger("shopper-rate", args["shopper-rate"]), concurrency: positiveInteger("crawl-concurrency", args["crawl-concurrency"]), baselineMisses: baseline });
    printTable([], [], [], { fillSeconds, matches, startLoad, processes: server.pids().length, variants }, table);
    return;
  }
  if (args.reprice !== undefined) {
    const { pool } = connectDatabase(url, { max: 2 });
    try {
      const run = await repriceAndWatch(server.origin, pool, { count: positiveInteger("reprice", args.reprice), headers: HEADERS, log });
      console.log("");
      printTable([], [], [], { fillSeconds, matches, startLoad, processes: server.pids().length, variants }, repriceTable(run));
    } finally {
      await pool.end();
    }
    return;
  }
  const edgeModes = args["click-ids"] || args["long-tail"];
  if (edgeModes) {
    const clickIds = args["click-ids"] ? await clickIdLoads(server, productId) : [];
    const longTail = args["long-tail"] ? await longTailLoads(server, productId, await productsNotOpened(services, productId)) : [];
    console.log("");
    printTable([], [], [], { fillSeconds, matches, startLoad, processes: server.pids().length, variants }, edgeTables(clickIds, longTail));
    return;
  }
  // First, on a server that has served nothing yet: its memory is the feeds' alone.
  log("generating the catalogue feeds");
  const feeds = args["pages-only"] ? [] : await measureFeeds(server.origin, server.pids);
  const pages = args["feeds-only"] ? [] : ["/", ...listSearches.map((search) => `/produtos${search}`), `/produto/${productId}`];
  const rows: Row[] = [];
  for (const urlPath of pages) {
    log(`loading ${urlPath} for ${duration} s, anonymous`);
    const anonymous = await load(server, urlPath, HEADERS);
    log(`loading ${urlPath} for ${duration} s, signed in`);
    rows.push({ path: urlPath, anonymous, signedIn: await load(server, urlPath, signedInHeaders) });
  }
  const changing: ChangingLoad[] = [];
  if (pages.length > 0) {
    const personal = `/api/eu?produto=${productId}`;
    log(`loading ${personal} for ${duration} s, signed in`);
    rows.push({ path: personal, anonymous: null, signedIn: await load(server, personal, signedInHeaders) });
    const asset = staticAsset();
    log(`loading ${asset} for ${duration} s`);
    rows.push({ path: asset, anonymous: null, signedIn: await load(server, asset, HEADERS) });
    const changingPaths = ["/produtos", `/produto/${productId}`];
    log(`loading ${changingPaths.join(" and ")} for ${duration} s while product ${productId} changes every second`);
    changing.push(await loadWhileChanging(server, url, changingPaths, productId, loadClient));
    // As many requests as the server answers is a saturated server, whose latency is queueing (Little's
    // law: 100 connections / the rate). The target pairs a rate with a p99: offered at about --rate.
    // Then again with autocannon, to compare with the runs before wrk (bench/load-client.ts).
    if (loadClient === "wrk") {
      log(`the same offered at about ${offeredRate.toLocaleString("en")} requests a second`);
      changing.push(await loadWhileChanging(server, url, changingPaths, productId, "wrk", offeredRate));
      log(`the same with autocannon, for comparison`);
      changing.push(await loadWhileChanging(server, url, changingPaths, productId, "autocannon"));
    }
  }
  console.log("");
  printTable(rows, feeds, changing, { fillSeconds, matches, startLoad, processes: server.pids().length, variants });
}

await runBenchmark(main);
