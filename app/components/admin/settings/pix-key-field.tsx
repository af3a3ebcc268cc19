// The settings' Pix key (./settings-form.tsx), with the code it makes shown as the owner types.
import { useId, useState } from "react";
import { Field } from "~/components/ui/field";
import type { FormField } from "~/components/ui/use-form";
import type { Settings } from "~/lib/group/settings";
import { PIX_KEY_KIND_LABELS, normalizePixKey } from "~/lib/payments/pix-key";
import { pixPayload } from "~/lib/payments/pix";

/** What a sample code carries: the amount only shows the owner that the code has one. */
const SAMPLE_PIX_CENTS = 10_00;

/**
 * The key field with what it becomes beside it, as typed: the key in the directory's form ("+55…",
 * digits only, lower-case) and the 'copia e cola' a R$ 10,00 order would get, or why it is no key.
 */
export function PixKeyField({ field, settings }: { field: ReturnType<FormField>; settings: Settings }) {
  const [typed, setTyped] = useState(settings.pixKey);
  const result = normalizePixKey(typed);
  const previewId = useId();
  return (
    <div className="sm:col-span-2">
      <Field
        label="Chave PIX"
        {...field}
        defaultValue={settings.pixKey}
        onInput={(event) => setTyped(event.currentTarget.value)}
        hint="Celular com DDD, CPF, CNPJ, e-mail ou chave aleatória, como cadastrada no banco"
      />
      <div id={previewId} aria-live="polite" className="mt-2 text-sm" data-testid="pix-key-preview">
        {typed.trim() === "" ? (
          <p className="text-slate-600">Sem chave, a página do pedido não mostra código PIX.</p>
        ) : result.ok ? (
          <>
            <p>
              Chave usada no código: <strong className="font-mono">{result.key}</strong> ({PIX_KEY_KIND_LABELS[result.kind]})
            </p>
            <p className="mt-1 text-xs text-slate-600">Código PIX de um pedido de R$ 10,00:</p>
            <code className="mt-1 block break-all rounded bg-slate-100 p-2 font-mono text-xs">
              {pixPayload({
                key: result.key,
                merchantName: settings.pixMerchantName || settings.storeName,
                merchantCity: settings.pixMerchantCity || "Barreiros",
                amountCents: SAMPLE_PIX_CENTS,
                txid: "EXEMPLO",
              })}
            </code>
          </>
        ) : (
          <p className="text-amber-800">{result.message}</p>
        )}
      </div>
    </div>
  );
}
