import { ANONYMOUS_VIEW, type PersonalView } from "~/lib/account/personal-view";
import { getOwnReview, listReviews } from "../catalog/reviews.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { roleMay } from "~/lib/staff/staff-roles";
import type { CurrentUser } from "./guards.server";

/**
 * What a storefront page shows this person alone (app/lib/personal-view.ts): who is signed in, and on a
 * product page their own review and, for staff who moderate reviews, the hidden reviews with the buttons to show them again.
 */
export async function loadPersonalView(db: DatabaseOrTransaction, user: CurrentUser | null, productId: number | null): Promise<PersonalView> {
  if (!user) return ANONYMOUS_VIEW;
  // Hidden reviews and their buttons for the staff who may hide them (product work), not every role.
  const isAdmin = user.role === "admin" && user.staffRole !== null && roleMay(user.staffRole, "products");
  const product =
    productId === null
      ? null
      : await Promise.all([getOwnReview(db, productId, user.id), isAdmin ? listReviews(db, productId, { includeHidden: true }) : null]).then(
          ([ownReview, staffReviews]) => ({ isAdmin, ownReview, staffReviews }),
        );
  return { user: { name: user.name, email: user.email, role: user.role }, product };
}
