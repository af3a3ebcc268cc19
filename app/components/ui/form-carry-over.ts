/**
 * What a shopper did in a form island's server markup before its code arrived (form-island.tsx): the
 * fields typed in or chosen, the focused field and its caret. Read from the server's markup as React
 * removes it, and given to the rendered part's fields (found in the same order) in the same commit, so no
 * keystroke falls between the two. Fetched with a form island's part, not with the page.
 */
export type FormState = {
  /** Each field's index among the island's fields, and what it holds now. */
  changed: { index: number; value: string; checked: boolean }[];
  focused: { index: number; start: number | null; end: number | null; direction: "forward" | "backward" | "none" | null } | null;
};

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const fieldsOf = (island: Element) => [...island.querySelectorAll<Field>("input, select, textarea")];

const isCheckable = (field: Field): field is HTMLInputElement => field.type === "checkbox" || field.type === "radio";

function wasChanged(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return isCheckable(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
}

/** Selection is not readable on every input type (an e-mail field throws): null there. */
function selectionOf(field: Field) {
  try {
    return field instanceof HTMLSelectElement ? null : { start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection };
  } catch {
    return null;
  }
}

export function readFormState(island: Element): FormState {
  const fields = fieldsOf(island);
  const active = document.activeElement;
  const focusedIndex = fields.findIndex((field) => field === active);
  return {
    changed: fields.flatMap((field, index) => (wasChanged(field) ? [{ index, value: field.value, checked: isCheckable(field) && field.checked }] : [])),
    focused: focusedIndex < 0 ? null : { index: focusedIndex, start: null, end: null, direction: null, ...selectionOf(fields[focusedIndex]!) },
  };
}

/** The values, the focus and the caret, in the commit (before the browser paints or takes a key). */
export function restoreFormState(state: FormState, island: Element) {
  const fields = fieldsOf(island);
  for (const { index, value } of state.changed) {
    const field = fields[index];
    // Through the prototype's setter: React's own tracker keeps the old value, so the event passed on
    // below is a change to it (its onChange runs).
    if (field && !isCheckable(field)) Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
  }
  const focused = state.focused && fields[state.focused.index];
  if (!focused || !state.focused) return;
  focused.focus({ preventScroll: true });
  const { start, end, direction } = state.focused;
  if (start !== null && end !== null && !(focused instanceof HTMLSelectElement)) {
    try {
      focused.setSelectionRange(start, end, direction ?? undefined);
    } catch {
      // An input type without a caret.
    }
  }
}

/** Each change is passed on to the rendered field, as if made there: the part reacts as it would have. */
export function passOnFormChanges(state: FormState, island: Element) {
  const fields = fieldsOf(island);
  for (const { index, checked } of state.changed) {
    const field = fields[index];
    if (!field) continue;
    // A checkbox or radio button changes with a click, React's change event for them.
    if (isCheckable(field)) {
      if (field.checked !== checked) field.click();
    } else field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}

/**
 * Resolves when the part may replace the server's form: at once, unless a select is focused (its list
 * may be open, and would close under the shopper's finger), then once it is changed or left.
 */
export function selectClosed(): Promise<void> {
  const active = document.activeElement;
  if (!(active instanceof HTMLSelectElement)) return Promise.resolve();
  return new Promise((resolve) => {
    active.addEventListener("change", () => resolve(), { once: true });
    active.addEventListener("blur", () => resolve(), { once: true });
  });
}
