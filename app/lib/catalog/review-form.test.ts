import { describe, expect, it } from "vitest";
import { formLimits } from "../forms/form-limits";
import { formatAverage, REVIEW_LIMITS, reviewCountLabel, reviewerName } from "./review-form";
import { reviewSchema } from "./review.schema";

describe("review-form", () => {
  it("gives the inputs the limits the schema states (the page has them before the schema loads)", () => {
    expect(REVIEW_LIMITS).toEqual(formLimits(reviewSchema));
  });

  it("signs reviews with the first name and the last initial", () => {
    expect(reviewerName("Maria da Silva")).toBe("Maria S.");
    expect(reviewerName("  josé   pereira ")).toBe("josé P.");
    expect(reviewerName("Ana")).toBe("Ana");
    expect(reviewerName("   ")).toBe("Cliente");
  });

  it("reads averages and counts in pt-BR", () => {
    expect(formatAverage(4.333)).toBe("4,3");
    expect(formatAverage(5)).toBe("5,0");
    expect(reviewCountLabel(1)).toBe("1 avaliação");
    expect(reviewCountLabel(12)).toBe("12 avaliações");
  });

  it("accepts whole ratings 1–5 and an optional comment", () => {
    expect(reviewSchema.parse({ rating: "5" })).toEqual({ rating: 5, comment: "" });
    expect(reviewSchema.parse({ rating: "1", comment: "  bom \r\n demais  " })).toEqual({ rating: 1, comment: "bom \n demais" });
    for (const rating of ["0", "6", "2.5", "x", "", undefined]) expect(reviewSchema.safeParse({ rating }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: "3", comment: "a".repeat(1001) }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: "3", comment: "a".repeat(1000) }).success).toBe(true);
  });
});
