import { describe, expect, it } from "vitest";
import { checkoutSchema } from "../orders/checkout.schema";
import { formLimits } from "./form-limits";
import { settingsFormSchema } from "../group/settings-form.schema";
import { z } from "./validation";

describe("formLimits", () => {
  it("reads maxLength, required, min and max from a form's schema, through defaults, refinements and pipes", () => {
    const schema = z
      .object({
        name: z.string().trim().min(1, "obrigatório").max(100).refine(Boolean),
        note: z.string().max(500).optional().default(""),
        count: z.coerce.number().int().min(1).max(12).default(1),
        id: z.coerce.number().int().positive(),
        typed: z.preprocess((value) => value ?? "", z.string().min(1).max(30)),
        email: z.string().max(254).pipe(z.email()),
        digits: z.string().max(14).transform((text) => text.replace(/\D/g, "")),
        free: z.string(),
      })
      .superRefine(() => undefined);
    expect(formLimits(schema)).toEqual({
      name: { required: true, maxLength: 100 },
      note: { maxLength: 500 },
      count: { min: 1, max: 12 },
      typed: { required: true, maxLength: 30 },
      email: { maxLength: 254 },
      digits: { maxLength: 14 },
    });
  });

  it("names a list's items with *", () => {
    const limits = formLimits(settingsFormSchema);
    expect(limits["locations.*.name"]).toEqual({ required: true, maxLength: 100 });
    expect(limits.maxInstallments).toEqual({ min: 1, max: 12 });
  });

  it("gives the checkout's inputs the schema's limits", () => {
    const limits = formLimits(checkoutSchema);
    expect(limits.name).toEqual({ required: true, maxLength: 100 });
    expect(limits.notes).toEqual({ maxLength: 500 });
    expect(limits.installments).toEqual({ min: 1, max: 12 });
    expect(limits.pickupLocationId).toBeUndefined();
  });
});
