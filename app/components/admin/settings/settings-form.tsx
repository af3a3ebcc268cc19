import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { useTimedFlag } from "~/components/product/use-timed-flag";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { fieldErrors, type FieldErrors } from "~/lib/form-errors";
import { PAYMENT_METHODS, type EditableLocation, type Settings } from "~/lib/settings";
import {
  coordinateInput,
  NOTIFICATION_FIELDS,
  parseSettingsForm,
  PIX_LIMITS,
  reaisInput,
  SETTINGS_MESSAGES,
} from "~/lib/settings-form.schema";
import { STORE_ARTICLES } from "~/lib/store-name";
import { isPlaceholderWhatsApp } from "~/lib/whatsapp";
import { StatusMessagesFields } from "./status-messages-fields";

export type SettingsActionResult = { ok: boolean; errors: FieldErrors };

type Props = {
  settings: Settings;
  locations: EditableLocation[];
  /** Changes when a save lands, so the inputs show the values as stored (e.g. the Instagram @). */
  version: string;
};

/**
 * The settings form. Checked in the browser with the action's own schema, then sent by a fetcher;
 * 'Salvo!' shows for 3 s after a save and any edit clears it, as in the shop's earlier admin.
 */
export function SettingsForm({ settings, locations, version }: Props) {
  const fetcher = useFetcher<SettingsActionResult>();
  const [saved, showSaved, clearSaved] = useTimedFlag(3000);
  const [state, setState] = useState<{ source: SettingsActionResult | undefined; errors: FieldErrors }>({ source: undefined, errors: {} });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (result && state.source !== result) setState({ source: result, errors: result.errors });
  const { errors } = state;

  useEffect(() => {
    if (result?.ok) showSaved();
  }, [result, showSaved]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = parseSettingsForm(new FormData(form));
    if (parsed.success) {
      setState({ source: state.source, errors: {} });
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setState({ source: state.source, errors: found });
    const first = Object.keys(found).find((key) => key !== "form");
    if (first) form.querySelector<HTMLElement>(`[name="${first}"], [name^="${first}."]`)?.focus();
  }

  // `input`, not `change`: it fires on every keystroke, and for checkboxes and selects as well.
  function onChange(event: React.FormEvent<HTMLFormElement>) {
    clearSaved();
    const name = (event.target as HTMLInputElement).name;
    const owner = Object.keys(errors).find((key) => key === name || (name.startsWith(`${key}.`) && key === "paymentMethods"));
    if (!owner && !errors.form) return;
    const next = { ...errors };
    if (owner) delete next[owner];
    delete next.form;
    setState({ source: state.source, errors: next });
  }

  const busy = fetcher.state !== "idle";
  const hasFieldErrors = Object.keys(errors).some((key) => key !== "form");

  return (
    <fetcher.Form key={version} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-6">
      <Section title="Loja">
        <Field label="Nome da loja" name="storeName" defaultValue={settings.storeName} maxLength={100} error={errors.storeName} />
        <SelectField
          label="Como o nome é dito"
          name="storeArticle"
          defaultValue={settings.storeArticle}
          hint="Para as frases do site e dos e-mails: “Bem-vindo ao Grupo Erick”, “às Lojas Erick”."
          options={STORE_ARTICLES.map((article) => ({ value: article, label: `${article} ${settings.storeName}` }))}
          error={errors.storeArticle}
        />
        <Field label="E-mail da loja" name="storeEmail" type="email" defaultValue={settings.storeEmail} error={errors.storeEmail} />
        <Field label="Telefone da loja" name="storePhone" type="tel" defaultValue={settings.storePhone} error={errors.storePhone} />
        <Field
          label="WhatsApp da loja"
          name="storeWhatsApp"
          type="tel"
          inputMode="numeric"
          defaultValue={settings.storeWhatsApp}
          hint={
            isPlaceholderWhatsApp(settings.storeWhatsApp)
              ? "Este é o número de exemplo: os pedidos pelo WhatsApp não chegam até você. Troque pelo da loja, só números, com DDI e DDD: 5581999998888"
              : "Só números, com DDI e DDD: 5581999998888"
          }
          error={errors.storeWhatsApp}
        />
        <Field label="Horário de funcionamento" name="businessHours" defaultValue={settings.businessHours} error={errors.businessHours} />
      </Section>

      <Section title="Redes sociais">
        <Field label="Instagram" name="instagram" defaultValue={settings.instagram} hint="O usuário, com ou sem @" error={errors.instagram} />
        <Field label="Facebook" name="facebook" type="url" defaultValue={settings.facebook} error={errors.facebook} />
      </Section>

      <Section title="Entrega">
        <Field
          label="Taxa de entrega (R$)"
          name="deliveryFee"
          inputMode="decimal"
          defaultValue={reaisInput(settings.deliveryFeeCents)}
          error={errors.deliveryFee}
        />
        <Field
          label="Frete grátis a partir de (R$)"
          name="freeShippingMin"
          inputMode="decimal"
          defaultValue={reaisInput(settings.freeShippingMinCents)}
          error={errors.freeShippingMin}
        />
        <TextareaField
          rows={4}
          label="Cidades atendidas"
          name="deliveryCities"
          hint="Uma por linha (ou separadas por vírgula)"
          defaultValue={settings.deliveryCities.join("\n")}
          error={errors.deliveryCities}
        />
        <Field label="Dias de entrega" name="deliveryDays" defaultValue={settings.deliveryDays} error={errors.deliveryDays} />
      </Section>

      <Section title="Pagamento">
        <fieldset className="sm:col-span-2" aria-describedby={errors.paymentMethods ? "formas-erro" : undefined}>
          <legend className="text-sm font-semibold text-slate-800">Formas de pagamento aceitas</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PAYMENT_METHODS.map((method) => (
              <Checkbox
                key={method.key}
                name={`paymentMethods.${method.key}`}
                label={method.label}
                defaultChecked={settings.paymentMethods[method.key]}
              />
            ))}
          </div>
          {errors.paymentMethods ? (
            <p id="formas-erro" className="mt-1 text-sm font-medium text-red-700">
              {errors.paymentMethods}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Número máximo de parcelas"
          name="maxInstallments"
          type="number"
          inputMode="numeric"
          min={1}
          max={12}
          step={1}
          defaultValue={settings.maxInstallments}
          hint="De 1 a 12"
          error={errors.maxInstallments}
        />
      </Section>

      <Section title="PIX" intro="Com a chave preenchida, a página do pedido mostra o código PIX 'copia e cola' com o valor exato.">
        <Field label="Chave PIX" name="pixKey" defaultValue={settings.pixKey} maxLength={PIX_LIMITS.key} error={errors.pixKey} />
        <Field
          label="Nome do recebedor"
          name="pixMerchantName"
          defaultValue={settings.pixMerchantName}
          maxLength={PIX_LIMITS.merchantName}
          hint={`Até ${PIX_LIMITS.merchantName} caracteres`}
          error={errors.pixMerchantName}
        />
        <Field
          label="Cidade do recebedor"
          name="pixMerchantCity"
          defaultValue={settings.pixMerchantCity}
          maxLength={PIX_LIMITS.merchantCity}
          hint={`Até ${PIX_LIMITS.merchantCity} caracteres`}
          error={errors.pixMerchantCity}
        />
      </Section>

      <Section title="Notificações">
        <div className="grid gap-2 sm:col-span-2">
          {NOTIFICATION_FIELDS.map((field) => (
            <Checkbox key={field.name} name={field.name} label={field.label} defaultChecked={settings[field.name]} />
          ))}
        </div>
      </Section>

      <StatusMessagesFields messages={settings.statusMessages} errors={errors} />

      <section aria-labelledby="lojas-fisicas" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h2 id="lojas-fisicas" className="text-lg font-bold">
          Lojas físicas
        </h2>
        <p className="mt-1 text-sm text-slate-600">Endereços, contatos e localização mostrados em Nossas Lojas.</p>
        <div className="mt-4 space-y-4">
          {locations.map((location, index) => (
            <LocationFields key={location.id} location={location} index={index} errors={errors} />
          ))}
        </div>
      </section>

      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-slate-100/95 px-4 py-3 sm:mx-0 sm:rounded-2xl sm:border sm:bg-white sm:px-6">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {busy ? "Salvando…" : "Salvar configurações"}
        </button>
        <div role="status" className="text-sm font-semibold text-green-700">
          {saved ? SETTINGS_MESSAGES.saved : null}
        </div>
        {errors.form || hasFieldErrors ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {errors.form ?? SETTINGS_MESSAGES.fixFields}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

function Section({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function Checkbox({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="h-5 w-5 accent-brand-600" />
      <span>{label}</span>
    </label>
  );
}

function LocationFields({ location, index, errors }: { location: EditableLocation; index: number; errors: FieldErrors }) {
  const name = (field: string) => `locations.${index}.${field}`;
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-semibold">{location.name}</legend>
      <input type="hidden" name={name("id")} value={location.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nome" name={name("name")} defaultValue={location.name} maxLength={100} error={errors[name("name")]} />
        <Field label="Endereço" name={name("address")} defaultValue={location.address} maxLength={200} error={errors[name("address")]} />
        <Field label="Telefone" name={name("phone")} type="tel" defaultValue={location.phone} error={errors[name("phone")]} />
        <Field
          label="WhatsApp"
          name={name("whatsapp")}
          type="tel"
          inputMode="numeric"
          defaultValue={location.whatsapp}
          hint={isPlaceholderWhatsApp(location.whatsapp) ? "Número de exemplo: até ser trocado, o botão desta loja abre o WhatsApp da loja acima" : undefined}
          error={errors[name("whatsapp")]}
        />
        <Field label="Horário" name={name("hours")} defaultValue={location.hours} maxLength={100} error={errors[name("hours")]} />
        <div className="grid grid-cols-2 gap-3">
          <Field label="Latitude" name={name("lat")} inputMode="decimal" defaultValue={coordinateInput(location.lat)} error={errors[name("lat")]} />
          <Field label="Longitude" name={name("lng")} inputMode="decimal" defaultValue={coordinateInput(location.lng)} error={errors[name("lng")]} />
        </div>
      </div>
    </fieldset>
  );
}
