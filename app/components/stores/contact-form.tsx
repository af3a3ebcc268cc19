import { useState } from "react";
import { useTimedFlag } from "~/components/product/use-timed-flag";
import { WhatsAppIcon } from "~/components/ui/icons";
import { useOnDemand } from "~/components/ui/use-on-demand";
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField, type ContactFieldErrors, type ContactFormValues } from "~/lib/contact-form";
import type { parseContactForm } from "~/lib/contact.schema";
import { contactMessage, whatsappLink } from "~/lib/whatsapp";

export const CONTACT_CONFIRMATION_MS = 3_000;

type ContactParser = typeof parseContactForm;

/** The schema brings zod (23 KB); the stores page loads it when the shopper starts the form, not with the page. */
const loadContactParser = (): Promise<ContactParser> => import("~/lib/contact.schema").then((module) => module.parseContactForm);

/**
 * The stores page's contact form. It opens WhatsApp with the message, as the shop's earlier site did; nothing is sent
 * to our server. Without JavaScript the form posts to the route, which validates with the same schema
 * and redirects to WhatsApp.
 */
export function ContactForm({
  whatsappNumber,
  storeNames,
  serverErrors,
  serverValues,
}: {
  whatsappNumber: string;
  storeNames: string[];
  serverErrors?: ContactFieldErrors;
  serverValues?: ContactFormValues;
}) {
  const [errors, setErrors] = useState<ContactFieldErrors>(serverErrors ?? {});
  const [confirmed, showConfirmation, hideConfirmation] = useTimedFlag(CONTACT_CONFIRMATION_MS);
  // When the browser blocks the pop-up, the shopper opens WhatsApp with this link instead.
  const [blockedLink, setBlockedLink] = useState<string | null>(null);

  const parser = useOnDemand(loadContactParser);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parse = parser.loaded();
    if (parse) {
      send(form, parse);
      return;
    }
    // Sent before the schema arrived (a tap on the button first): check once it is here, still within
    // the tap's permission to open a tab. Without it, the form goes to the route, which checks the same.
    void parser.load().then((loaded) => (loaded ? send(form, loaded) : form.submit()));
  }

  function send(form: HTMLFormElement, parse: ContactParser) {
    const result = parse(new FormData(form));
    if (!result.ok) {
      setErrors(result.errors);
      hideConfirmation();
      const first = CONTACT_FIELDS.find((field) => result.errors[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    const link = whatsappLink(whatsappNumber, contactMessage(result.values));
    // Not the 'noopener' feature: with it window.open always returns null, and a blocked pop-up could
    // not be told apart. Cutting the opener by hand gives the same protection.
    const popup = window.open(link, "_blank");
    if (popup) popup.opener = null;
    setBlockedLink(popup ? null : link);
    setErrors({});
    form.reset();
    showConfirmation();
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    void parser.load();
    const name = (event.target as HTMLInputElement).name as ContactField;
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  return (
    <form
      method="post"
      action="/lojas"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      onFocusCapture={() => void parser.load()}
      aria-label="Formulário de contato"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="contato-nome" name="name" label="Nome" required error={errors.name}>
          {(props) => (
            <input {...props} type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} defaultValue={serverValues?.name} />
          )}
        </Field>
        <Field id="contato-email" name="email" label="E-mail" required error={errors.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              defaultValue={serverValues?.email}
            />
          )}
        </Field>
        <Field id="contato-telefone" name="phone" label="Telefone" error={errors.phone}>
          {(props) => (
            <input
              {...props}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={CONTACT_LIMITS.phone}
              placeholder="(81) 99999-0000"
              defaultValue={serverValues?.phone}
            />
          )}
        </Field>
        <Field id="contato-loja" name="store" label="Loja de interesse" error={errors.store}>
          {(props) => (
            <select {...props} defaultValue={serverValues?.store ?? ""} className={`${props.className} bg-white`}>
              <option value="">Qualquer loja</option>
              {storeNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field id="contato-mensagem" name="message" label="Mensagem" required error={errors.message}>
        {(props) => <textarea {...props} rows={5} maxLength={CONTACT_LIMITS.message} defaultValue={serverValues?.message} />}
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
                  onClick={() => setBlockedLink(null)}
                  className="font-bold underline underline-offset-2"
                >
                  Abrir WhatsApp
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}

type ControlProps = {
  id: string;
  name: ContactField;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  className: string;
};

function Field({
  id,
  name,
  label,
  required = false,
  error,
  children,
}: {
  id: string;
  name: ContactField;
  label: string;
  required?: boolean;
  error?: string;
  children: (props: ControlProps) => React.ReactNode;
}) {
  const errorId = `${id}-erro`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-slate-500"> (opcional)</span>}
      </label>
      {children({
        id,
        name,
        required: required || undefined,
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
