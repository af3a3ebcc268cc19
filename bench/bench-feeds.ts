// The catalogue feeds under `npm run bench:catalog` (issue 26): for /feeds/meta.csv and
// /feeds/google.xml on the running production server, the first request (which streams the feed
// as it reads the database), the time to its first byte and to its last, its
// size and items, the server's peak memory meanwhile, and conditional requests with the ETag
// (If-None-Match), which the platforms' hourly fetches send: a 304 from the change counter, from any worker.
import fs from "node:fs";
import { FEED_FORMATS, FEED_PATHS, type FeedFormat } from "~/lib/channels/channels";

/** Resident memory of a process in bytes (Linux /proc): now (VmRSS) and its peak since start or the last reset (VmHWM). */
function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kib("VmRSS"), peak: kib("VmHWM") };
  } catch {
    return null;
  }
}

/** Resets the peak (VmHWM) to the current resident size (Linux 4.0+, own processes); false when refused. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

type Conditional = { status: number; ms: number };

export type FeedFigures = {
  format: FeedFormat;
  path: string;
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  items: number;
  leftOut: number;
  /** The serving processes' highest peak minus that process's resident size before the request, and the peak itself. */
  memoryGrowth: number;
  memoryPeak: number;
  /** How the peak was read: reset before the request, or sampled every 20 ms (reset refused). */
  memoryMethod: "peak" | "sampled";
  conditional: Conditional[];
};

async function timedFetch(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const firstByteMs = performance.now() - started;
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    bytes += read.value.byteLength;
    for (const byte of read.value) if (byte === 10) lines += 1;
  }
  return { response, firstByteMs, totalMs: performance.now() - started, bytes, lines };
}

async function measureFeed(origin: string, pids: () => number[], format: FeedFormat, conditionals: number): Promise<FeedFigures> {
  const serving = pids();
  const before = new Map(serving.map((pid) => [pid, memoryOf(pid)?.rss ?? Number.NaN]));
  const reset = serving.every(resetPeak);
  const sampled = new Map<number, number>();
  const sampler = reset
    ? null
    : setInterval(() => {
        for (const pid of serving) sampled.set(pid, Math.max(sampled.get(pid) ?? 0, memoryOf(pid)?.rss ?? 0));
      }, 20);
  const path = FEED_PATHS[format];
  const first = await timedFetch(`${origin}${path}`).finally(() => sampler && clearInterval(sampler));
  let memoryGrowth = 0;
  let memoryPeak = 0;
  for (const pid of serving) {
    const peak = reset ? (memoryOf(pid)?.peak ?? 0) : (sampled.get(pid) ?? 0);
    const growth = peak - (before.get(pid) ?? 0);
    if (growth > memoryGrowth) [memoryGrowth, memoryPeak] = [growth, peak];
  }
  const etag = first.response.headers.get("etag") ?? "";
  const conditional: Conditional[] = [];
  for (let index = 0; index < conditionals; index += 1) {
    const answer = await timedFetch(`${origin}${path}`, {
      "if-none-match": etag,
    });
    conditional.push({ status: answer.response.status, ms: answer.totalMs });
  }
  return {
    format,
    path,
    status: first.response.status,
    firstByteMs: first.firstByteMs,
    totalMs: first.totalMs,
    bytes: first.bytes,
    // A line per item (no field holds a line break), after the head's lines: the CSV's header row, the
    // RSS's declaration, <rss>, <channel>, title, link and description, and its two closing lines.
    items: first.lines - (format === "meta" ? 1 : 8),
    // Streamed feeds say it in the server's log only.
    leftOut: Number.NaN,
    memoryGrowth,
    memoryPeak,
    memoryMethod: reset ? "peak" : "sampled",
    conditional,
  };
}

/**
 * Both feeds, one after the other, on a server that has not generated them yet. `conditionals`:
 * If-None-Match requests after each (several, since each worker keeps its own file: the first one a
 * worker gets generates it there, and answers 304 only when the bytes, hence the ETag, are the same).
 */
export async function measureFeeds(origin: string, pids: () => number[], conditionals = 4): Promise<FeedFigures[]> {
  const figures: FeedFigures[] = [];
  for (const format of FEED_FORMATS) figures.push(await measureFeed(origin, pids, format, conditionals));
  return figures;
}

export function feedTable(figures: FeedFigures[]): string[] {
  const format = (value: number, digits = 0) =>
    value.toLocaleString("en", {
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    });
  const mb = (bytes: number) => format(bytes / 2 ** 20, 1);
  return [
    "| Feed | status | items (products left out) | size MB | first byte s | whole s | server memory peak MB (growth) | If-None-Match: status ms each |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...figures.map(
      (feed) =>
        `| \`${feed.path}\` | ${feed.status} | ${format(feed.items)} (${Number.isNaN(feed.leftOut) ? "in the server's log" : format(feed.leftOut)}) | ${mb(feed.bytes)} | ${format(feed.firstByteMs / 1000, 1)} | ${format(feed.totalMs / 1000, 1)} | ${mb(feed.memoryPeak)} (+${mb(feed.memoryGrowth)}${feed.memoryMethod === "sampled" ? ", sampled" : ""}) | ${feed.conditional.map((answer) => `${answer.status} ${format(answer.ms)}`).join(", ")} |`,
    ),
    "",
    "First byte: the feed is streamed as it is read (one repeatable-read transaction, keyset pages of 500 products, a page read when the client has taken the one before); the ETag is the catalogue's change count. Memory: resident size of the server process that peaked, its peak during the request (Linux VmHWM, reset before it) and the growth over its size before. If-None-Match: the first answer's ETag sent back; a worker that had not generated the feed yet does so first.",
  ];
}
