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

/** How long hydration waits for the first pictures at most: a slow or broken picture must not hold the page's code back. */
const FIRST_PICTURES_WAIT_MS = 1_500;

/**
 * Resolves once the page's first pictures (the ones it fetches first: `fetchpriority="high"`, the
 * list's first cards, a product's photo) are painted, or have failed, or after FIRST_PICTURES_WAIT_MS.
 * They are usually the page's largest paint: hydration's long tasks started before them would make
 * that paint wait behind them on a slow phone. Its scripts, five times the bytes, rarely arrive first.
 */
function afterFirstPictures(): Promise<void> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  if (pictures.length === 0) return Promise.resolve();
  // decode() settles once a picture is loaded and ready to paint (at once if it already is), or has failed.
  const decoded = Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined)));
  return Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, FIRST_PICTURES_WAIT_MS))]).then(afterFirstPaint);
}

void afterFirstPaint()
  .then(afterFirstPictures)
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
