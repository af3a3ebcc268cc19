import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Resolves once the browser has painted the server's page, so hydration never delays the first paint
 * on a slow phone: the shopper reads the page while React hydrates it (in slices, inside a
 * transition). A hidden tab does not paint: there the timeout lets it go on.
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

void afterFirstPaint().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
