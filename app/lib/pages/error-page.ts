/**
 * What the last-resort error page (app/root.tsx) says for an answer's status. A refused request (4xx)
 * is not the shop failing: telling the shopper "instabilidade" there would alarm them for nothing and
 * have them retry something that will be refused again. Only a server failure (5xx, or an error that
 * is not an HTTP answer at all) is the shop being unstable.
 */
export type ErrorPageText = {
  title: string;
  text: string;
  /** Whether trying the same address again can help (the button reloads the page). */
  retry: boolean;
  /** Whether the shop's WhatsApp/phone is offered, to order or ask meanwhile. */
  contact: boolean;
};

const NOT_FOUND_PAGE: ErrorPageText = {
  title: "Página não encontrada",
  text: "O endereço que você abriu não existe ou foi removido.",
  retry: false,
  contact: false,
};

const TOO_MANY_REQUESTS_PAGE: ErrorPageText = {
  title: "Só um instante",
  text: "Muitas tentativas. Aguarde um pouco e tente novamente.",
  retry: true,
  contact: true,
};

/** Any other refusal (400, 403, 405, 413, 415…): nothing broke, the request was not accepted. */
export const REFUSED_PAGE: ErrorPageText = {
  title: "Não foi possível atender a esta solicitação",
  text: "Volte para a loja e tente de novo por lá.",
  retry: false,
  contact: true,
};

export const UNAVAILABLE_PAGE: ErrorPageText = {
  title: "Estamos com uma instabilidade",
  text: "Tente de novo em instantes.",
  retry: true,
  contact: true,
};

/** `status` is the thrown answer's HTTP status, or undefined for an error that is not an HTTP answer. */
export function errorPageFor(status: number | undefined): ErrorPageText {
  if (status === 404) return NOT_FOUND_PAGE;
  if (status === 429) return TOO_MANY_REQUESTS_PAGE;
  if (status !== undefined && status >= 400 && status < 500) return REFUSED_PAGE;
  return UNAVAILABLE_PAGE;
}
