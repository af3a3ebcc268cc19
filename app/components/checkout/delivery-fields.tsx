import { Field, SelectField } from "~/components/ui/field";
import type { FormField } from "~/components/ui/use-form";
import { BRAZILIAN_STATES } from "~/lib/orders/checkout.schema";
import type { DeliveryMethod } from "~/lib/delivery/delivery";
import { formatBRL } from "~/lib/format/money";
import type { Settings } from "~/lib/group/settings";
import { ChoiceCard } from "./choice-card";

const STATE_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state, label: state }));

/** Delivery to an address (fee from the settings, by city) or pick-up at one of the stores. */
export function DeliveryFields({
  field,
  method,
  onMethodChange,
  settings,
  locations,
  defaultAddress,
}: {
  field: FormField;
  method: DeliveryMethod;
  onMethodChange: (method: DeliveryMethod) => void;
  settings: Pick<Settings, "deliveryCities" | "deliveryDays" | "deliveryFeeCents" | "freeShippingMinCents">;
  locations: readonly { id: number; name: string; address: string }[];
  defaultAddress: string | undefined;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-bold">Entrega</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <ChoiceCard name="deliveryMethod" value="delivery" checked={method === "delivery"} onChange={() => onMethodChange("delivery")}>
          Entregar no meu endereço
        </ChoiceCard>
        <ChoiceCard name="deliveryMethod" value="pickup" checked={method === "pickup"} onChange={() => onMethodChange("pickup")}>
          Retirar na loja (grátis)
        </ChoiceCard>
      </div>
      {method === "pickup" ? (
        <SelectField
          label="Loja para retirada"
          {...field("pickupLocationId")}
          emptyOption="Escolha a loja"
          defaultValue=""
          options={locations.map((location) => ({ value: String(location.id), label: `${location.name} — ${location.address}` }))}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <Field label="CEP (opcional)" {...field("cep")} inputMode="numeric" autoComplete="postal-code" placeholder="55560-000" />
            <Field label="Endereço" {...field("address")} autoComplete="address-line1" defaultValue={defaultAddress} />
          </div>
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <Field label="Número" {...field("number")} />
            <Field label="Complemento (opcional)" {...field("complement")} autoComplete="address-line2" />
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_1fr_6rem]">
            <Field label="Bairro" {...field("neighborhood")} />
            <Field label="Cidade" {...field("city")} autoComplete="address-level2" list="delivery-cities" />
            <SelectField label="Estado" {...field("state")} emptyOption={null} defaultValue="PE" autoComplete="address-level1" options={STATE_OPTIONS} />
          </div>
          <datalist id="delivery-cities">
            {settings.deliveryCities.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
          <p className="text-sm text-slate-600">
            Entregamos em {settings.deliveryCities.join(", ")} ({settings.deliveryDays}): {formatBRL(settings.deliveryFeeCents)}, grátis acima de{" "}
            {formatBRL(settings.freeShippingMinCents)}. Outras cidades: frete a combinar.
          </p>
        </>
      )}
    </fieldset>
  );
}
