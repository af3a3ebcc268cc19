// bench-catalog.ts's --crawl (issue 55): shoppers on kept pages at a steady, open-loop rate, quiet and
// then while a crawler fetches product pages no one opened (as the feeds' links bring Googlebot),
// 16 at a time. What it answers: does a crawler slow a shopper, and how many pages does it get.
//
// The shoppers' latency is counted from when each request was due, not when it went out (open loop):
// a client that waited for the server before sending its next request would hide the wait.
// Figures, not pass/fail for the suite: the goals are printed beside them.
import http from "node:http";
import { fork } from "node:child_process";

/** The goals of issue 55: the shoppers' p95 during the crawl against their quiet one, and the crawler's misses. */
export const CRAWL_GOALS = { p95Ratio: 2, p95Ms: 50, missShare: 0.8 };

export const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export type Answer = { status: number; ms: number; cache: string; body: Buffer };

/** One GET on a keep-alive agent; the body as sent (compressed when the headers ask for it). */
export function get(agent: http.Agent, origin: string, target: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${target}`, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - started,
          cache: String(response.headers["x-page-cache"] ?? "none"),
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

type Shoppers = {
  /** Latencies (ms from when each request was due) of the requests due since the last `take`, and their errors. */
  take: () => { latencies: number[]; errors: number };
  stop: () => Promise<void>;
};

/** `rate` requests a second over `paths` in turn, each sent when due whether or not the ones before were answered. */
export function startShoppers(origin: string, paths: readonly string[], rate: number, headers: Record<string, string>): Shoppers {
  const agent = new http.Agent({ keepAlive: true });
  const intervalMs = 1000 / rate;
  const startedAt = performance.now();
  let sent = 0;
  let latencies: number[] = [];
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    const now = performance.now();
    // Every request due by now, each timed from when it was due.
    while (startedAt + sent * intervalMs <= now) {
      const due = startedAt + sent * intervalMs;
      const target = paths[sent % paths.length]!;
      sent += 1;
      const done = get(agent, origin, target, headers)
        .then((answer) => {
          if (answer.status === 200) latencies.push(performance.now() - due);
          else errors += 1;
        })
        .catch(() => void (errors += 1))
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    }
    timer = setTimeout(tick, Math.max(0, startedAt + sent * intervalMs - performance.now()));
  };
  let timer = setTimeout(tick, 0);
  return {
    take: () => {
      const taken = { latencies, errors };
      latencies = [];
      errors = 0;
      return taken;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(inFlight);
      agent.destroy();
    },
  };
}

export type CrawlFigures = { pages: number; misses: number; errors: number; seconds: number; p50: number; cacheAnswers: Map<string, number> };

/** `concurrency` crawlers, each taking the next link in turn, for `seconds`. */
export async function crawl(origin: string, links: readonly string[], { concurrency, seconds, headers }: { concurrency: number; seconds: number; headers: Record<string, string> }): Promise<CrawlFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let next = 0;
  const figures: CrawlFigures = { pages: 0, misses: 0, errors: 0, seconds: 0, p50: 0, cacheAnswers: new Map() };
  const latencies: number[] = [];
  const crawler = async () => {
    while (performance.now() < deadline && next < links.length) {
      const link = links[next]!;
      next += 1;
      try {
        const answer = await get(agent, origin, link, headers);
        if (answer.status !== 200) {
          figures.errors += 1;
          continue;
        }
        figures.pages += 1;
        latencies.push(answer.ms);
        if (answer.cache === "miss") figures.misses += 1;
        figures.cacheAnswers.set(answer.cache, (figures.cacheAnswers.get(answer.cache) ?? 0) + 1);
      } catch {
        figures.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, crawler));
  figures.seconds = (performance.now() - started) / 1000;
  figures.p50 = percentile(latencies, 0.5);
  if (next >= links.length) console.error(`[bench] the crawler ran out of links (${links.length}): give more --products`);
  agent.destroy();
  return figures;
}

/**
 * `crawl` in a process of its own (bench/bench-crawl-process.ts): a real crawler is another machine,
 * and its requests and bodies handled on the shoppers' event loop would show in their latency.
 */
export function crawlApart(origin: string, links: readonly string[], options: Parameters<typeof crawl>[2]): Promise<CrawlFigures> {
  const child = fork(new URL("./bench-crawl-process.ts", import.meta.url), { execArgv: ["--import", "tsx"], serialization: "advanced" });
  child.send({ origin, links, options });
  return new Promise((resolve, reject) => {
    child.once("message", (figures) => {
      resolve(figures as CrawlFigures);
      child.kill();
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the crawler's process ended (${code})`)));
  });
}

export type CrawlRun = {
  quiet: { latencies: number[]; errors: number };
  during: { latencies: number[]; errors: number };
  crawler: CrawlFigures;
};

/** Shoppers warmed, then quiet for `seconds`, then the same `seconds` with the crawler. */
export async function shoppersAndCrawler(
  origin: string,
  { shopperPaths, rate, links, concurrency, seconds, shopperHeaders, crawlerHeaders, log }: {
    shopperPaths: readonly string[];
    rate: number;
    links: readonly string[];
    concurrency: number;
    seconds: number;
    shopperHeaders: Record<string, string>;
    crawlerHeaders: Record<string, string>;
    log: (message: string) => void;
  },
): Promise<CrawlRun> {
  // Warmed: every worker has the shoppers' pages kept, and JIT and pools are warm, outside the figures.
  const warmAgent = new http.Agent({ keepAlive: false });
  for (let round = 0; round < 10; round += 1) {
    for (const target of shopperPaths) {
      const answer = await get(warmAgent, origin, target, shopperHeaders);
      if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`);
    }
  }
  warmAgent.destroy();
  log(`shoppers at ${rate} requests a second over ${shopperPaths.join(", ")}: ${seconds} s quiet`);
  const shoppers = startShoppers(origin, shopperPaths, rate, shopperHeaders);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const quiet = shoppers.take();
  log(`and ${seconds} s with ${concurrency} crawlers on product pages not opened before`);
  const crawler = await crawlApart(origin, links, { concurrency, seconds, headers: crawlerHeaders });
  const during = shoppers.take();
  await shoppers.stop();
  return { quiet, during, crawler };
}

/** The run as Markdown, with each goal met or not. `baselineMisses`: today's crawler misses a second, to compare with. */
export function crawlTable(run: CrawlRun, { rate, concurrency, baselineMisses }: { rate: number; concurrency: number; baselineMisses?: number }): string[] {
  const format = (value: number, digits = 1) => (Number.isNaN(value) ? "n/a" : value.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits }));
  const row = (label: string, figures: { latencies: number[]; errors: number }) =>
    `| ${label} | ${figures.latencies.length} | ${format(percentile(figures.latencies, 0.5))} | ${format(percentile(figures.latencies, 0.95))} | ${format(percentile(figures.latencies, 0.99))} | ${figures.errors} |`;
  const quietP95 = percentile(run.quiet.latencies, 0.95);
  const duringP95 = percentile(run.during.latencies, 0.95);
  const { crawler } = run;
  const pagesPerSecond = crawler.pages / crawler.seconds;
  const missesPerSecond = crawler.misses / crawler.seconds;
  const verdict = (met: boolean) => (met ? "**met**" : "**missed**");
  const answers = [...crawler.cacheAnswers].map(([answer, total]) => `${answer} ${total}`).join(", ");
  return [
    "",
    "### A crawler beside shoppers (--crawl)",
    "",
    `Shoppers: ${rate} requests a second, open loop, over the kept pages in turn; crawler: ${concurrency} at a time on product pages not opened before (Googlebot's user agent, a feed's \`?tamanho=&cor=\` link).`,
    "",
    "| shoppers | responses | p50 ms | p95 ms | p99 ms | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    row("quiet", run.quiet),
    row("during the crawl", run.during),
    "",
    `Crawler: ${format(pagesPerSecond)} pages/s, ${format(missesPerSecond)} misses/s (renders), p50 ${format(crawler.p50)} ms, ${crawler.errors} errors; X-Page-Cache: ${answers}.`,
    "",
    `- Shoppers' p95 during the crawl ≤ ${CRAWL_GOALS.p95Ratio}× quiet (${format(duringP95)} against ${format(CRAWL_GOALS.p95Ratio * quietP95)} ms): ${verdict(duringP95 <= CRAWL_GOALS.p95Ratio * quietP95)}`,
    `- Shoppers' p95 during the crawl ≤ ${CRAWL_GOALS.p95Ms} ms: ${verdict(duringP95 <= CRAWL_GOALS.p95Ms)}`,
    baselineMisses === undefined
      ? `- Crawler's misses ≥ ${CRAWL_GOALS.missShare * 100} % of today's: give today's figure as --crawl-baseline to compare`
      : `- Crawler's misses ≥ ${CRAWL_GOALS.missShare * 100} % of today's (${format(missesPerSecond)} against ${format(baselineMisses)} misses/s, ${format((100 * missesPerSecond) / baselineMisses, 0)} %): ${verdict(missesPerSecond >= CRAWL_GOALS.missShare * baselineMisses)}`,
  ];
}
