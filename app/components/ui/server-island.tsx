import { lazy, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/** React writes nothing into a kept island, and leaves what is there alone (it compares the string). */
const KEEP_SERVER_MARKUP = { __html: "" };

type PartLoader = () => Promise<ComponentType>;

/**
 * On the server, the part itself: its module is already in the server's one-file build, so the render
 * waits only for a resolved import. One per island, made once.
 */
const serverParts = new WeakMap<PartLoader, LazyExoticComponent<ComponentType>>();
function serverPart(load: PartLoader) {
  let part = serverParts.get(load);
  if (!part) serverParts.set(load, (part = lazy(() => load().then((component) => ({ default: component })))));
  return part;
}

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
 * A part of the page the server renders and the browser does not hydrate (docs/decisions/server-islands.md):
 * its code is not among the page's first scripts. `load` imports the part (a component without
 * props); the server renders it, and the browser only when it must:
 * - the layout mounted without the server's markup (after a client-side navigation from another
 *   layout, or a hydration React gave up on): at once;
 * - a button in the island is pressed: the part replaces the server's markup and the press is passed
 *   on to the same button, focused, so a keyboard user stays where they were.
 * Until then its internal links move inside the app, as a `<Link>` would. What the server wrote stays
 * as it was until the next full page load (a revalidation does not change it).
 */
export function ServerIsland({ id, load }: { id: string; load: PartLoader }) {
  const navigate = useNavigate();
  const island = useRef<HTMLDivElement>(null);
  const [serverMarkup, setServerMarkup] = useState(() => typeof document === "undefined" || Boolean(document.getElementById(id)?.hasChildNodes()));
  const [Part, setPart] = useState<ComponentType | null>(null);
  const pressedButton = useRef<number | null>(null);

  useEffect(() => {
    if (serverMarkup && !island.current?.hasChildNodes()) setServerMarkup(false);
    else if (!serverMarkup) void load().then((part) => setPart(() => part), () => undefined);
    // `load` is fixed for an island; what changes is whether its markup is there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverMarkup]);

  useEffect(() => {
    if (!Part || pressedButton.current === null) return;
    const button = island.current?.querySelectorAll("button")[pressedButton.current];
    pressedButton.current = null;
    button?.focus();
    button?.click();
  }, [Part]);

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
    // The server's markup stays until the code is here: nothing moves meanwhile.
    void load().then(
      (part) => setPart(() => part),
      () => (pressedButton.current = null),
    );
  }

  if (import.meta.env.SSR) {
    const ServerPart = serverPart(load);
    return (
      <div id={id}>
        <ServerPart />
      </div>
    );
  }
  if (Part) {
    return (
      <div key="rendered" id={id} ref={island}>
        <Part />
      </div>
    );
  }
  if (serverMarkup) {
    // A click handler on a plain container: the links and buttons inside are the server's (a key
    // press on them is a click too).
    return <div id={id} ref={island} onClick={interact} dangerouslySetInnerHTML={KEEP_SERVER_MARKUP} suppressHydrationWarning />;
  }
  return <div key="rendered" id={id} ref={island} />;
}
