// Product reviews on the server: the product route's action (intent=review / intent=hide-review) and
// loader, with real accounts and sessions, and the database's own checks.
import { refusalErrors, type ActionResult } from "~/lib/forms/action-result";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, reviews, users } from "#database/schema";
import { REVIEW_MESSAGES } from "~/lib/catalog/review-form";
import { productJsonLd } from "~/lib/pages/structured-data";
import { action, loader } from "~/routes/storefront/product";
import { loader as personalViewLoader } from "~/routes/api/personal-view";
import type { PersonalView } from "~/lib/account/personal-view";
import type { LoadContext } from "~/server/load-context.server";
import type { OwnReview, ReviewView } from "~/lib/catalog/review-form";
import { getRatingSummary, listReviews } from "~/server/catalog/reviews.server";
import { browserRequest, createAuthContext, run, signUp, type Shopper } from "../setup/signed-in";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let cleanUp: () => Promise<void>;
let productId: number;
let otherProductId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ context, cleanUp } = await createAuthContext(t));
  const rows = await t.db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
  productId = rows[0]!.id;
  otherProductId = rows[1]!.id;
});
afterAll(async () => {
  await cleanUp?.();
  await t?.close();
});

type LoaderData = {
  summary: { average: number; count: number } | null;
  reviews: Promise<ReviewView[]>;
  viewer: { isAdmin: boolean; ownReview: OwnReview | null } | null;
  reviewSaved: boolean;
};

function review(as: Shopper | null, form: Record<string, string>, id = productId) {
  return run<ActionResult>(
    action,
    browserRequest(`/produto/${id}`, { as, form: { intent: "review", ...form } }),
    context,
    { id: String(id) },
  );
}

function hide(as: Shopper | null, reviewId: number, hidden = true, id = productId) {
  return run(
    action,
    browserRequest(`/produto/${id}`, { as, form: { intent: "hide-review", reviewId: String(reviewId), hidden: String(hidden) } }),
    context,
    { id: String(id) },
  );
}

/**
 * The product page as the browser puts it together: the page every shopper gets, then this shopper's
 * part from /api/eu (the shopper's own review; for staff, every review, hidden ones too).
 */
async function page(as: Shopper | null, id = productId) {
  const outcome = await run<LoaderData>(loader, browserRequest(`/produto/${id}`, { as }), context, { id: String(id) });
  const personal = await run<PersonalView>(personalViewLoader, browserRequest(`/api/eu?produto=${id}`, { as }), context);
  const viewer = personal.data.product && { isAdmin: personal.data.product.isAdmin, ownReview: personal.data.product.ownReview };
  expect(outcome.data.viewer).toBeNull();
  return { ...outcome.data, viewer, list: personal.data.product?.staffReviews ?? (await outcome.data.reviews) };
}

async function reviewRow(userId: string, id = productId) {
  const rows = await t.db.select().from(reviews).where(sql`${reviews.userId} = ${userId} and ${reviews.productId} = ${id}`);
  return rows;
}

describe("writing a review", () => {
  it("a signed-in shopper rates a product and goes back to the Avaliações tab", async () => {
    const shopper = await signUp(context, { name: "Maria  da Silva" });
    const outcome = await review(shopper, { rating: "4", comment: "Muito confortável." });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/produto/${productId}?avaliacao=salva#avaliacoes`);

    const data = await page(shopper);
    expect(data.viewer).toMatchObject({ isAdmin: false, ownReview: { rating: 4, comment: "Muito confortável." } });
    expect(data.list.find((item) => item.comment === "Muito confortável.")).toMatchObject({ author: "Maria S.", rating: 4, hidden: false });
  });

  it("keeps one review per shopper per product: sending again updates it", async () => {
    const shopper = await signUp(context);
    await review(shopper, { rating: "2", comment: "Primeira impressão." });
    await review(shopper, { rating: "5", comment: "Mudei de ideia." });
    const rows = await reviewRow(shopper.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comment: "Mudei de ideia." });
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime());

    // Another product is another review.
    await review(shopper, { rating: "3" }, otherProductId);
    expect(await reviewRow(shopper.id, otherProductId)).toHaveLength(1);
    // And the database refuses a second row for the same pair whatever the code does.
    await expect(
      t.db.insert(reviews).values({ productId, userId: shopper.id, rating: 1 }),
    ).rejects.toThrow();
  });

  it("refuses a rating outside 1–5, and an overlong comment, with the form's messages", async () => {
    const shopper = await signUp(context);
    for (const rating of ["0", "6", "4.5", "-1", "abc", ""]) {
      const outcome = await review(shopper, { rating, comment: "x" });
      expect(outcome.status, `rating ${JSON.stringify(rating)}`).toBe(400);
      expect(refusalErrors(outcome.data)?.rating).toBe(REVIEW_MESSAGES.ratingRequired);
    }
    const long = await review(shopper, { rating: "5", comment: "a".repeat(1001) });
    expect(long.status).toBe(400);
    expect(refusalErrors(long.data)?.comment).toBe(REVIEW_MESSAGES.commentTooLong);
    expect(await reviewRow(shopper.id)).toHaveLength(0);

    // The database has the same limits.
    await expect(t.db.insert(reviews).values({ productId, userId: shopper.id, rating: 6 })).rejects.toThrow();
    await expect(t.db.insert(reviews).values({ productId, userId: shopper.id, rating: 0 })).rejects.toThrow();
    await expect(t.db.insert(reviews).values({ productId, userId: shopper.id, rating: 3, comment: "a".repeat(1001) })).rejects.toThrow();
  });

  it("counts a line break as one character, as the text box does, and drops control characters", async () => {
    const shopper = await signUp(context);
    const comment = `${"a".repeat(499)}\r\n${"b".repeat(500)}`;
    expect((await review(shopper, { rating: "3", comment })).status).toBe(302);
    expect((await reviewRow(shopper.id))[0]?.comment).toBe(`${"a".repeat(499)}\n${"b".repeat(500)}`);
    expect((await review(shopper, { rating: "3", comment: "ok\u0000\u0007 sim  " })).status).toBe(302);
    expect((await reviewRow(shopper.id))[0]?.comment).toBe("ok sim");
  });

  it("keeps a comment with markup as plain text", async () => {
    const shopper = await signUp(context);
    const comment = `<script>alert("x")</script><img src=x onerror=alert(1)> & "aspas"`;
    expect((await review(shopper, { rating: "1", comment })).status).toBe(302);
    expect((await reviewRow(shopper.id))[0]?.comment).toBe(comment);
    const listed = (await page(null)).list.find((item) => item.rating === 1 && item.comment.startsWith("<script>"));
    // Stored and handed to the page as the text typed; React renders it as text, never as HTML.
    expect(listed?.comment).toBe(comment);
  });

  it("refuses anonymous shoppers: they are sent to sign in and come back", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    const outcome = await review(null, { rating: "5", comment: "anônimo" });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/login?redirectTo=${encodeURIComponent(`/produto/${productId}`)}`);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("refuses a review of an unknown or inactive product", async () => {
    const shopper = await signUp(context);
    const outcome = await review(shopper, { rating: "5" }, 2_000_000);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/produtos");
    expect(await reviewRow(shopper.id, 2_000_000)).toHaveLength(0);
  });
});

describe("the average and hiding", () => {
  let productUnderTest: number;
  beforeAll(async () => {
    const [row] = await t.db.select({ id: products.id }).from(products).orderBy(sql`${products.id} desc`).limit(1);
    productUnderTest = row!.id;
  });

  it("shows nothing when there are no reviews", async () => {
    const data = await page(null, productUnderTest);
    expect(data.summary).toBeNull();
    expect(data.list).toEqual([]);
    expect(productJsonLd({ ...minimalProduct, id: productUnderTest }, "http://x", data.summary)).not.toHaveProperty("aggregateRating.ratingValue");
  });

  it("averages the visible reviews; hidden ones are neither counted nor listed to shoppers, staff still see them", async () => {
    const [a, b, c] = [await signUp(context), await signUp(context), await signUp(context)];
    const admin = await signUp(context, { name: "Equipe Loja", admin: true });
    await review(a, { rating: "5" }, productUnderTest);
    await review(b, { rating: "4" }, productUnderTest);
    await review(c, { rating: "1", comment: "ofensivo" }, productUnderTest);
    expect(await getRatingSummary(t.db, productUnderTest)).toEqual({ average: 10 / 3, count: 3 });

    const target = (await reviewRow(c.id, productUnderTest))[0]!;
    // A customer cannot hide, and an anonymous visitor is sent to sign in.
    expect((await hide(b, target.id, true, productUnderTest)).status).toBe(403);
    expect((await hide(null, target.id, true, productUnderTest)).location).toMatch(/^\/login/);
    expect((await reviewRow(c.id, productUnderTest))[0]?.hidden).toBe(false);

    const hidden = await hide(admin, target.id, true, productUnderTest);
    expect(hidden.status).toBe(302);
    expect(hidden.location).toBe(`/produto/${productUnderTest}#avaliacoes`);
    expect(await getRatingSummary(t.db, productUnderTest)).toEqual({ average: 4.5, count: 2 });

    const shopperView = await page(a, productUnderTest);
    expect(shopperView.summary).toEqual({ average: 4.5, count: 2 });
    expect(shopperView.list.map((item) => item.rating).sort()).toEqual([4, 5]);
    const staffView = await page(admin, productUnderTest);
    expect(staffView.viewer?.isAdmin).toBe(true);
    expect(staffView.list.find((item) => item.id === target.id)).toMatchObject({ hidden: true, comment: "ofensivo" });

    // Editing a hidden review does not bring it back.
    await review(c, { rating: "2", comment: "editado" }, productUnderTest);
    expect((await reviewRow(c.id, productUnderTest))[0]).toMatchObject({ hidden: true, rating: 2 });
    expect((await getRatingSummary(t.db, productUnderTest))?.count).toBe(2);

    // Staff can show it again.
    await hide(admin, target.id, false, productUnderTest);
    expect(await getRatingSummary(t.db, productUnderTest)).toEqual({ average: 11 / 3, count: 3 });

    const jsonLd = productJsonLd({ ...minimalProduct, id: productUnderTest }, "http://x", await getRatingSummary(t.db, productUnderTest));
    expect(jsonLd.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 3.7, reviewCount: 3, bestRating: 5, worstRating: 1 });
  });

  it("hides only a review of the product in the address", async () => {
    const shopper = await signUp(context);
    const admin = await signUp(context, { admin: true });
    await review(shopper, { rating: "5" }, otherProductId);
    const target = (await reviewRow(shopper.id, otherProductId))[0]!;
    expect((await hide(admin, target.id, true, productId)).status).toBe(404);
    expect((await reviewRow(shopper.id, otherProductId))[0]?.hidden).toBe(false);
  });

  it("lists newest first, signed with the first name and the last initial only", async () => {
    const shopper = await signUp(context, { name: "José Carlos Pereira" });
    await review(shopper, { rating: "5", comment: "O mais novo" }, otherProductId);
    const [first] = await listReviews(t.db, otherProductId);
    expect(first).toMatchObject({ author: "José P.", comment: "O mais novo" });
    const [userRow] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect(JSON.stringify(first)).not.toContain(userRow!.email);
  });
});

const minimalProduct = {
  id: 0,
  name: "Produto",
  description: "",
  category: "",
  brand: "",
  priceCents: 100,
  inStock: true,
  images: [],
};
