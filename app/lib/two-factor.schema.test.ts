import { describe, expect, it } from "vitest";
import { formLimits } from "./form-limits";
import { TWO_FACTOR_LIMITS } from "./two-factor-form";
import { currentPasswordSchema, setupCodeSchema } from "./two-factor.schema";

describe("the two-factor settings forms", () => {
  it("give their inputs the limits the schemas state (the page does not load the schemas)", () => {
    expect({ ...formLimits(currentPasswordSchema), ...formLimits(setupCodeSchema) }).toEqual(TWO_FACTOR_LIMITS);
  });
});
