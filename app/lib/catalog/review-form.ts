// Product reviews: how ratings read on the page and the limits the form shows. The form's schema is in
// ./review.schema, apart, so the product page does not download zod before the shopper uses the form.

import type { FormLimits } from "../forms/form-limits";

export const REVIEW_COMMENT_MAX = 1000;

/**
 * The review form's input limits, for a page that loads the schema only once the form is used;
 * ./review-form.test.ts holds them equal to what the schema states.
 */
export const REVIEW_LIMITS = { rating: { min: 1, max: 5 }, comment: { maxLength: REVIEW_COMMENT_MAX } } satisfies FormLimits;

export const REVIEW_MESSAGES = {
  ratingRequired: "Escolha uma nota de 1 a 5 estrelas",
  commentTooLong: `O comentário pode ter no máximo ${REVIEW_COMMENT_MAX} caracteres`,
} as const;

/** The visible reviews of a product: what the title, the tab label and search engines show. */
export type RatingSummary = { average: number; count: number };

const averageFormat = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "4,3" */
export function formatAverage(average: number): string {
  return averageFormat.format(average);
}

/** "1 avaliação", "12 avaliações" */
export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? "avaliação" : "avaliações"}`;
}

/** How a review is signed: the first name and the initial of the last one ("Maria S."). */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return "Cliente";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toLocaleUpperCase("pt-BR")}.` : first;
}

/** A review as the product page lists it: never the author's full name or e-mail. */
export type ReviewView = {
  id: number;
  author: string;
  rating: number;
  comment: string;
  /** ISO date of the last edit. */
  date: string;
  hidden: boolean;
};

/** The shopper's own review, to fill the form for editing. */
export type OwnReview = { rating: number; comment: string; updatedAt: string };
