// The JavaScript a page really costs, counted the way the browser sees it: every script Chromium
// fetches for the page on its own (fresh cache, phone viewport, no interaction): the module preloads
// the HTML names and any chunk imported lazily while the page loads, hydrates and settles. The
// build's manifest (bench-pages-first-load.ts) only knows the first kind.
//
// Each script is counted twice: the bytes Chromium downloaded (the body as sent: Brotli at quality 11,
// compressed at build time, server/precompressed-assets.ts), and its gzipped size (zlib's default
// level, as `compression` sends it to a browser without Brotli), computed from the body received.
import { gzipSync } from "node:zlib";
import { chromium, type Request } from "playwright-core";

/** Budgets of issue 29, in KB of 1,024 bytes (gzip): the product page, and every other storefront page. */
const PRODUCT_PAGE_BUDGET_KB = 130;
const PAGE_BUDGET_KB = 120;

/**
 * How long the page must stay without a new request, after the load and hydration, before the count
 * stops. Longer than the storefront's own timers (the chat button appears 2 s after load), so that
 * whatever a page fetches "soon after load, on its own" is counted.
 */
const SETTLED_MS = 5_000;

export type FetchedScript = {
  /** The URL path (`/assets/framework-….js`). */
  path: string;
  gzipBytes: number;
  transferredBytes: number;
  /** Named by the HTML (a module preload or script); otherwise a lazy chunk the page imported at once. */
  inHtml: boolean;
};

export type PageScripts = { path: string; scripts: FetchedScript[]; gzipBytes: number; budgetKb: number };

export function budgetKbFor(urlPath: string): number {
  return urlPath.startsWith("/produto/") ? PRODUCT_PAGE_BUDGET_KB : PAGE_BUDGET_KB;
}

/** Loads each page in a fresh browser context of `chromiumPath` and lists the scripts it fetched. */
export async function scriptsFetchedByPages(chromiumPath: string, origin: string, paths: string[]): Promise<PageScripts[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const pages: PageScripts[] = [];
    for (const urlPath of paths) {
      // Lighthouse's phone (Moto G Power): the same viewport decides what is on screen at load.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      try {
        const page = await context.newPage();
        const finished: Request[] = [];
        let lastRequestAt = Date.now();
        page.on("request", () => (lastRequestAt = Date.now()));
        page.on("requestfinished", (request) => {
          lastRequestAt = Date.now();
          if (request.resourceType() === "script") finished.push(request);
        });
        const response = await page.goto(`${origin}${urlPath}`, { waitUntil: "load" });
        if (response?.status() !== 200) throw new Error(`${urlPath} answered ${response?.status()}`);
        const html = await response.text();
        await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
        while (Date.now() - lastRequestAt < SETTLED_MS) {
          await page.waitForTimeout(SETTLED_MS - (Date.now() - lastRequestAt) + 50);
        }
        const scripts: FetchedScript[] = [];
        for (const request of finished) {
          const body = await (await request.response())?.body();
          if (!body) continue;
          const scriptPath = new URL(request.url()).pathname;
          scripts.push({
            path: scriptPath,
            gzipBytes: gzipSync(body).length,
            transferredBytes: (await request.sizes()).responseBodySize,
            inHtml: html.includes(`"${scriptPath}"`),
          });
        }
        // Named by the HTML first, then the lazy chunks; each group largest first.
        scripts.sort((a, b) => Number(b.inHtml) - Number(a.inHtml) || b.gzipBytes - a.gzipBytes);
        pages.push({ path: urlPath, scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), budgetKb: budgetKbFor(urlPath) });
      } finally {
        await context.close();
      }
    }
    return pages;
  } finally {
    await browser.close();
  }
}
