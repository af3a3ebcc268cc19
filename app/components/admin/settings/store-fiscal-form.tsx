import { Form } from "react-router";
import { Field, SelectField } from "~/components/ui/field";
import { refusalErrors, resultMessage } from "~/lib/forms/action-result";
import { TAX_REGIME_LABELS, TAX_REGIMES, type StoreFiscalActionResult, type StoreFiscalIdentity } from "~/lib/fiscal/store-fiscal";

type Props = {
  stores: StoreFiscalIdentity[];
  /** The action's answer to one store's form. */
  answer?: StoreFiscalActionResult;
};

const REGIME_OPTIONS = TAX_REGIMES.map((regime) => ({ value: regime, label: TAX_REGIME_LABELS[regime] }));

/**
 * The Dono's "Dados fiscais das lojas": each store as the establishment its notes come from
 * (docs/fiscal.md). Only rendered for the Dono; the CSC token is shown as its last four characters and
 * an empty token field keeps the stored one.
 */
export function StoreFiscalForm({ stores, answer }: Props) {
  return (
    <section aria-labelledby="dados-fiscais" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <h2 id="dados-fiscais" className="text-lg font-bold">
        Dados fiscais das lojas
      </h2>
      <p className="mt-1 text-sm text-slate-600">Cada loja emite as notas com o seu CNPJ. Só o Dono vê e muda estes dados.</p>
      <div className="mt-4 space-y-3">
        {stores.map((store) => {
          const mine = answer?.data?.storeId === store.id ? answer : undefined;
          const errors = refusalErrors(mine);
          const message = resultMessage(mine);
          return (
            <details key={store.id} open={Boolean(mine)} className="rounded-xl border border-slate-200 p-4">
              <summary className="cursor-pointer font-semibold">
                {store.name}
                <span className="ml-2 text-sm font-normal text-slate-600">{store.cnpj ? `CNPJ ${store.cnpj}` : "CNPJ não informado"}</span>
              </summary>
              <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="store-fiscal" />
                <input type="hidden" name="storeId" value={store.id} />
                <Field label="CNPJ" name="cnpj" inputMode="numeric" maxLength={18} defaultValue={store.cnpj} placeholder="12.345.678/0001-95" error={errors?.cnpj} />
                <Field
                  label="Inscrição Estadual"
                  name="stateRegistration"
                  maxLength={20}
                  defaultValue={store.stateRegistration}
                  error={errors?.stateRegistration}
                  hint="Só os números, ou ISENTO"
                />
                <SelectField label="Regime tributário" name="taxRegime" options={REGIME_OPTIONS} emptyOption={null} defaultValue={store.taxRegime} error={errors?.taxRegime} />
                <Field label="Série da NFC-e" name="nfceSeries" inputMode="numeric" maxLength={3} defaultValue={String(store.nfceSeries)} error={errors?.nfceSeries} />
                <Field label="Série da NF-e" name="nfeSeries" inputMode="numeric" maxLength={3} defaultValue={String(store.nfeSeries)} error={errors?.nfeSeries} />
                <Field label="Identificador do CSC" name="cscId" inputMode="numeric" maxLength={6} defaultValue={store.cscId} error={errors?.cscId} hint="Gerado no site da SEFAZ-PE" />
                <Field
                  label="Token do CSC"
                  name="cscToken"
                  type="password"
                  autoComplete="off"
                  maxLength={36}
                  error={errors?.cscToken}
                  hint={store.cscTokenHint ? `Guardado (${store.cscTokenHint}). Deixe em branco para manter.` : "Ainda não informado."}
                />
                <div className="sm:col-span-2">
                  {message ? (
                    <p role={mine?.ok ? "status" : "alert"} className={`mb-2 text-sm font-medium ${mine?.ok ? "text-green-700" : "text-red-700"}`}>
                      {message}
                    </p>
                  ) : null}
                  <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
                    Salvar dados fiscais
                  </button>
                </div>
              </Form>
            </details>
          );
        })}
      </div>
    </section>
  );
}
