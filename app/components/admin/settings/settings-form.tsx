import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { useTimedFlag } from "~/components/product/use-timed-flag";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { useForm, type FormField } from "~/components/ui/use-form";
import type { ActionResult } from "~/lib/forms/action-result";
import { formLimits } from "~/lib/forms/form-limits";
import { PAYMENT_METHODS } from "~/lib/payments/payment-methods";
import { decimalCommaPrice } from "~/lib/forms/price-input";
import { type EditableLocation, type Settings } from "~/lib/group/settings";
import {
  coordinateInput,
  DONO_ONLY_NOTE,
  NOTIFICATION_FIELDS,
  readSettingsForm,
  SERVES_ONLINE_SENT,
  SETTINGS_MESSAGES,
  settingsFormSchema,
} from "~/lib/group/settings-form.schema";
import { STORE_ARTICLES } from "~/lib/stores/store-name";
import { isPlaceholderWhatsApp } from "~/lib/orders/whatsapp";
import { ORDER_HOLD_FIELD_NAMES, ORDER_HOLD_FIELDS, ORDER_HOLD_HINTS } from "~/lib/holds/order-holds";
import { brazilianPhoneText } from "~/lib/format/phone";
import { PixKeyField } from "./pix-key-field";
import { StatusMessagesFields } from "./status-messages-fields";

type Props = {
  settings: Settings;
  locations: EditableLocation[];
  /** Changes when a save lands, so the inputs show the values as stored (e.g. the Instagram @). */
  version: string;
  /** The action's answer when the page was sent without JavaScript (a fetcher's answer otherwise). */
  answer?: ActionResult;
  /** The money settings (payment methods, installments, PIX) are the Dono's: others see them, not change them. */
  canEditMoney: boolean;
  /** The shop's e-mail and WhatsApp (where orders go) are the Dono's too: shown read-only, sent back as stored. */
  canEditContact: boolean;
};

/** A payment method's checkbox (`paymentMethods.pix`) clears the one message about them all. */
const errorOfInput = (name: string) => (name.startsWith("paymentMethods.") ? "paymentMethods" : name);

/**
 * The settings form. Checked in the browser with the action's own schema, then sent by a fetcher;
 * 'Salvo!' shows for 3 s after a save and any edit clears it, as in the shop's earlier admin.
 */
export function SettingsForm({ settings, locations, version, answer, canEditMoney, canEditContact }: Props) {
  const fetcher = useFetcher<ActionResult>();
  const [saved, showSaved, clearSaved] = useTimedFlag(3000);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { errors, props, field } = useForm({
    schema: settingsFormSchema,
    limits: formLimits(settingsFormSchema),
    result: result ?? answer,
    read: readSettingsForm,
    errorOf: errorOfInput,
  });

  useEffect(() => {
    if (result?.ok) showSaved();
  }, [result, showSaved]);

  const busy = fetcher.state !== "idle";
  const hasFieldErrors = Object.keys(errors).some((key) => key !== "form");

  return (
    <fetcher.Form
      key={version}
      method="post"
      {...props}
      onChange={(event) => {
        clearSaved();
        props.onChange(event);
      }}
      className="space-y-6"
    >
      <ShopSection settings={settings} field={field} canEditContact={canEditContact} />

      <Section title="Redes sociais">
        <Field label="Instagram" {...field("instagram")} defaultValue={settings.instagram} hint="O usuário, com ou sem @" />
        <Field label="Facebook" {...field("facebook")} type="url" defaultValue={settings.facebook} />
      </Section>

      <DeliverySection settings={settings} field={field} />

      <Section
        title="Pedidos pelo site"
        intro="Um pedido segura as unidades desde que é feito. Estes limites impedem que alguém reserve o estoque da loja sem comprar."
      >
        {ORDER_HOLD_FIELD_NAMES.map((name) => (
          <Field
            key={name}
            label={ORDER_HOLD_FIELDS[name].label}
            {...field(name)}
            type="number"
            inputMode="numeric"
            step={1}
            defaultValue={settings[name]}
            hint={ORDER_HOLD_HINTS[name]}
          />
        ))}
      </Section>

      {canEditMoney ? (
        <MoneySettings settings={settings} field={field} paymentMethodsError={errors.paymentMethods} />
      ) : (
        <MoneySettingsReadOnly settings={settings} />
      )}

      <Section title="Notificações">
        <div className="grid gap-2 sm:col-span-2">
          {NOTIFICATION_FIELDS.map((field) => (
            <Checkbox key={field.name} name={field.name} label={field.label} defaultChecked={settings[field.name]} />
          ))}
        </div>
      </Section>

      <StatusMessagesFields messages={settings.statusMessages} errors={errors} />

      <LocationsSection locations={locations} field={field} />

      <SaveBar busy={busy} saved={saved} formError={errors.form} hasFieldErrors={hasFieldErrors} />
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

/** The maximum number of instalments: a number input within the schema's range, which its hint says. */
function InstalmentsField({ field, defaultValue }: { field: ReturnType<FormField>; defaultValue: number }) {
  return (
    <Field
      label="Número máximo de parcelas"
      {...field}
      type="number"
      inputMode="numeric"
      step={1}
      defaultValue={defaultValue}
      hint={`De ${field.min} a ${field.max}`}
    />
  );
}

/** A text the PIX code cuts short: its hint gives the schema's limit. */
function LimitedField({ label, field, defaultValue }: { label: string; field: ReturnType<FormField>; defaultValue: string }) {
  return <Field label={label} {...field} defaultValue={defaultValue} hint={`Até ${field.maxLength} caracteres`} />;
}

function LocationFields({ location, index, field }: { location: EditableLocation; index: number; field: FormField }) {
  const name = (key: string) => `locations.${index}.${key}`;
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-semibold">{location.name}</legend>
      <input type="hidden" name={name("id")} value={location.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nome" {...field(name("name"))} defaultValue={location.name} />
        <Field label="Endereço" {...field(name("address"))} defaultValue={location.address} />
        <Field label="Telefone" {...field(name("phone"))} type="tel" defaultValue={location.phone} />
        <Field
          label="WhatsApp"
          {...field(name("whatsapp"))}
          type="tel"
          inputMode="tel"
          defaultValue={brazilianPhoneText(location.whatsapp)}
          hint={isPlaceholderWhatsApp(location.whatsapp) ? "Número de exemplo: até ser trocado, o botão desta loja abre o WhatsApp da loja acima" : undefined}
        />
        <Field label="Horário" {...field(name("hours"))} defaultValue={location.hours} />
        <div className="grid grid-cols-2 gap-3">
          <Field label="Latitude" {...field(name("lat"))} inputMode="decimal" defaultValue={coordinateInput(location.lat)} />
          <Field label="Longitude" {...field(name("lng"))} inputMode="decimal" defaultValue={coordinateInput(location.lng)} />
        </div>
      </div>
      <input type="hidden" name={name(SERVES_ONLINE_SENT)} value="1" />
      <div className="mt-4">
        <Checkbox name={name("servesOnline")} label="Vende no site (o estoque desta loja conta para o que o site vende)" defaultChecked={location.servesOnline} />
      </div>
    </fieldset>
  );
}

/**
 * The money settings for a role that may not change them (Gerente): shown, and sent back as stored so
 * the rest of the form saves; the server refuses the save if they differ from what is stored.
 */
function MoneySettingsReadOnly({ settings }: { settings: Settings }) {
  const accepted = PAYMENT_METHODS.filter((method) => settings.paymentMethods[method.key]);
  return (
    <Section title="Pagamento e PIX" intro="Só o Dono da loja muda as formas de pagamento, as parcelas e o PIX.">
      <dl className="grid gap-2 text-sm sm:col-span-2">
        <div>
          <dt className="font-semibold text-slate-800">Formas de pagamento aceitas</dt>
          <dd>{accepted.map((method) => method.label).join(", ") || "—"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Parcelas</dt>
          <dd>até {settings.maxInstallments}x</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Chave PIX</dt>
          <dd>{settings.pixKey || "não cadastrada"}</dd>
        </div>
      </dl>
      {accepted.map((method) => (
        <input key={method.key} type="hidden" name={`paymentMethods.${method.key}`} value="on" />
      ))}
      <input type="hidden" name="maxInstallments" value={settings.maxInstallments} />
      <input type="hidden" name="pixKey" value={settings.pixKey} />
      <input type="hidden" name="pixMerchantName" value={settings.pixMerchantName} />
      <input type="hidden" name="pixMerchantCity" value={settings.pixMerchantCity} />
    </Section>
  );
}

/** Kept in view at the bottom: the button, "Salvo!" after a save, and what stops one. */
function SaveBar({ busy, saved, formError, hasFieldErrors }: { busy: boolean; saved: boolean; formError: string | undefined; hasFieldErrors: boolean }) {
  return (
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
      {formError || hasFieldErrors ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {formError ?? SETTINGS_MESSAGES.fixFields}
        </p>
      ) : null}
    </div>
  );
}

function LocationsSection({ locations, field }: { locations: EditableLocation[]; field: FormField }) {
  return (
    <section aria-labelledby="lojas-fisicas" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <h2 id="lojas-fisicas" className="text-lg font-bold">
        Lojas físicas
      </h2>
      <p className="mt-1 text-sm text-slate-600">Endereços, contatos e localização mostrados em Nossas Lojas.</p>
      <div className="mt-4 space-y-4">
        {locations.map((location, index) => (
          <LocationFields key={location.id} location={location} index={index} field={field} />
        ))}
      </div>
    </section>
  );
}

/** The Dono's money settings: the payment methods and instalments, and the PIX key. */
function MoneySettings({ settings, field, paymentMethodsError }: { settings: Settings; field: FormField; paymentMethodsError: string | undefined }) {
  return (
    <>
      <Section title="Pagamento">
        <fieldset className="sm:col-span-2" aria-describedby={paymentMethodsError ? "formas-erro" : undefined}>
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
          {paymentMethodsError ? (
            <p id="formas-erro" className="mt-1 text-sm font-medium text-red-700">
              {paymentMethodsError}
            </p>
          ) : null}
        </fieldset>
        <InstalmentsField field={field("maxInstallments")} defaultValue={settings.maxInstallments} />
      </Section>

      <Section title="PIX" intro="Com a chave preenchida, a página do pedido mostra o código PIX 'copia e cola' com o valor exato.">
        <PixKeyField field={field("pixKey")} settings={settings} />
        <LimitedField label="Nome do recebedor" field={field("pixMerchantName")} defaultValue={settings.pixMerchantName} />
        <LimitedField label="Cidade do recebedor" field={field("pixMerchantCity")} defaultValue={settings.pixMerchantCity} />
      </Section>
    </>
  );
}

function DeliverySection({ settings, field }: { settings: Settings; field: FormField }) {
  return (
    <Section title="Entrega">
      <Field label="Taxa de entrega (R$)" {...field("deliveryFee")} inputMode="decimal" defaultValue={decimalCommaPrice(settings.deliveryFeeCents)} />
      <Field label="Frete grátis a partir de (R$)" {...field("freeShippingMin")} inputMode="decimal" defaultValue={decimalCommaPrice(settings.freeShippingMinCents)} />
      <TextareaField
        rows={4}
        label="Cidades atendidas"
        {...field("deliveryCities")}
        hint="Uma por linha (ou separadas por vírgula)"
        defaultValue={settings.deliveryCities.join("\n")}
      />
      <Field label="Dias de entrega" {...field("deliveryDays")} defaultValue={settings.deliveryDays} />
    </Section>
  );
}

function ShopSection({ settings, field, canEditContact }: { settings: Settings; field: FormField; canEditContact: boolean }) {
  return (
    <Section title="Loja">
      <Field label="Nome da loja" {...field("storeName")} defaultValue={settings.storeName} />
      <SelectField
        label="Como o nome é dito"
        {...field("storeArticle")}
        defaultValue={settings.storeArticle}
        hint="Para as frases do site e dos e-mails: “Bem-vindo ao Grupo Erick”, “às Lojas Erick”."
        options={STORE_ARTICLES.map((article) => ({ value: article, label: `${article} ${settings.storeName}` }))}
      />
      <Field
        label="E-mail da loja"
        {...field("storeEmail")}
        type="email"
        defaultValue={settings.storeEmail}
        readOnly={!canEditContact}
        hint={canEditContact ? undefined : `${DONO_ONLY_NOTE}: os e-mails de novos pedidos vão para este endereço.`}
      />
      <Field label="Telefone da loja" {...field("storePhone")} type="tel" defaultValue={settings.storePhone} />
      <Field
        label="WhatsApp da loja"
        {...field("storeWhatsApp")}
        type="tel"
        inputMode="tel"
        defaultValue={brazilianPhoneText(settings.storeWhatsApp)}
        readOnly={!canEditContact}
        hint={
          !canEditContact
            ? `${DONO_ONLY_NOTE}: os pedidos pelo WhatsApp vão para este número.`
            : isPlaceholderWhatsApp(settings.storeWhatsApp)
            ? "Este é o número de exemplo: os pedidos pelo WhatsApp não chegam até você. Troque pelo da loja, com DDD: (81) 99876-5432"
            : "Com DDD, do jeito que preferir: (81) 99876-5432"
        }
      />
      <Field label="Horário de funcionamento" {...field("businessHours")} defaultValue={settings.businessHours} />
    </Section>
  );
}
