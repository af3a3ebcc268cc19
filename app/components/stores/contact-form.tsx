import { useState } from "react";
import { useActionData } from "react-router";
import { useStorefront } from "~/components/layout/use-storefront";
import { useTimedFlag } from "~/components/product/use-timed-flag";
import { WhatsAppIcon } from "~/components/ui/icons";
import { useForm } from "~/components/ui/use-form";
import { CONTACT_INPUT_LIMITS, contactMessage, type ContactFormResult, type ContactFormValues } from "~/lib/stores/contact-form";
import type { InputLimits } from "~/lib/forms/form-limits";
import { whatsappLink } from "~/lib/orders/whatsapp";

export const CONTACT_CONFIRMATION_MS = 3_000;

/** The schema brings zod (23 KB); the stores page loads it when the shopper starts the form, not with the page. */
const loadContactSchema = () => import("~/lib/stores/contact.schema").then((module) => module.contactFormSchema);

/**
 * The stores page's contact form. It opens WhatsApp with the message, as the shop's earlier site did; nothing is sent
 * to our server. The page keeps it as the server's markup until the shopper starts it (a form island,
 * components/ui/form-island.tsx). Without JavaScript the form posts to the route, which validates with
 * the same schema and redirects to WhatsApp, or answers with the errors and what was typed.
 */
export function ContactForm() {
  const { settings, locations } = useStorefront();
  const whatsappNumber = settings.storeWhatsApp;
  const answer = useActionData<ContactFormResult>();
  const serverValues = answer?.data;
  const [confirmed, showConfirmation, hideConfirmation] = useTimedFlag(CONTACT_CONFIRMATION_MS);
  // When the browser blocks the pop-up, the shopper opens WhatsApp with this link instead.
  const [blockedLink, setBlockedLink] = useState<string | null>(null);
  const form = useForm<ContactFormValues>({ schema: loadContactSchema, limits: CONTACT_INPUT_LIMITS, result: answer, send });

  // Sent once the schema has checked it (it waits for the schema when the button is tapped first),
  // still within the tap's permission to open a tab.
  function send(element: HTMLFormElement, values: ContactFormValues) {
    const link = whatsappLink(whatsappNumber, contactMessage(values));
    // Not the 'noopener' feature: with it window.open always returns null, and a blocked pop-up could
    // not be told apart. Cutting the opener by hand gives the same protection.
    const popup = window.open(link, "_blank");
    if (popup) popup.opener = null;
    setBlockedLink(popup ? null : link);
    element.reset();
    showConfirmation();
  }

  return (
    <form
      method="post"
      action="/lojas"
      {...form.props}
      onSubmit={(event) => {
        hideConfirmation();
        form.props.onSubmit(event);
      }}
      aria-label="Formulário de contato"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="contato-nome" label="Nome" {...form.field("name")}>
          {(props) => <input {...props} type="text" autoComplete="name" defaultValue={serverValues?.name} />}
        </Field>
        <Field id="contato-email" label="E-mail" {...form.field("email")}>
          {(props) => <input {...props} type="email" inputMode="email" autoComplete="email" defaultValue={serverValues?.email} />}
        </Field>
        <Field id="contato-telefone" label="Telefone" {...form.field("phone")}>
          {(props) => (
            <input {...props} type="tel" inputMode="tel" autoComplete="tel-national" placeholder="(81) 99999-0000" defaultValue={serverValues?.phone} />
          )}
        </Field>
        <Field id="contato-loja" label="Loja de interesse" {...form.field("store")}>
          {({ maxLength: _notForSelect, ...props }) => (
            <select {...props} defaultValue={serverValues?.store ?? ""} className={`${props.className} bg-white`}>
              <option value="">Qualquer loja</option>
              {locations.map(({ name }) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field id="contato-mensagem" label="Mensagem" {...form.field("message")}>
        {(props) => <textarea {...props} rows={5} defaultValue={serverValues?.message} />}
      </Field>

      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className="flex items-center gap-2 rounded-lg bg-whatsapp-dark px-6 py-3 font-bold text-white hover:bg-whatsapp-darker"
        >
          <WhatsAppIcon className="h-5 w-5" />
          Enviar pelo WhatsApp
        </button>
        <p className="text-xs text-slate-600">* campos obrigatórios</p>
      </div>

      <ContactConfirmation confirmed={confirmed} blockedLink={blockedLink} onBlockedLinkOpened={() => setBlockedLink(null)} />
    </form>
  );
}

/** After a send: the message is ready in WhatsApp, or, when the browser blocked its tab, the link that opens it. */
function ContactConfirmation({ confirmed, blockedLink, onBlockedLinkOpened }: { confirmed: boolean; blockedLink: string | null; onBlockedLinkOpened: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {confirmed || blockedLink ? (
        <div className="rounded-lg bg-green-50 p-4 text-sm text-green-900" data-testid="contact-confirmation">
          <p className="font-semibold">Mensagem pronta! Continue no WhatsApp.</p>
          {blockedLink ? (
            <p className="mt-2">
              O navegador bloqueou a nova janela.{" "}
              <a
                href={blockedLink}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onBlockedLinkOpened}
                className="font-bold underline underline-offset-2"
              >
                Abrir WhatsApp
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

type ControlProps = InputLimits & {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  className: string;
};

/** Label (with * or "(opcional)" from the schema), control and message, in the page's contact style. */
function Field({
  id,
  name,
  label,
  error,
  children,
  ...limits
}: InputLimits & {
  id: string;
  name: string;
  label: string;
  error?: string;
  children: (props: ControlProps) => React.ReactNode;
}) {
  const errorId = `${id}-erro`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {limits.required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-slate-500"> (opcional)</span>}
      </label>
      {children({
        id,
        name,
        ...limits,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className: `mt-1 w-full rounded-lg border px-3 py-2 text-base ${error ? "border-brand-600" : "border-slate-300"}`,
      })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-brand-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
