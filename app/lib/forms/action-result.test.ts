import { describe, expect, it } from "vitest";
import { actionRefusal, actionSuccess, refusalErrors } from "./action-result";

describe("action results", () => {
  it("puts a refusal given as one line under the whole form", () => {
    expect(actionRefusal("Tente de novo.")).toEqual({ ok: false, errors: { form: "Tente de novo." } });
    expect(actionRefusal({ code: "Já existe" })).toEqual({ ok: false, errors: { code: "Já existe" } });
  });

  it("leaves out what a success does not carry", () => {
    expect(actionSuccess()).toEqual({ ok: true });
    expect(actionSuccess("Salvo.", { id: 3 })).toEqual({ ok: true, message: "Salvo.", data: { id: 3 } });
  });

  it("gives the form the errors of a refusal only", () => {
    expect(refusalErrors(actionRefusal({ name: "Obrigatório" }))).toEqual({ name: "Obrigatório" });
    expect(refusalErrors(actionSuccess("ok"))).toBeUndefined();
    expect(refusalErrors(undefined)).toBeUndefined();
  });
});
