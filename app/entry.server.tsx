import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToStaticMarkup, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import styleSheet from "./app.css?inline";
import { IconSymbols } from "./components/ui/icon-symbols";
import { IconSymbolsProvider } from "./components/ui/icons";
import { StyleSheetProvider } from "./components/ui/page-style-sheet";
import { NonceProvider } from "./components/ui/nonce";
import { isDatabaseUnavailableError } from "./server/db/database.server";
import { log } from "./server/log/logger.server";

export const streamTimeout = 5_000;

/** Every icon's <symbol>, rendered once: each page's sprite (components/ui/icons.tsx). */
const iconSymbols = renderToStaticMarkup(<IconSymbols />);

/** Requests (by their load context) that failed because the database could not be reached. */
const databaseUnavailable = new WeakSet<object>();

/**
 * Logs server errors; a database outage is logged in one line (it repeats on every request until the
 * database returns) and remembered, so the page answers 503 "try again shortly" instead of 500.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const where = { requestId: context?.requestLog?.requestId, method: request.method, path: new URL(request.url).pathname };
  if (isDatabaseUnavailableError(error)) {
    if (context) databaseUnavailable.add(context);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    log.error({ ...where, cause: cause instanceof Error ? cause.message : String(cause) }, "database unavailable");
    return;
  }
  log.error({ ...where, err: error }, "request failed");
};

/**
 * What React writes in one pass (the shell, then each streamed part), passed on as one chunk when
 * React flushes at the end of the pass. React writes 4 KB pieces, and React Router's Express adapter
 * writes and flushes every chunk it gets: through `compression` that was a deflate sync flush, a
 * thread-pool round trip and a socket write per 4 KB, 40 of them for a product list, costing more
 * CPU than rendering the page.
 */
class RenderedChunks extends Transform {
  private pending: Buffer[] = [];

  constructor(private readonly onEnd: () => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  /** Called by React when a pass is written. */
  flush() {
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    this.onEnd();
    callback();
  }
}

/**
 * React Router's default Node entry, plus the Content-Security-Policy nonce: every script React
 * renders carries it, so the policy can refuse any other inline script.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (databaseUnavailable.has(loadContext) && responseStatusCode === 500) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "10");
    responseHeaders.set("Cache-Control", "no-store");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (and WhatsApp's link preview) get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <StyleSheetProvider value={styleSheet}>
          <IconSymbolsProvider value={iconSymbols}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </IconSymbolsProvider>
        </StyleSheetProvider>
      </NonceProvider>,
      {
      nonce,
      // React moves a finished <Suspense> part (the footer) out of place once 12.8 KB are written,
      // to be put back by an inline script: on our pages that left the footer to a script and its
      // paint delay. The page goes out in one chunk per pass (RenderedChunks), so nothing is gained.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        const body = new RenderedChunks(() => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
      },
    );
  });
}
