import { StarIcon } from "~/components/ui/icons";

/** Five stars, `rating` of them filled (rounded), read out as `label` ("Nota 4 de 5"). */
export function RatingStars({ rating, label, className = "h-4 w-4" }: { rating: number; label: string; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label} className="inline-flex shrink-0 text-amber-600">
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} filled={star <= filled} className={className} />
      ))}
    </span>
  );
}
