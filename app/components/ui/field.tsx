import { useId } from "react";
import type { InputLimits } from "~/lib/forms/form-limits";

type Described = { label: string; name: string; error?: string; hint?: string };

function controlClass(error?: string) {
  return `mt-1 w-full rounded-lg border bg-white px-3 py-2.5 text-base read-only:bg-slate-100 ${error ? "border-red-600" : "border-slate-300"}`;
}

/**
 * Label, control, hint and error of one form field, with the hint and error announced to screen
 * readers through aria-describedby. `control` gets the id and ARIA props to spread on the element.
 */
function FieldShell({
  label,
  error,
  hint,
  className = "",
  control,
}: Omit<Described, "name"> & {
  className?: string;
  control: (props: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined; className: string }) => React.ReactNode;
}) {
  const id = useId();
  // The same value with or without an error: the error's element is always there (empty and hidden
  // without one), so the reference never points at nothing (tests/e2e/id-references.ts).
  const describedBy = hint ? `${id}-error ${id}-hint` : `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, className: controlClass(error) })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}

/** A labelled input with its error beside it, announced to screen readers. */
export function Field({ label, name, error, hint, className, ...input }: React.InputHTMLAttributes<HTMLInputElement> & Described) {
  return <FieldShell label={label} error={error} hint={hint} className={className} control={(props) => <input name={name} {...props} {...input} />} />;
}

/** The textarea twin of Field. */
export function TextareaField({ label, name, error, hint, className, ...textarea }: React.TextareaHTMLAttributes<HTMLTextAreaElement> & Described) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className} control={(props) => <textarea name={name} {...props} {...textarea} />} />
  );
}

/**
 * A labelled select whose first option is empty ('Selecione…', or `emptyOption`; none when it is null).
 * It takes a form's `field(name)` whole: the limits of a typed value mean nothing to a select.
 */
export function SelectField({
  label,
  name,
  error,
  hint,
  className,
  options,
  emptyOption = "Selecione…",
  min: _min,
  max: _max,
  maxLength: _maxLength,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> &
  Described &
  Omit<InputLimits, "required"> & { options: readonly { value: string; label: string }[]; emptyOption?: string | null }) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(props) => (
        <select name={name} {...props} {...select}>
          {emptyOption === null ? null : <option value="">{emptyOption}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
