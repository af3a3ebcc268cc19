import { describe, expect, it } from "vitest";
import { isValidCpf, maskCep, maskCpf } from "./documents";
import { maskPhone } from "../forms/phone-input";

describe("isValidCpf", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35"])("accepts %s", (cpf) => expect(isValidCpf(cpf)).toBe(true));
  it.each(["529.982.247-24", "111.111.111-11", "123", ""])("refuses %s", (cpf) => expect(isValidCpf(cpf)).toBe(false));
});

describe("masks", () => {
  it("formats as the shopper types", () => {
    expect(maskCpf("52998224725")).toBe("529.982.247-25");
    expect(maskCpf("5299")).toBe("529.9");
    expect(maskCep("55560000")).toBe("55560-000");
    expect(maskCep("5556")).toBe("5556");
    expect(maskPhone("81999998888")).toBe("(81) 99999-8888");
    expect(maskPhone("8136751995")).toBe("(81) 3675-1995");
  });
});
