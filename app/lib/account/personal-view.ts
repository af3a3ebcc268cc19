// What differs per person on a storefront page. The pages themselves are the same for every shopper
// (so the page cache serves signed-in shoppers too: server/page-cache.ts); once a page is up, the
// browser asks GET /api/eu for this, never cached, and fills in the account menu, the favourites'
// account, and on a product page the shopper's own review (and, for staff, the hidden reviews).
import type { OwnReview, ReviewView } from "../catalog/review-form";

export const PERSONAL_VIEW_PATH = "/api/eu";

/** The signed-in shopper or staff member, for the header's account menu. */
export type ShellUser = { name: string; email: string; role: "customer" | "admin" };

/** On a product page, signed in: the shopper's own review, and for staff every review, hidden ones too. */
export type ProductViewer = { isAdmin: boolean; ownReview: OwnReview | null; staffReviews: ReviewView[] | null };

export type PersonalView = { user: ShellUser | null; product: ProductViewer | null };

export const ANONYMOUS_VIEW: PersonalView = { user: null, product: null };

/**
 * On `<html>` when the page was asked for with a session cookie (root.tsx). Without one nobody is
 * signed in, and /api/eu has nothing to say: the page does not ask it, and React does not render the
 * whole page a second time for its answer (most shoppers never sign in).
 */
export const SESSION_COOKIE_SENT_ATTRIBUTE = "data-sessao";

/** In the browser: whether this page was asked for with a session cookie (see SESSION_COOKIE_SENT_ATTRIBUTE). */
export function sessionCookieSent(): boolean {
  return typeof document !== "undefined" && document.documentElement.hasAttribute(SESSION_COOKIE_SENT_ATTRIBUTE);
}

// Not ./ids's parseId: that module brings zod, which the storefront's first load leaves out.
const PRODUCT_PAGE = /^\/produto\/(\d{1,10})\/?$/;
const MAX_ID = 2_147_483_647;

/** The product a storefront path shows, if it is a product page. */
export function productIdOfPath(pathname: string): number | null {
  const id = Number(PRODUCT_PAGE.exec(pathname)?.[1] ?? Number.NaN);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** The personal request for a storefront page: `/api/eu`, or `/api/eu?produto=12` on a product page. */
export function personalViewUrl(pathname: string): string {
  const productId = productIdOfPath(pathname);
  return productId === null ? PERSONAL_VIEW_PATH : `${PERSONAL_VIEW_PATH}?produto=${productId}`;
}
