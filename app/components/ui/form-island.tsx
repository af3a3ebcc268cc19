import { lazy, startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type MouseEvent } from "react";
import type * as CarryOver from "./form-carry-over";
import { KEEP_SERVER_MARKUP, passOnPress } from "./server-island";

type FormLoader = () => Promise<ComponentType>;

/** What a shopper did in the server's form, carried over (form-carry-over.ts): fetched with the part. */
let carryOver: typeof CarryOver | null = null;

/** The form as a lazy component, one per island, with the carry-over code. */
const forms = new WeakMap<FormLoader, ComponentType>();
function formOf(load: FormLoader): ComponentType {
  let form = forms.get(load);
  if (!form) {
    const loadAll = () =>
      Promise.all([load(), import("./form-carry-over")]).then(async ([component, module]) => {
        carryOver = module;
        // A select's list may be open: replacing the form would close it under the shopper's finger.
        if (!import.meta.env.SSR) await module.selectClosed();
        return { default: component };
      });
    forms.set(load, (form = lazy(loadAll)));
  }
  return form;
}

/**
 * A form the server renders and the browser keeps as the server's markup until the shopper starts it:
 * a server island (server-island.tsx, docs/decisions/0021-server-islands.md) for a form below the first
 * screen, whose code (the form, its error handling) is then not among the page's first scripts.
 * The form's code is fetched when a field is first focused or changed, or a button in it is pressed
 * (or at once, when the island mounts without the server's markup: a client-side navigation):
 * - until it is here, the shopper types in the server's fields; then the form replaces them, in the
 *   same commit, with what was typed or chosen, the focused field and its caret, and each change is
 *   passed on to the form's field, as if made there;
 * - a button pressed meanwhile (the submit) waits for it, and is then passed on to the same button:
 *   the form is checked and sent as it always is. Without JavaScript the form posts as it is.
 * The part takes no props: it reads what it shows from the routes' data.
 */
export function FormIsland({ id, load }: { id: string; load: FormLoader }) {
  const island = useRef<HTMLDivElement>(null);
  const [kept, setKept] = useState(() => typeof document === "undefined" || Boolean(document.getElementById(id)?.hasChildNodes()));
  const pressedButton = useRef<number | null>(null);
  const carried = useRef<CarryOver.FormState | null>(null);
  const Form = formOf(load);

  // In the commit that inserts the form: before the browser paints or takes a key.
  useLayoutEffect(() => {
    if (!kept && carried.current && island.current) carryOver?.restoreFormState(carried.current, island.current);
  }, [kept]);

  useEffect(() => {
    if (kept) {
      if (!island.current?.hasChildNodes()) render();
      return;
    }
    // The changes first, then the press: a store chosen, then 'Enviar'.
    if (carried.current && island.current) carryOver?.passOnFormChanges(carried.current, island.current);
    carried.current = null;
    if (pressedButton.current === null) return;
    passOnPress(island.current, pressedButton.current);
    pressedButton.current = null;
  }, [kept]);

  // A transition: what is on screen stays until the form's code has arrived.
  function render() {
    startTransition(() => setKept(false));
  }

  function press(event: MouseEvent<HTMLDivElement>) {
    const button = (event.target as Element).closest("button");
    if (!button) return;
    event.preventDefault();
    if (pressedButton.current !== null) return;
    pressedButton.current = [...event.currentTarget.querySelectorAll("button")].indexOf(button);
    render();
  }

  if (kept && !import.meta.env.SSR) {
    return (
      <div
        id={id}
        ref={(element) => {
          island.current = element;
          // Called as React removes the server's markup, in the commit that inserts the form (and on
          // each render before it): what the shopper did there, to carry over.
          return () => void (carried.current = element && carryOver ? carryOver.readFormState(element) : null);
        }}
        onClick={press}
        // A field's first focus or change, not a press (pointerdown): the form must not replace the
        // element being pressed before the press ends, or the browser drops its click.
        onFocus={(event) => event.target.matches("input, select, textarea") && render()}
        onInput={render}
        dangerouslySetInnerHTML={KEEP_SERVER_MARKUP}
        suppressHydrationWarning
      />
    );
  }
  return (
    // A new element, not the server's with its markup emptied (`key`): nothing of it is kept.
    <div key={import.meta.env.SSR ? undefined : "rendered"} id={id} ref={island}>
      <Form />
    </div>
  );
}
