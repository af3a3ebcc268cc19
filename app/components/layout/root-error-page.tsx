import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { errorPageFor } from "~/lib/pages/error-page";
import { whatsappLink } from "~/lib/orders/whatsapp";
import { telHref } from "~/lib/format/phone";

/** The root loader's contact of the shop (app/root.tsx): known even when the database is down. */
type ErrorPageContact = { storeName: string; phone: string; whatsapp: string };

/**
 * Last resort when even a layout fails: plain pt-BR, no stack trace and no error message (only the
 * status picks the text, app/lib/error-page.ts). A server failure is, for the shopper, the shop being
 * unstable (the database being down answers 503): it says to try again and how to reach the shop
 * meanwhile. A refused request (405, 413, 429…) says so without crying "instabilidade".
 */
export function RootErrorPage({ error }: { error: unknown }) {
  const contact = useRouteLoaderData<{ contact?: ErrorPageContact }>("root")?.contact;
  const answered = isRouteErrorResponse(error);
  if (!answered) console.error(error);
  const page = errorPageFor(answered ? error.status : undefined);
  return (
    <main className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <p className="mt-3 text-slate-600">{page.text}</p>
      {page.contact && contact && (contact.phone || contact.whatsapp) ? (
        <p className="mt-3 text-slate-600">
          Se preferir, fale com a {contact.storeName}
          {contact.whatsapp ? (
            <>
              {" "}pelo{" "}
              <a className="font-semibold text-brand-700 underline" href={whatsappLink(contact.whatsapp)}>
                WhatsApp
              </a>
            </>
          ) : null}
          {contact.whatsapp && contact.phone ? " ou" : null}
          {contact.phone ? (
            <>
              {" "}pelo telefone{" "}
              <a className="font-semibold text-brand-700 underline" href={telHref(contact.phone)}>
                {contact.phone}
              </a>
            </>
          ) : null}
          .
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {page.retry ? (
          // A plain link reloads the whole page, loaders included: the way back once the shop recovers.
          <a href="" className="inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
            Tentar de novo
          </a>
        ) : null}
        <a href="/" className="inline-block rounded-lg border border-slate-300 px-5 py-3 font-semibold text-slate-800">
          Voltar para o início
        </a>
      </div>
    </main>
  );
}
