import { useId } from "react";

/**
 * A row of toggle buttons (colours, sizes); the chosen one is pressed. A sold-out option stays in the
 * row, struck through and inert (aria-disabled rather than disabled, so it can still be reached and
 * read), and says why to screen readers as well: "38 – Esgotado".
 */
export function OptionButtons({
  label,
  options,
  value,
  onChange,
  aside,
  minWidth = false,
  attention = false,
  unavailable,
}: {
  label: string;
  options: string[];
  value: string | null;
  onChange: (option: string) => void;
  /** Shown at the end of the label row (the size guide). */
  aside?: React.ReactNode;
  /** Square-ish buttons for short values such as sizes. */
  minWidth?: boolean;
  /** Draws the eye to the group, when the shopper tried to go on without choosing. */
  attention?: boolean;
  /** Why an option cannot be chosen ("Esgotado", "Esgotado em Preto; disponível em Branco"), or null. */
  unavailable?: (option: string) => string | null;
}) {
  const labelId = useId();
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <p id={labelId} className="text-sm font-semibold">
          {label}
          {value ? <span className="font-normal text-slate-600">: {value}</span> : null}
        </p>
        {aside}
      </div>
      <div role="group" aria-labelledby={labelId} className={`mt-2 flex flex-wrap gap-2 rounded-lg ${attention ? "outline-2 outline-offset-4 outline-amber-500" : ""}`}>
        {options.map((option) => {
          const pressed = option === value;
          const reason = unavailable?.(option) ?? null;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={pressed}
              aria-disabled={reason ? true : undefined}
              title={reason ?? undefined}
              onClick={reason ? undefined : () => onChange(option)}
              className={`h-11 rounded-lg border px-3 text-sm font-semibold transition-colors ${minWidth ? "min-w-11" : ""} ${
                reason
                  ? "cursor-not-allowed border-dashed border-slate-300 bg-slate-50 text-slate-500 line-through"
                  : pressed
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:border-slate-500"
              }`}
            >
              {option}
              {reason ? <span className="sr-only"> – {reason}</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
