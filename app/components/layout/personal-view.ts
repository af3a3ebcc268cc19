import { ANONYMOUS_VIEW, personalViewUrl, sessionCookieSent, type PersonalView } from "~/lib/account/personal-view";

// The storefront layout's and the product page's client loaders run for the same navigation, with the
// same Request: they share one /api/eu call.
const perNavigation = new WeakMap<Request, Promise<PersonalView>>();

async function fetchPersonalView(url: string): Promise<PersonalView> {
  try {
    const response = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return ANONYMOUS_VIEW;
    return (await response.json()) as PersonalView;
  } catch {
    // Offline or the shop unreachable: the page works as for a visitor who is signed out.
    return ANONYMOUS_VIEW;
  }
}

/**
 * Whether anyone may be signed in in this tab: the page was asked for with a session cookie, or a form
 * has been sent since (signing in is one). Until then /api/eu would only say "nobody".
 */
let maybeSignedIn = sessionCookieSent();

/** A form was sent (the storefront layout's revalidation sees every one): from now on, ask. */
export function noteFormSent() {
  maybeSignedIn = true;
}

/** This person's part of the page the navigation leads to (app/lib/personal-view.ts). */
export function personalViewFor(request: Request): Promise<PersonalView> {
  if (!maybeSignedIn) return Promise.resolve(ANONYMOUS_VIEW);
  let pending = perNavigation.get(request);
  if (!pending) {
    pending = fetchPersonalView(personalViewUrl(new URL(request.url).pathname));
    perNavigation.set(request, pending);
  }
  return pending;
}
