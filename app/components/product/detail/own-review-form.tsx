import { useId, useState } from "react";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "~/components/account/account-card";
import { StarIcon } from "~/components/ui/icons";
import { useForm } from "~/components/ui/use-form";
import type { ActionResult } from "~/lib/forms/action-result";
import { REVIEW_LIMITS, type OwnReview } from "~/lib/catalog/review-form";

/** Imported when the shopper starts a review, so zod is not part of the product page's first load. */
const loadReviewSchema = () => import("~/lib/catalog/review.schema").then((module) => module.reviewSchema);

export function ReviewForm({ ownReview, result, saved }: { ownReview: OwnReview | null; result?: ActionResult; saved: boolean }) {
  const id = useId();
  const [rating, setRating] = useState(ownReview?.rating ?? 0);
  const { errors, props, field } = useForm({ schema: loadReviewSchema, limits: REVIEW_LIMITS, result });
  const ratingError = errors.rating;
  const { error: commentError, ...comment } = field("comment");

  return (
    <Form method="post" {...props} className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h3 className="font-bold">{ownReview ? "Sua avaliação" : "Avalie este produto"}</h3>
      {saved && !result ? <FormMessage tone="success">Obrigado! Sua avaliação foi salva.</FormMessage> : null}
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <fieldset aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-800">Sua nota</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer rounded p-0.5">
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="peer sr-only"
              />
              <StarIcon
                filled={value <= rating}
                className="h-8 w-8 rounded text-amber-600 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
              />
              <span className="sr-only">{value === 1 ? "1 estrela" : `${value} estrelas`}</span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={`${id}-rating-error`} className="mt-1 text-sm font-medium text-red-700">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-semibold text-slate-800">
          Comentário (opcional)
        </label>
        <textarea
          id={`${id}-comment`}
          {...comment}
          rows={4}
          defaultValue={ownReview?.comment ?? ""}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${id}-comment-error` : `${id}-comment-hint`}
          className={`mt-1 w-full rounded-lg border px-3 py-2.5 text-base ${commentError ? "border-red-600" : "border-slate-300"}`}
        />
        {commentError ? (
          <p id={`${id}-comment-error`} className="mt-1 text-sm font-medium text-red-700">
            {commentError}
          </p>
        ) : (
          <p id={`${id}-comment-hint`} className="mt-1 text-xs text-slate-500">
            Até {comment.maxLength} caracteres.
          </p>
        )}
      </div>
      <SubmitButton busyLabel="Enviando…" name="intent" value="review">
        {ownReview ? "Atualizar avaliação" : "Enviar avaliação"}
      </SubmitButton>
    </Form>
  );
}
