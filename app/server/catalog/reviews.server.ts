import { and, count, desc, eq, sql } from "drizzle-orm";
import { products, reviews, users } from "#database/schema";
import { reviewerName, type OwnReview, type RatingSummary, type ReviewView } from "~/lib/catalog/review-form";
import type { ReviewInput } from "~/lib/catalog/review.schema";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { DatabaseOrTransaction } from "../db/database.server";

/** How many reviews the page lists; the average and count always cover all of them. */
const REVIEW_LIST_LIMIT = 50;

/** Average and count of a product's visible reviews in one aggregate query; null when there are none. */
export async function getRatingSummary(db: DatabaseOrTransaction, productId: number): Promise<RatingSummary | null> {
  const [row] = await db
    .select({ average: sql<number | null>`avg(${reviews.rating})::float8`, count: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.hidden, false)));
  if (!row || row.count === 0 || row.average === null) return null;
  return { average: row.average, count: row.count };
}

/** The newest reviews first; hidden ones only for staff (`includeHidden`). */
export async function listReviews(
  db: DatabaseOrTransaction,
  productId: number,
  { includeHidden = false, limit = REVIEW_LIST_LIMIT }: { includeHidden?: boolean; limit?: number } = {},
): Promise<ReviewView[]> {
  const rows = await db
    .select({
      id: reviews.id,
      name: users.name,
      rating: reviews.rating,
      comment: reviews.comment,
      updatedAt: reviews.updatedAt,
      hidden: reviews.hidden,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(includeHidden ? eq(reviews.productId, productId) : and(eq(reviews.productId, productId), eq(reviews.hidden, false)))
    .orderBy(desc(reviews.updatedAt), desc(reviews.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    author: reviewerName(row.name),
    rating: row.rating,
    comment: row.comment,
    date: row.updatedAt.toISOString(),
    hidden: row.hidden,
  }));
}

export async function getOwnReview(db: DatabaseOrTransaction, productId: number, userId: string): Promise<OwnReview | null> {
  const [row] = await db
    .select({ rating: reviews.rating, comment: reviews.comment, updatedAt: reviews.updatedAt })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row ? { rating: row.rating, comment: row.comment, updatedAt: row.updatedAt.toISOString() } : null;
}

/**
 * Records the shopper's review of an active product, or replaces their earlier one (one per shopper
 * per product). A review that staff hid stays hidden when edited. False when there is no such product.
 */
export async function saveReview(
  db: DatabaseOrTransaction,
  review: ReviewInput & { productId: number; userId: string },
): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, review.productId), eq(products.active, true)));
  if (!product) return false;
  await db
    .insert(reviews)
    .values({ productId: review.productId, userId: review.userId, rating: review.rating, comment: review.comment })
    .onConflictDoUpdate({
      target: [reviews.productId, reviews.userId],
      set: { rating: review.rating, comment: review.comment, updatedAt: sql`now()` },
    });
  return true;
}

/** Staff hide (or show again) a review of the given product; false when it is not one of its reviews. */
export async function setReviewHidden(
  db: DatabaseOrTransaction,
  { productId, reviewId, hidden }: { productId: number; reviewId: number; hidden: boolean },
  actor: AuditActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ hidden: reviews.hidden, product: products.name, author: users.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId)))
      .for("update", { of: reviews });
    if (!previous) return false;
    await tx.update(reviews).set({ hidden }).where(eq(reviews.id, reviewId));
    await recordAdminChange(tx, actor, {
      action: hidden ? "review.hide" : "review.show",
      entityType: "review",
      entityId: reviewId,
      entityLabel: `${reviewerName(previous.author)} em “${previous.product}”`,
      before: { hidden: previous.hidden },
      after: { hidden },
    });
    return true;
  });
}
