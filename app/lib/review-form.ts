// Product reviews: the form's schema (checked in the browser and again in the product route's
// action) and how ratings read on the page.
import { z } from "~/lib/validation";

export const REVIEW_COMMENT_MAX = 1000;

export const REVIEW_MESSAGES = {
  ratingRequired: "Escolha uma nota de 1 a 5 estrelas",
  commentTooLong: `O comentário pode ter no máximo ${REVIEW_COMMENT_MAX} caracteres`,
} as const;

/**
 * Line breaks arrive as CRLF from a form while the textarea counted them as one character, and
 * control characters (NUL would make PostgreSQL refuse the row) have no place in a comment.
 */
function cleanComment(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim();
}

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(1, REVIEW_MESSAGES.ratingRequired)
    .max(5, REVIEW_MESSAGES.ratingRequired),
  comment: z
    .string()
    .default("")
    .transform(cleanComment)
    .pipe(z.string().max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong)),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

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
