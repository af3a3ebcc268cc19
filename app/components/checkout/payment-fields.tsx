import { SelectField } from "~/components/ui/field";
import type { FormField } from "~/components/ui/use-form";
import { installmentOptions } from "~/lib/payments/installments";
import { formatBRL } from "~/lib/format/money";
import { PAYMENT_METHODS } from "~/lib/payments/payment-methods";
import type { Settings } from "~/lib/group/settings";
import { ChoiceCard } from "./choice-card";

/** The payment methods the shop takes, and the instalments the chosen one allows for the total. */
export function PaymentFields({
  field,
  method,
  onMethodChange,
  settings,
  totalCents,
}: {
  field: FormField;
  method: string;
  onMethodChange: (method: string) => void;
  settings: Pick<Settings, "paymentMethods" | "maxInstallments">;
  totalCents: number;
}) {
  const enabled = PAYMENT_METHODS.filter((payment) => settings.paymentMethods[payment.key]);
  const installments = installmentOptions(settings, method, totalCents);
  const { error } = field("paymentMethod");
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold">Pagamento</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {enabled.map((payment) => (
          <ChoiceCard key={payment.value} name="paymentMethod" value={payment.value} checked={method === payment.value} onChange={() => onMethodChange(payment.value)}>
            {payment.label}
          </ChoiceCard>
        ))}
      </div>
      {installments.length > 1 ? (
        <SelectField
          label="Parcelas"
          {...field("installments")}
          emptyOption={null}
          defaultValue="1"
          className="sm:w-72"
          options={installments.map(({ count, eachCents }) => ({ value: String(count), label: `${count}x de ${formatBRL(eachCents)} sem juros` }))}
        />
      ) : (
        <input type="hidden" name="installments" value="1" />
      )}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </fieldset>
  );
}
