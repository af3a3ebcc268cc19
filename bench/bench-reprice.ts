// bench-catalog.ts's --reprice N (issue 55): N product pages kept, then one transaction changes their
// prices (as a CSV import of N prices does), then, 10, 30 and 60 s after the commit, shoppers ask for a
// third of them each (each page asked for once, at one checkpoint only: asking renders a stale page,
// which would flatter the checkpoints after it). What it answers: how soon after a catalogue change
// do shoppers get the new price from the cache, and how many are served the old one meanwhile.
// With RENDER_WORKERS (server/render-ahead.ts) the changed pages are rendered again before anyone
// asks; without, each waits for its next shopper.
import http from "node:http";
import type pg from "pg";
import { formatBRL } from "~/lib/format/money";
import { get, percentile } from "./bench-crawl";

/** Seconds after the commit at which a third of the changed pages are asked for. */
export const REPRICE_CHECKPOINTS = [10, 30, 60];
/** The goal of issue 55: within 60 s, this share of requests for the changed pages are hits with the new price. */
export const REPRICE_GOAL = 0.99;

/**
 * What the shoppers asked for at a checkpoint got, by X-Page-Cache: a hit (kept after the change), the
 * stale page (the old price, while one render of it is under way), a render for that shopper, or else;
 * and hits whose body does not show the new price as formatBRL writes it (a product on sale shows
 * another figure), and of those, how many show the old one: a check of the header, 0 unless a hit predates the change.
 */
export type Checkpoint = { seconds: number; asked: number; hits: number; stale: number; rendered: number; other: number; hitsWithoutNewPrice: number; hitsWithOldPrice: number; p95: number };
export type RepriceRun = { products: number; warmed: number; commitMs: number; checkpoints: Checkpoint[] };

/** `work` on each item, `concurrency` at a time. */
async function inTurn<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** A page's body as text, gzip or not: the bench asks without compression. */
const text = (body: Buffer) => body.toString("utf8");

export async function repriceAndWatch(
  origin: string,
  pool: pg.Pool,
  { count, headers, log }: { count: number; headers: Record<string, string>; log: (message: string) => void },
): Promise<RepriceRun> {
  const { rows } = await pool.query<{ id: number }>("select id from products where active order by id desc limit $1", [count]);
  const ids = rows.map((row) => row.id);
  const plain = { ...headers, "accept-encoding": "identity" };
  // Kept on every worker: new connections are spread over them, so each page is asked for until a hit.
  log(`keeping ${ids.length} product pages`);
  const fresh = new http.Agent({ keepAlive: false });
  let warmed = 0;
  await inTurn(ids, 8, async (id) => {
    let hits = 0;
    for (let round = 0; round < 12 && hits < 4; round += 1) if ((await get(fresh, origin, `/produto/${id}`, plain)).cache === "hit") hits += 1;
    if (hits >= 4) warmed += 1;
  });
  fresh.destroy();

  log(`changing the ${ids.length} prices in one transaction`);
  const started = performance.now();
  const { rows: changed } = await pool.query<{ id: number; cents: number }>(
    "update products set price_cents = price_cents + 100 where id = any($1) returning id, price_cents as cents",
    [ids],
  );
  const committedAt = performance.now();
  const newPrice = new Map(changed.map((row) => [row.id, formatBRL(row.cents)]));
  const oldPrice = new Map(changed.map((row) => [row.id, formatBRL(row.cents - 100)]));

  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const checkpoints: Checkpoint[] = [];
  const share = Math.ceil(ids.length / REPRICE_CHECKPOINTS.length);
  for (const [index, seconds] of REPRICE_CHECKPOINTS.entries()) {
    const wait = committedAt + seconds * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const asked = ids.slice(index * share, (index + 1) * share);
    const checkpoint: Checkpoint = { seconds, asked: asked.length, hits: 0, stale: 0, rendered: 0, other: 0, hitsWithoutNewPrice: 0, hitsWithOldPrice: 0, p95: 0 };
    const latencies: number[] = [];
    await inTurn(asked, 8, async (id) => {
      const answer = await get(agent, origin, `/produto/${id}`, plain);
      latencies.push(answer.ms);
      if (answer.status !== 200) checkpoint.other += 1;
      else if (answer.cache === "hit") {
        checkpoint.hits += 1;
        const body = text(answer.body);
        if (!body.includes(newPrice.get(id)!)) checkpoint.hitsWithoutNewPrice += 1;
        if (!body.includes(newPrice.get(id)!) && body.includes(oldPrice.get(id)!)) checkpoint.hitsWithOldPrice += 1;
      } else if (answer.cache === "stale") checkpoint.stale += 1;
      else if (answer.cache === "miss") checkpoint.rendered += 1;
      else checkpoint.other += 1;
    });
    checkpoint.p95 = percentile(latencies, 0.95);
    log(`${seconds} s after the commit: ${checkpoint.hits} of ${asked.length} hits`);
    checkpoints.push(checkpoint);
  }
  agent.destroy();
  return { products: ids.length, warmed, commitMs: committedAt - started, checkpoints };
}

/** The run as Markdown, with the goal met or not at 60 s. */
export function repriceTable(run: RepriceRun): string[] {
  const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
  const last = run.checkpoints.at(-1);
  const met = last !== undefined && last.hits - last.hitsWithOldPrice >= REPRICE_GOAL * last.asked;
  return [
    "",
    "### A catalogue change rendered ahead (--reprice)",
    "",
    `${run.products} product pages kept (${run.warmed} hits on every worker), then their prices changed in one transaction (${run.commitMs.toFixed(0)} ms); at each checkpoint a third of them asked for once, 8 at a time, as a phone's browser.`,
    "",
    "| after the commit | asked | hit (new price) | stale (old price) | rendered for the shopper (miss) | other | hits without the new price in the body (with the old one) | p95 ms |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...run.checkpoints.map(
      (point) =>
        `| ${point.seconds} s | ${point.asked} | ${point.hits} (${percent(point.hits, point.asked)}) | ${point.stale} | ${point.rendered} | ${point.other} | ${point.hitsWithoutNewPrice} (${point.hitsWithOldPrice}) | ${point.p95.toFixed(1)} |`,
    ),
    "",
    `- Within 60 s, ≥ ${REPRICE_GOAL * 100} % of requests for the changed pages are hits with the new price: ${met ? "**met**" : "**missed**"}`,
  ];
}
