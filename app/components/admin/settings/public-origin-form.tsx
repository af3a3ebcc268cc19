import { Form } from "react-router";
import { Field } from "~/components/ui/field";
import { refusalErrors } from "~/lib/forms/action-result";
import { DONO_ONLY_NOTE } from "~/lib/group/settings-form.schema";
import { PUBLIC_ORIGIN_MESSAGES, type PublicAddress, type PublicOriginActionResult } from "~/lib/group/public-origin.schema";

type Props = {
  current: PublicAddress;
  /** The action's answer: an error, or the address as it will be saved, to confirm. */
  answer?: PublicOriginActionResult;
  /** Only the Dono sets it (it receives the password-reset links): others see it, with a note. */
  canEdit: boolean;
};

const SOURCE_TEXT = {
  PUBLIC_URL: "definido por PUBLIC_URL no servidor (para mudar, altere a variável e reinicie).",
  owner: "confirmado aqui.",
  guess: "ainda não confirmado: é o endereço desta máquina, e os e-mails de redefinição de senha não saem em produção até você confirmar o endereço.",
} as const;

/**
 * The shop's public address (links in e-mails, sitemap, share previews): typed, shown back as it will
 * be saved, then confirmed. Never learnt from a request (app/server/group/public-origin.server.ts).
 */
export function PublicOriginForm({ current, answer, canEdit }: Props) {
  const pending = answer?.data?.pending;
  return (
    <section aria-labelledby="endereco-publico" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <h2 id="endereco-publico" className="text-lg font-bold">
        Endereço público da loja
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Os links enviados pela loja (e-mails, sitemap, prévias de compartilhamento) começam com <strong className="break-all">{current.origin}</strong>,{" "}
        {SOURCE_TEXT[current.source]}
      </p>
      {current.source === "PUBLIC_URL" ? null : !canEdit ? (
        <>
          <p className="mt-3 text-sm font-semibold text-slate-700" data-testid="public-origin-dono-only">
            {DONO_ONLY_NOTE}.
          </p>
          {refusalErrors(answer)?.publicOrigin ? (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {refusalErrors(answer)?.publicOrigin}
            </p>
          ) : null}
        </>
      ) : pending ? (
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="public-origin-confirm" />
          <input type="hidden" name="publicOrigin" value={pending} />
          <p className="text-sm">
            Os links vão começar com <strong className="break-all">{pending}</strong>. Confira: um endereço errado manda os clientes para outro site.
          </p>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="confirmed" required className="mt-1" />
            <span>Confirmo que os clientes acessam a loja por este endereço.</span>
          </label>
          <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            Confirmar endereço
          </button>
        </Form>
      ) : (
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="public-origin-review" />
          <Field
            label="Novo endereço público"
            name="publicOrigin"
            type="url"
            inputMode="url"
            maxLength={200}
            required
            placeholder="https://loja.exemplo.com.br"
            error={refusalErrors(answer)?.publicOrigin}
            hint={PUBLIC_ORIGIN_MESSAGES.hint}
          />
          <button type="submit" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50">
            Revisar endereço
          </button>
        </Form>
      )}
    </section>
  );
}
