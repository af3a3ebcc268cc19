import { lazy, startTransition, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/** React writes nothing into a kept island, and leaves what is there alone (it compares the string). */
export const KEEP_SERVER_MARKUP = { __html: "" };

/**
 * A press on the server's markup, passed on once the part is rendered: to the button at the same place
 * among the island's buttons, focused (a keyboard user stays where they were).
 */
export function passOnPress(island: HTMLElement | null, buttonIndex: number) {
  const button = island?.querySelectorAll("button")[buttonIndex];
  button?.focus();
  button?.click();
}

type PartLoader<P extends object> = () => Promise<ComponentType<P>>;

/** The part as a lazy component, one per loader (islands sharing a loader share it): the same object on every render. */
const parts = new WeakMap<object, unknown>();
function partOf<P extends object>(load: PartLoader<P>): LazyExoticComponent<ComponentType<P>> {
  let part = parts.get(load) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (!part) parts.set(load, (part = lazy(() => load().then((component) => ({ default: component })))));
  return part;
}

/** A part without props takes none; a part with props must be given them. */
type IslandProps<P extends object> = {
  /** Unique in the page: the browser finds the server's markup by it. */
  id: string;
  load: PartLoader<P>;
  /** The wrapper's classes (it is the element a grid or a flex row lays out). */
  className?: string;
} & (keyof P extends never ? { props?: undefined } : { props: NoInfer<P> });

/** A click that is the browser's own business: a new tab, a download, another site. */
function leftToTheBrowser(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    link.target !== "" ||
    link.hasAttribute("download") ||
    link.origin !== window.location.origin
  );
}

/**
 * A part of the page the server renders and the browser does not hydrate (docs/decisions/0021-server-islands.md):
 * its code is not among the page's first scripts. `load` imports the part (a component reading
 * what it shows from the routes' data, or from `props`); the server renders it (its one-file build
 * has it at once), and the browser only when it must:
 * - the island mounts without the server's markup (after a client-side navigation, or a hydration
 *   React gave up on): the navigation's transition waits for the code, so the page comes whole;
 * - a button in the island is pressed: the server's markup stays until the code is here, then the
 *   part replaces it and the press is passed on to the same button, focused (a keyboard user stays
 *   where they were).
 * Until then its internal links move inside the app, as a `<Link>` would. What the server wrote stays
 * as it was until the part is rendered (a revalidation, or new `props`, does not change it).
 */
export function ServerIsland<P extends object = Record<never, never>>({ id, load, className, props }: IslandProps<P>) {
  const navigate = useNavigate();
  const island = useRef<HTMLDivElement>(null);
  const [kept, setKept] = useState(() => typeof document === "undefined" || Boolean(document.getElementById(id)?.hasChildNodes()));
  const pressedButton = useRef<number | null>(null);
  const Part = partOf(load);

  useEffect(() => {
    if (kept) {
      if (!island.current?.hasChildNodes()) startTransition(() => setKept(false));
      return;
    }
    if (pressedButton.current === null) return;
    passOnPress(island.current, pressedButton.current);
    pressedButton.current = null;
  }, [kept]);

  function interact(event: MouseEvent<HTMLDivElement>) {
    const target = event.target as Element;
    const link = target.closest("a");
    if (link) {
      if (leftToTheBrowser(event, link)) return;
      event.preventDefault();
      void navigate(`${link.pathname}${link.search}${link.hash}`);
      return;
    }
    const button = target.closest("button");
    if (!button || pressedButton.current !== null) return;
    pressedButton.current = [...event.currentTarget.querySelectorAll("button")].indexOf(button);
    // A transition: what is on screen stays until the part's code has arrived.
    startTransition(() => setKept(false));
  }

  if (kept && !import.meta.env.SSR) {
    // A click handler on a plain container: the links and buttons inside are the server's (a key
    // press on them is a click too).
    return (
      <div
        id={id}
        ref={island}
        className={className}
        onClick={interact}
        dangerouslySetInnerHTML={KEEP_SERVER_MARKUP}
        suppressHydrationWarning
      />
    );
  }
  return (
    // A new element, not the server's with its markup emptied (`key`): nothing of it is kept.
    <div key={import.meta.env.SSR ? undefined : "rendered"} id={id} ref={island} className={className}>
      <Part {...((props ?? {}) as P)} />
    </div>
  );
}
