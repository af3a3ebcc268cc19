// The review form's schema, checked in the browser and again in the product route's action. Apart from
// ./review-form so that the product page loads it (and zod) only once the shopper starts a review.
import { z } from "~/lib/forms/validation";
import { idSchema } from "../forms/ids";
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from "./review-form";

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

/** Staff hiding or showing one review on the product page (intent=hide-review). */
export const reviewVisibilitySchema = z.object({
  reviewId: idSchema,
  hidden: z.enum(["true", "false"]).transform((value) => value === "true"),
});
