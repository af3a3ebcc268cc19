import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, loginSchema, profileSchema, registerSchema, resetPasswordSchema } from "./account.schema";
import { fieldErrors } from "../forms/form-errors";

const errors = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.success || !result.error ? {} : fieldErrors(result.error);

describe("loginSchema", () => {
  it("normalises the e-mail and keeps the password as typed", () => {
    expect(loginSchema.parse({ email: "  Ana@Exemplo.COM ", password: " s e n h a " })).toEqual({
      email: "ana@exemplo.com",
      password: " s e n h a ",
    });
  });

  it("asks for both fields with the spec's single message", () => {
    expect(errors(loginSchema.safeParse({}))).toEqual({ form: AUTH_MESSAGES.fillAll });
    expect(errors(loginSchema.safeParse({ email: "   ", password: "x" }))).toEqual({ form: AUTH_MESSAGES.fillAll });
    expect(errors(loginSchema.safeParse({ email: "ana@exemplo.com", password: "" }))).toEqual({ form: AUTH_MESSAGES.fillAll });
  });
});

describe("registerSchema", () => {
  const valid = { name: "Ana", email: "ana@exemplo.com", password: "pé-de-moleque", confirmPassword: "pé-de-moleque" };

  it("accepts a complete form", () => {
    expect(registerSchema.parse({ ...valid, role: "admin" })).toEqual(valid);
  });

  it("gives each field its message", () => {
    expect(errors(registerSchema.safeParse({ ...valid, name: " " }))).toEqual({ name: AUTH_MESSAGES.nameRequired });
    expect(errors(registerSchema.safeParse({ ...valid, email: "" }))).toEqual({ email: AUTH_MESSAGES.emailRequired });
    expect(errors(registerSchema.safeParse({ ...valid, email: "ana@exemplo" }))).toEqual({ email: AUTH_MESSAGES.emailInvalid });
    expect(errors(registerSchema.safeParse({ ...valid, password: "1234567", confirmPassword: "1234567" }))).toEqual({
      password: AUTH_MESSAGES.passwordTooShort,
    });
    expect(errors(registerSchema.safeParse({ ...valid, confirmPassword: "pé-de-muleque" }))).toEqual({
      confirmPassword: AUTH_MESSAGES.passwordsDiffer,
    });
  });

  it("allows long passphrases and refuses the common passwords, whatever their case", () => {
    const long = "uma frase longa de senha ".repeat(5).slice(0, 128);
    expect(registerSchema.safeParse({ ...valid, password: long, confirmPassword: long }).success).toBe(true);
    const overlong = "x".repeat(129);
    expect(errors(registerSchema.safeParse({ ...valid, password: overlong, confirmPassword: overlong }))).toEqual({
      password: AUTH_MESSAGES.passwordTooLong,
    });
    for (const common of ["12345678", "senha123", "Brasil123", "PASSWORD", "qwerty123"]) {
      expect(errors(registerSchema.safeParse({ ...valid, password: common, confirmPassword: common })), common).toEqual({
        password: AUTH_MESSAGES.passwordTooCommon,
      });
      expect(errors(resetPasswordSchema.safeParse({ token: "t", password: common, confirmPassword: common })), common).toEqual({
        password: AUTH_MESSAGES.passwordTooCommon,
      });
    }
  });
});

describe("resetPasswordSchema", () => {
  it("needs the token from the link", () => {
    expect(errors(resetPasswordSchema.safeParse({ password: "pé-de-moleque", confirmPassword: "pé-de-moleque" }))).toEqual({
      token: AUTH_MESSAGES.resetLinkInvalid,
    });
  });
});

describe("profileSchema", () => {
  it("accepts Brazilian phones with area code, with or without +55", () => {
    for (const phone of ["(81) 99999-8888", "81 3675-1995", "+55 81 99999-8888", "5581999998888", ""]) {
      expect(profileSchema.safeParse({ name: "Ana", phone }).success, phone).toBe(true);
    }
    for (const phone of ["99999-8888", "123", "+1 (555) 123-4567 ramal 89"]) {
      expect(errors(profileSchema.safeParse({ name: "Ana", phone })), phone).toEqual({ phone: AUTH_MESSAGES.phoneInvalid });
    }
  });

  it("defaults the optional fields to empty", () => {
    expect(profileSchema.parse({ name: " Ana " })).toEqual({ name: "Ana", phone: "", address: "" });
  });
});
