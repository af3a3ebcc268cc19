import { ANONYMOUS_VIEW, type PersonalView } from "~/lib/account/personal-view";
import { getOwnReview, listReviews } from "../catalog/reviews.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import type { CurrentUser } from "./guards.server";

/**
 * What a storefront page shows this person alone (app/lib/personal-view.ts): who is signed in, and on a
 * product page their own review and, for staff, the hidden reviews with the buttons to show them again.
 */
export async function loadPersonalView(db: DatabaseOrTransaction, user: CurrentUser | null, productId: number | null): Promise<PersonalView> {
  if (!user) return ANONYMOUS_VIEW;
  const isAdmin = user.role === "admin";
  const product =
    productId === null
      ? null
      : await Promise.all([getOwnReview(db, productId, user.id), isAdmin ? listReviews(db, productId, { includeHidden: true }) : null]).then(
          ([ownReview, staffReviews]) => ({ isAdmin, ownReview, staffReviews }),
        );
  return { user: { name: user.name, email: user.email, role: user.role }, product };
}
