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

void routerDataDecoded().then(() => {
  removeHoistedPreloads();
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
