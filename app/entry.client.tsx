import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * HydratedRouter first decodes the data the server streamed into the page, and suspends (throws that
 * promise) until it is done. React waits at the root; Preact, our browser runtime (vite.config.ts),
 * cannot resume hydrating the whole document after a suspension. So the decoding runs first: calling
 * the component outside a render starts it and throws the promise, and once it settles the router
 * exists and hydration never suspends. (The later call stops at its first hook, outside a render.)
 */
async function routerDataDecoded() {
  for (;;) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

/**
 * React's server rendering hoists the preloads it adds (modules, priority images) to the top of
 * `<head>`. Preact hydrates by matching each element with the next unused one of the same tag, so it
 * would take those for the icon and canonical `<link>`s; they have done their job (the fetches have
 * started), so they go before hydration.
 */
function removeHoistedPreloads() {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')) link.remove();
}

/**
 * Resolves once the browser has painted the server's page. Hydrating is one long task on a slow phone
 * (Preact does not split it as React does); after the first paint, the shopper reads the page while it
 * runs instead of waiting for it. A hidden tab does not paint: there the timeout lets it go on.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 250);
    // The frame callback runs just before a paint; a task queued from it runs after that paint.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

void Promise.all([routerDataDecoded(), afterFirstPaint()]).then(() => {
  removeHoistedPreloads();
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
