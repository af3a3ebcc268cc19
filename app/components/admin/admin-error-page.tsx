import { isRouteErrorResponse, Link } from "react-router";
import { errorPageFor, REFUSED_PAGE } from "~/lib/pages/error-page";

const STAFF_REFUSED_PAGE = {
  title: "Sem permissão para esta parte do painel",
  text: "O seu perfil na equipe não permite abrir ou mudar isto. Se precisar, fale com o Dono da loja.",
  retry: false,
};

/**
 * An admin page that failed, inside the panel's frame (the layout's ErrorBoundary): the clerk keeps
 * the menu and can go on with the rest of the panel. Plain pt-BR, no stack or error message: only the
 * status picks the text (app/lib/pages/error-page.ts), as the storefront's last resort does.
 */
export function AdminErrorPage({ error }: { error: unknown }) {
  const answered = isRouteErrorResponse(error);
  if (!answered) console.error(error);
  // Inside the panel a 403 is a staff role without this part (requireStaffPermission).
  const page = answered && error.status === 403 ? STAFF_REFUSED_PAGE : errorPageFor(answered ? error.status : undefined);
  // The storefront's refusal sends the shopper back to the shop; the clerk stays in the panel.
  const text = page === REFUSED_PAGE ? "Volte ao painel e tente de novo por lá." : page.text;
  return (
    <div className="mx-auto max-w-xl rounded-xl bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-bold">{page.title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {page.retry ? (
          <button type="button" onClick={() => window.location.reload()} className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            Tentar de novo
          </button>
        ) : null}
        <Link to="/admin" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700">
          Voltar ao início do painel
        </Link>
      </div>
    </div>
  );
}
