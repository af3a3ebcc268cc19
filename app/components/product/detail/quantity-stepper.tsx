import { useId, useState } from "react";
import { MinusIcon, PlusIcon } from "~/components/ui/icons";
import { MAX_LINE_QUANTITY } from "~/lib/cart/cart";

/**
 * − [n] + between 1 and `max` (the chosen size and colour's units, at most the cart's line maximum).
 * What is typed stays as typed until the field is left, so a shopper can clear it and type "12"; a
 * number past `max` becomes `max` at once and `onLimit` says why, as does "+" at `max` (it stays
 * enabled: a disabled button would not explain). The quantity in use is always a valid one.
 */
export function QuantityStepper({
  value,
  max = MAX_LINE_QUANTITY,
  onChange,
  onLimit,
}: {
  value: number;
  max?: number;
  onChange: (quantity: number) => void;
  onLimit?: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const ceiling = Math.max(1, Math.min(max, MAX_LINE_QUANTITY));
  const clamp = (quantity: number) => Math.min(Math.max(quantity, 1), ceiling);
  const buttonClass =
    "flex h-11 w-11 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300";

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Quantidade
      </label>
      <div className="mt-2 inline-flex items-center rounded-lg border border-slate-300">
        <button
          type="button"
          aria-label="Diminuir quantidade"
          disabled={value <= 1}
          onClick={() => {
            setDraft(null);
            onChange(clamp(value - 1));
          }}
          className={`${buttonClass} rounded-l-lg`}
        >
          <MinusIcon className="h-4 w-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={ceiling}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => {
            const typed = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(typed) && typed > ceiling) {
              setDraft(null);
              onChange(ceiling);
              if (ceiling < MAX_LINE_QUANTITY) onLimit?.();
              return;
            }
            setDraft(event.target.value);
            if (Number.isFinite(typed)) onChange(clamp(typed));
          }}
          onBlur={() => setDraft(null)}
          className="h-11 w-14 border-x border-slate-300 text-center font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Aumentar quantidade"
          disabled={value >= MAX_LINE_QUANTITY}
          onClick={() => {
            setDraft(null);
            if (value >= ceiling) onLimit?.();
            else onChange(clamp(value + 1));
          }}
          className={`${buttonClass} rounded-r-lg`}
        >
          <PlusIcon className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
