import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { pickedIdsText, productPickerUrl, type PickableProduct } from "~/lib/catalog/product-picker";
import { formatBRL } from "~/lib/format/money";

type Props = {
  label: string;
  /** The form field that carries the chosen products' codes, "12, 15" (as the forms always read them). */
  name: string;
  /** One product (a new choice replaces it) or several (each added to the list). */
  multiple?: boolean;
  /** The products already chosen (an edited coupon's). */
  initial?: PickableProduct[];
  hint?: string;
  error?: string;
  required?: boolean;
};

/**
 * The combobox's state: what is chosen, what is typed, the options found for it (asked after a pause
 * in the typing) and the active one, and the line said to a screen reader after each change.
 */
function useProductCombobox(initial: PickableProduct[], multiple: boolean, inputRef: React.RefObject<HTMLInputElement | null>) {
  const [chosen, setChosen] = useState<PickableProduct[]>(initial);
  const [query, setQuery] = useState("");
  const [options, setOptions] = useState<PickableProduct[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");

  useEffect(() => {
    const typed = query.trim();
    // One letter finds half the catalogue; one digit is a product's code.
    if (typed.length < 2 && !/^\d$/.test(typed)) {
      setOptions([]);
      setStatus("");
      return;
    }
    const controller = new AbortController();
    // A pause in the typing, not every key: a phone on 3G asks once per word.
    const timer = setTimeout(() => {
      fetch(productPickerUrl(typed), { signal: controller.signal, headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ products: PickableProduct[] }>) : Promise.reject(new Error(String(response.status)))))
        .then(({ products }) => {
          setOptions(products);
          setActive(products.length ? 0 : -1);
          setOpen(true);
          setStatus(products.length ? `${products.length} ${products.length === 1 ? "produto encontrado" : "produtos encontrados"}` : "Nenhum produto encontrado");
        })
        .catch((reason: unknown) => {
          if (!controller.signal.aborted) setStatus(`A busca falhou (${reason instanceof Error ? reason.message : "sem conexão"}). Tente de novo.`);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choose = (product: PickableProduct) => {
    setChosen((current) => (multiple ? (current.some((item) => item.id === product.id) ? current : [...current, product]) : [product]));
    setQuery("");
    setOptions([]);
    setOpen(false);
    setActive(-1);
    setStatus(`${product.name} escolhido`);
  };
  const remove = (product: PickableProduct) => {
    setChosen((current) => current.filter((item) => item.id !== product.id));
    setStatus(`${product.name} removido`);
    inputRef.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === "ArrowUp" && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === "Enter") {
      // Enter chooses; it never sends the form half-filled.
      if (open && active >= 0 && options[active]) {
        event.preventDefault();
        choose(options[active]);
      } else if (query.trim()) {
        event.preventDefault();
      }
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const changeQuery = (value: string) => {
    setQuery(value);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const expanded = open && options.length > 0;

  return { chosen, query, options, active, status, expanded, changeQuery, close, choose, remove, onKeyDown };
}

/**
 * Products chosen by name: a search-as-you-type combobox (WAI-ARIA 1.2: the input owns a listbox,
 * arrows move the active option, Enter chooses it, Escape closes), asking the admin's endpoint as the
 * clerk types; the chosen ones are listed with a button each to take it out. Before hydration the
 * field is the plain text box of codes it replaces, so the form still posts.
 */
export function ProductPicker({ label, name, multiple = false, initial = [], hint, error, required }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const listId = `${id}-opcoes`;
  const inputRef = useRef<HTMLInputElement>(null);
  const { chosen, query, options, active, status, expanded, changeQuery, close, choose, remove, onKeyDown } = useProductCombobox(initial, multiple, inputRef);
  const describedBy = [hint ? `${id}-dica` : null, `${id}-erro`].filter(Boolean).join(" ");

  if (!hydrated) return <ProductCodesField id={id} label={label} name={name} required={required} initial={initial} error={error} />;

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input type="hidden" name={name} value={pickedIdsText(chosen.map((product) => product.id))} />
      {chosen.length ? <ChosenProducts label={label} chosen={chosen} onRemove={remove} /> : null}
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Digite o nome do produto"
          value={query}
          required={required && chosen.length === 0}
          onChange={(event) => changeQuery(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={close}
          className={`mt-1 w-full rounded-lg border bg-white px-3 py-2.5 text-base ${error ? "border-red-600" : "border-slate-300"}`}
        />
        <ProductOptions listId={listId} label={label} options={options} active={active} expanded={expanded} onChoose={choose} />
      </div>
      {hint ? (
        <p id={`${id}-dica`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-erro`} className="mt-1 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

/** Before hydration: the plain text box of codes the combobox replaces, so the form still posts. */
function ProductCodesField({ id, label, name, required, initial, error }: { id: string; label: string; name: string; required?: boolean; initial: PickableProduct[]; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label} (códigos separados por vírgula)
      </label>
      <input id={id} name={name} required={required} defaultValue={pickedIdsText(initial.map((product) => product.id))} aria-describedby={`${id}-erro`} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base" />
      <p id={`${id}-erro`} className="mt-1 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}

function ChosenProducts({ label, chosen, onRemove }: { label: string; chosen: PickableProduct[]; onRemove: (product: PickableProduct) => void }) {
  return (
      <ul className="mt-1 flex flex-wrap gap-2" aria-label={`${label}: escolhidos`}>
        {chosen.map((product) => (
          <li key={product.id} className="flex min-w-0 max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm">
            <span className="min-w-0 wrap-anywhere">{product.name}</span>
            <button
              type="button"
              onClick={() => onRemove(product)}
              className="rounded-full px-2 py-0.5 text-base leading-none text-slate-700 hover:bg-slate-200"
              aria-label={`Remover ${product.name}`}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
  );
}

function ProductOptions({ listId, label, options, active, expanded, onChoose }: {
  listId: string;
  label: string;
  options: PickableProduct[];
  active: number;
  expanded: boolean;
  onChoose: (product: PickableProduct) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={label}
      hidden={!expanded}
      className="absolute right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-300 bg-white shadow-lg"
    >
      {options.map((product, index) => (
        <li
          key={product.id}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          // mousedown, not click: the input's blur would close the list before the click lands.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(product);
          }}
          className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-brand-50 text-slate-900" : ""}`}
        >
          <span className="block font-medium wrap-anywhere">{product.name}</span>
          <span className="block text-xs text-slate-600">
            {[`Cód. ${product.id}`, product.shopName, product.priceCents === null ? "Consultar preço" : formatBRL(product.priceCents), product.active ? null : "inativo"]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </li>
      ))}
    </ul>
  );
}
