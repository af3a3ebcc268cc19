import { Suspense } from "react";
import { Await, Form, Link } from "react-router";
import { lazyExport } from "~/components/ui/lazy-export";
import type { ActionResult } from "~/lib/forms/action-result";
import { productPath } from "~/lib/pages/navigation";
import { formatAverage, reviewCountLabel, type RatingSummary } from "~/lib/catalog/review-form";
import { loginPath } from "~/lib/pages/safe-redirect";
import type { OwnReview, ReviewView } from "~/lib/catalog/review-form";
import { RatingStars } from "./rating-stars";

/** Who is looking: null when signed out. */
export type ReviewViewer = { isAdmin: boolean; ownReview: OwnReview | null } | null;

export type ReviewsProps = {
  productId: number;
  summary: RatingSummary | null;
  reviews: Promise<ReviewView[]>;
  viewer: ReviewViewer;
  /** The review form's answer (a refusal; a saved review redirects). */
  result?: ActionResult;
  /** The shopper's review was just saved. */
  saved: boolean;
};

/**
 * The form is for a signed-in shopper only (who is signed in is known after hydration): its code, with
 * the form hook, is fetched then, not by every visitor's page.
 */
const ReviewForm = lazyExport(() => import("./own-review-form"), "ReviewForm");

const reviewDate = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Recife" });

/** The Avaliações tab: the average, the reviews (streamed in after the page), and the form. */
export function ReviewsSection({ productId, summary, reviews, viewer, result, saved }: ReviewsProps) {
  return (
    <div className="grid max-w-5xl gap-8 lg:grid-cols-[1fr_20rem]">
      <div>
        {summary ? (
          <p className="flex flex-wrap items-center gap-2 text-slate-800">
            <RatingStars rating={summary.average} label={`Nota média ${formatAverage(summary.average)} de 5`} className="h-5 w-5" />
            <span className="text-lg font-bold">{formatAverage(summary.average)}</span>
            <span className="text-slate-600">({reviewCountLabel(summary.count)})</span>
          </p>
        ) : (
          <p className="text-slate-700">Este produto ainda não tem avaliações.</p>
        )}
        <Suspense fallback={summary ? <p className="mt-4 text-sm text-slate-600">Carregando avaliações…</p> : null}>
          <Await resolve={reviews}>{(list) => <ReviewList reviews={list} isAdmin={viewer?.isAdmin ?? false} />}</Await>
        </Suspense>
      </div>

      <div>
        {viewer ? (
          <Suspense fallback={null}>
            <ReviewForm key={viewer.ownReview?.updatedAt ?? "new"} ownReview={viewer.ownReview} result={result} saved={saved} />
          </Suspense>
        ) : (
          <p className="rounded-xl border border-slate-200 p-4 text-slate-700">
            <Link to={loginPath(productPath(productId))} className="font-semibold text-brand-700 underline">
              Entre para avaliar este produto
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

function ReviewList({ reviews, isAdmin }: { reviews: ReviewView[]; isAdmin: boolean }) {
  if (reviews.length === 0) return null;
  return (
    <ul className="mt-4 divide-y divide-slate-200" aria-label="Avaliações dos clientes">
      {reviews.map((review) => (
        <li key={review.id} className="py-4" data-testid="review">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <RatingStars rating={review.rating} label={`Nota ${review.rating} de 5`} />
            <span className="font-semibold text-slate-900">{review.author}</span>
            <time dateTime={review.date} className="text-sm text-slate-500">
              {reviewDate.format(new Date(review.date))}
            </time>
          </div>
          {/* Plain text: React escapes it, line breaks are kept by CSS. */}
          {review.comment ? <p className="mt-2 whitespace-pre-line break-words text-slate-700">{review.comment}</p> : null}
          {isAdmin ? <HideReviewForm review={review} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Staff only: hide a review from shoppers (or show it again). The action checks the role. */
function HideReviewForm({ review }: { review: ReviewView }) {
  return (
    <Form method="post" className="mt-2 flex items-center gap-3 text-sm">
      <input type="hidden" name="reviewId" value={review.id} />
      <input type="hidden" name="hidden" value={review.hidden ? "false" : "true"} />
      {review.hidden ? <span className="font-semibold text-amber-800">Oculta para os clientes</span> : null}
      <button
        type="submit"
        name="intent"
        value="hide-review"
        className="rounded border border-slate-300 px-2 py-1 font-semibold text-slate-700 hover:bg-slate-50"
      >
        {review.hidden ? "Mostrar" : "Ocultar"}
      </button>
    </Form>
  );
}
