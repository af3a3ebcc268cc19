// Pages rendered again ahead of the shoppers after a change (issue 55; docs/decisions/0029-crawlers-rendered-apart.md).
// A CSV import that changes 1,000 prices makes 1,000 product pages stale; without this, each waited
// for its next shopper to render it (that shopper, and the others who came meanwhile, got the stale
// page). Here each page a change touched is rendered again at once by the render workers (idle class,
// server/crawler-renders.ts), a few at a time, so it never takes a core from a shopper's request,
// and the page comes back as if this worker had rendered it: kept here and handed to the other
// workers (server/page-render-peers.ts).
//
// Freshness is the page cache's own rule, unchanged: the page is claimed as a shopper's render of it
// would be (the others are served the stale page meanwhile, as before), the render's token is taken
// after this process heard the change, and the render worker renders whatever it keeps (`mustRender`),
// so its queries run after the change was committed; a change heard during the render keeps it stale.
import http from "node:http";
import { RENDER_AHEAD_HEADER } from "./crawler-renders";
import type { PageCache } from "./page-cache";
import { isKeepableAnswer, renderedWhole, requestOfKey } from "./page-cache-handlers";
import type { RenderOutcome, RenderPeers } from "./page-render-peers";

/** Renders ahead in flight per worker: the render workers' share of the cores goes to crawlers too. */
const AT_ONCE = 2;

/**
 * How long after hearing a change the renders ahead begin. The other workers keep this one's page
 * only if it began after they heard the change themselves (PageCache.storeShared): rendered the
 * moment this worker heard it, a worker that heard it a few milliseconds later kept the new page
 * stale, and its next shopper rendered it again (seen in test:workers).
 */
const SETTLE_MS = 250;

/** A browser's user agent: pages for browsers are the ones rendered ahead (crawlers' wait for a crawler). */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A render ahead that takes longer is abandoned: its claim released, the page rendered by its next shopper. */
const RENDER_AHEAD_TIMEOUT_MS = 10_000;

function fetchPage(agent: http.Agent, socketPath: string, path: string, headers: http.OutgoingHttpHeaders): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath, agent, path, headers, timeout: RENDER_AHEAD_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("the render ahead took too long")));
    request.on("error", reject);
  });
}

/**
 * From now on, the pages each change touches in `cache` are rendered again on `socketPath`: those for
 * browsers without a session cookie (`plainVariant`, what `variantOf` gives no cookie), the form
 * most shoppers get; the others are rendered by their next request, as before.
 */
export function renderAhead({ cache, peers, socketPath, plainVariant }: { cache: PageCache; peers?: RenderPeers; socketPath: string; plainVariant: string }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE });
  const waiting = new Set<string>();
  let closed = false;

  const renderOne = async (key: string) => {
    const request = requestOfKey(key);
    // Not stale any more, gone, or being rendered already (a shopper's request got there first).
    if (!request || !cache.claimRevalidation(key)) return;
    // Another worker renders it: its page follows, and this one is served stale until then.
    if (peers && !(await peers.claim(key))) return;
    const token = cache.startRendering();
    let outcome: RenderOutcome = { kind: "abandon" };
    try {
      const headers: http.OutgoingHttpHeaders = { "user-agent": BROWSER, "accept-encoding": "identity", [RENDER_AHEAD_HEADER]: "1" };
      if (request.host) headers.host = request.host;
      if (request.forwardedHost) headers["x-forwarded-host"] = request.forwardedHost;
      if (request.forwardedProto) headers["x-forwarded-proto"] = request.forwardedProto;
      const answer = await fetchPage(agent, socketPath, request.address, headers);
      const html = answer.body.toString("utf8");
      const policy = String(answer.headers["content-security-policy"] ?? answer.headers["content-security-policy-report-only"] ?? "");
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      if (!isKeepableAnswer(answer.status, (name) => answer.headers[name])) {
        // A redirect or a 404 (the product was removed) is no page to keep; an outage says nothing.
        outcome = answer.status >= 500 ? { kind: "abandon" } : { kind: "forget" };
      } else if (nonce && renderedWhole(html)) {
        const kept = cache.store(key, token, {
          contentType: String(answer.headers["content-type"]),
          cacheControl: answer.headers["cache-control"] ?? null,
          parts: html.split(nonce),
          url: request.address,
        });
        if (kept) outcome = { kind: "page", page: kept };
      }
    } catch {
      outcome = { kind: "abandon" };
    }
    if (outcome.kind === "abandon") cache.abandonRevalidation(key);
    else if (outcome.kind === "forget") cache.forget(key);
    peers?.finished(key, outcome);
  };

  /** Keys being rendered: touched again meanwhile, they wait for that render to end (its page may be kept stale). */
  const rendering = new Set<string>();
  const next = () => {
    for (const key of waiting) {
      if (closed || rendering.size >= AT_ONCE) return;
      if (rendering.has(key)) continue;
      waiting.delete(key);
      rendering.add(key);
      void renderOne(key).finally(() => {
        rendering.delete(key);
        next();
      });
    }
  };

  cache.onChanged = (keys) => {
    for (const key of keys) {
      const request = requestOfKey(key);
      if (request && !request.bot && request.variant === plainVariant) waiting.add(key);
    }
    setTimeout(next, SETTLE_MS).unref();
  };

  return {
    close: () => {
      closed = true;
      waiting.clear();
      cache.onChanged = undefined;
      agent.destroy();
    },
  };
}
