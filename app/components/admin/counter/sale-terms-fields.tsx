import { maskCpf } from "~/lib/format/documents";
import { formatBRL, instalmentCents } from "~/lib/format/money";

/** Crédito's instalments: 1x up to the settings' most, each with its value. */
export function InstallmentsField({ totalCents, maxInstallments, value, onChange, error }: {
  totalCents: number;
  maxInstallments: number;
  value: number;
  onChange: (installments: number) => void;
  error: string | undefined;
}) {
  return (
    <label className="block text-sm font-semibold">
      Parcelas
      <select
        name="installments"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-invalid={error ? true : undefined}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-lg"
      >
        {Array.from({ length: Math.max(1, maxInstallments) }, (_, index) => index + 1).map((count) => (
          <option key={count} value={count}>
            {count === 1 ? `À vista (${formatBRL(totalCents)})` : `${count}x de ${formatBRL(instalmentCents(totalCents, count))}`}
          </option>
        ))}
      </select>
      {error ? <span className="mt-1 block font-medium text-red-700">{error}</span> : null}
    </label>
  );
}

/**
 * What a sale may carry besides the items: the clerk's discount (in reais) and "CPF na nota" when the
 * customer asks. Folded away: most sales have neither, and the thumb stays on the total.
 */
export function DiscountAndCpfFields({ discount, onDiscountChange, errors }: {
  discount: string;
  onDiscountChange: (text: string) => void;
  errors: Record<string, string | undefined>;
}) {
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3" open={Boolean(errors.discount || errors.cpf || discount)}>
      <summary className="cursor-pointer text-sm font-semibold">Desconto ou CPF na nota</summary>
      <div className="mt-3 space-y-3">
        <label className="block text-sm font-semibold">
          Desconto (R$)
          <input
            name="discount"
            value={discount}
            onChange={(event) => onDiscountChange(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            aria-invalid={errors.discount ? true : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2.5 text-lg"
          />
          {errors.discount ? <span className="mt-1 block font-medium text-red-700">{errors.discount}</span> : null}
        </label>
        <label className="block text-sm font-semibold">
          CPF na nota (opcional)
          <input
            name="cpf"
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            onChange={(event) => (event.target.value = maskCpf(event.target.value))}
            aria-invalid={errors.cpf ? true : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2.5 text-lg"
          />
          {errors.cpf ? <span className="mt-1 block font-medium text-red-700">{errors.cpf}</span> : null}
        </label>
      </div>
    </details>
  );
}
