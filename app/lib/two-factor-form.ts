// The two-factor settings forms' input limits, without zod: /conta/duas-etapas checks them on the
// server only. ./two-factor.schema.test.ts holds them equal to what the schemas state.
import type { FormLimits } from "./form-limits";

/** The longest setup code accepted as typed (six digits, with room for spaces). */
export const SETUP_CODE_MAX_LENGTH = 12;

export const TWO_FACTOR_LIMITS = {
  // PASSWORD_LENGTH.max: ./password-rule would bring its list of common passwords to the page.
  password: { required: true, maxLength: 128 },
  code: { maxLength: SETUP_CODE_MAX_LENGTH },
} satisfies FormLimits;
