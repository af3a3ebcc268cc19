import { Field } from "~/components/ui/field";
import type { FormField } from "~/components/ui/use-form";

/** The checkbox's field: a phone typed here is kept on the account, so the next checkout has it. */
export const SAVE_PHONE_FIELD = "salvarTelefone";

/** Who is ordering: name, e-mail, phone (and keeping it on the account) and the CPF for the invoice. */
/** A signed-in shopper's details; `offerToSavePhone` when the account has no phone yet. */
export type CheckoutPrefill = { name: string; email: string; phone: string; address: string; offerToSavePhone: boolean } | null;

export function CustomerFields({ field, prefill }: { field: FormField; prefill: CheckoutPrefill }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-bold">Dados pessoais</legend>
      <Field label="Nome completo" {...field("name")} autoComplete="name" defaultValue={prefill?.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="E-mail"
          {...field("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={prefill?.email}
          hint="Opcional: a loja fala com você pelo telefone."
        />
        <Field
          label="Telefone / WhatsApp"
          {...field("phone")}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="(81) 99999-9999"
          defaultValue={prefill?.phone}
        />
      </div>
      {prefill?.offerToSavePhone ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name={SAVE_PHONE_FIELD} defaultChecked className="h-5 w-5 accent-brand-600" />
          Salvar este telefone na minha conta
        </label>
      ) : null}
      <Field label="CPF (opcional)" {...field("cpf")} inputMode="numeric" placeholder="000.000.000-00" hint="Para a nota fiscal." />
    </fieldset>
  );
}
