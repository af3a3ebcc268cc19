import { describe, expect, it } from "vitest";
import { idSchema, MAX_ID, parseId } from "./ids";

describe("parseId", () => {
  it("reads a positive integer within PostgreSQL's integer range, from text or a number", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("007")).toBe(7);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    expect(parseId(42)).toBe(42);
  });

  it("answers null (not found) for anything that can name no row", () => {
    for (const value of ["0", "-1", "2147483648", "99999999999", "1.5", "1e3", " 1", "1 ", "", "abc", "１", null, undefined, 0, -3, 1.5, MAX_ID + 1, Number.NaN, Infinity]) {
      expect(parseId(value), String(value)).toBeNull();
    }
  });
});

describe("idSchema", () => {
  it("turns a valid id into a number and refuses the rest with a message", () => {
    expect(idSchema.parse("12")).toBe(12);
    expect(idSchema.parse(12)).toBe(12);
    const refused = idSchema.safeParse("2147483648");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Identificador inválido");
  });
});
