import { useId, useState } from "react";
import { CloseIcon, PlusIcon } from "~/components/ui/icons";
import { splitOptionText } from "~/lib/catalog/option-text";
import { typedOptionsField } from "~/lib/catalog/product-form-fields";
import { normalizeSearchText } from "~/lib/format/search-text";

/** The typed values not yet in the list (ignoring case and accents, also among themselves), and those that were. */
function newAndRepeated(values: string[], typed: string[]) {
  const seen = new Set(values.map(normalizeSearchText));
  const added: string[] = [];
  const repeated: string[] = [];
  for (const value of typed) {
    const key = normalizeSearchText(value);
    if (seen.has(key)) repeated.push(value);
    else {
      seen.add(key);
      added.push(value);
    }
  }
  return { added, repeated };
}

/** What an addition did, said aloud: "Cor “Preto” adicionada. “Azul” já está na lista." */
function additionNote(added: string[], repeated: string[], itemLabel: string, feminine: boolean): string {
  const noun = `${itemLabel[0]!.toUpperCase()}${itemLabel.slice(1)}`;
  const quoted = (list: string[]) => list.map((value) => `“${value}”`).join(", ");
  const addedNote =
    added.length === 0
      ? ""
      : added.length === 1
        ? `${noun} ${quoted(added)} ${feminine ? "adicionada" : "adicionado"}.`
        : `${added.length} ${itemLabel === "cor" ? "cores" : `${itemLabel}s`} ${feminine ? "adicionadas" : "adicionados"}: ${quoted(added)}.`;
  const repeatedNote = repeated.length === 0 ? "" : `${quoted(repeated)} já ${repeated.length === 1 ? "está" : "estão"} na lista.`;
  return [addedNote, repeatedNote].filter(Boolean).join(" ");
}

type OptionListInputProps = {
  label: string;
  /** 'tamanho', 'cor': for the buttons' accessible names. */
  itemLabel: string;
  /** The item's noun is feminine ('cor'): "Cor “Preto” adicionada". */
  feminine?: boolean;
  name: "sizes" | "colors";
  /** The list, kept by the form: the stock grid follows it as it changes. */
  values: string[];
  onValuesChange: (values: string[]) => void;
  placeholder: string;
  maxLength: number;
  error?: string;
};

/**
 * Sizes or colours as removable chips, added with the button or Enter, several at once ('28, 29, 30',
 * '34-39': splitOptionText); a value already in the list (ignoring case and accents) is not added
 * twice. Each chip is a hidden field; the text box is `typedOptionsField`, so a value typed but not
 * yet added is still saved, split the same way (the server drops blanks and repeats).
 */
export function OptionListInput({ label, itemLabel, feminine = false, name, values, onValuesChange, placeholder, maxLength, error }: OptionListInputProps) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [note, setNote] = useState("");

  function add() {
    const typed = splitOptionText(draft);
    if (typed.length === 0) return;
    const { added, repeated } = newAndRepeated(values, typed);
    if (added.length) onValuesChange([...values, ...added]);
    setNote(additionNote(added, repeated, itemLabel, feminine));
    setDraft("");
  }

  return (
    <div className="min-w-0">
      {/* Before the text box, so a value typed but not added comes last. */}
      {values.map((value) => (
        <input key={value} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name={typedOptionsField(name)}
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the value instead of sending the whole form.
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          aria-invalid={error ? true : undefined}
          // One value whether or not there is an error: both elements are always rendered.
          aria-describedby={`${id}-note ${id}-error`}
          className={`min-w-0 flex-1 rounded-lg border px-3 py-2.5 text-base ${error ? "border-red-600" : "border-slate-300"}`}
        />
        <button type="button" onClick={add} className="flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50">
          <PlusIcon className="h-4 w-4" />
          Adicionar
        </button>
      </div>
      <p id={`${id}-note`} className="mt-1 text-xs text-slate-600" aria-live="polite">
        {note}
      </p>
      <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
      {values.length ? (
        <OptionChips
          values={values}
          label={label}
          itemLabel={itemLabel}
          onRemove={(value) => {
            onValuesChange(values.filter((existing) => existing !== value));
            setNote("");
          }}
        />
      ) : null}
    </div>
  );
}

function OptionChips({ values, label, itemLabel, onRemove }: { values: string[]; label: string; itemLabel: string; onRemove: (value: string) => void }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
      {values.map((value) => (
        <li key={value} className="flex items-center gap-1 rounded-full bg-slate-200 py-1 pl-3 pr-1 text-sm font-semibold">
          {value}
          <button
            type="button"
            onClick={() => onRemove(value)}
            aria-label={`Remover ${itemLabel} ${value}`}
            className="rounded-full p-1 hover:bg-slate-300"
          >
            <CloseIcon className="h-3.5 w-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
