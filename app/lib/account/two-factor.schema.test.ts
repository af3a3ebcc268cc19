import { describe, expect, it } from "vitest";
import { formLimits } from "../forms/form-limits";
import { currentPasswordSchema, setupCodeSchema } from "./two-factor.schema";

describe("the two-factor settings forms", () => {
  it("give their inputs the limits the schemas state (read by the page from the schemas)", () => {
    expect({ ...formLimits(currentPasswordSchema), ...formLimits(setupCodeSchema) }).toEqual({
      password: { required: true, maxLength: 128 },
      code: { maxLength: 12 },
    });
  });
});
