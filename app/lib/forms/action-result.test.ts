import { describe, expect, it } from "vitest";
import { actionRefusal, actionSuccess, refusalErrors, resultMessage } from "./action-result";

describe("action results", () => {
  it("puts a refusal given as one line under the whole form", () => {
    expect(actionRefusal("Tente de novo.")).toEqual({ ok: false, errors: { form: "Tente de novo." } });
    expect(actionRefusal({ code: "Já existe" })).toEqual({ ok: false, errors: { code: "Já existe" } });
  });

  it("keeps what a refusal gives back to show the form again", () => {
    expect(actionRefusal({ email: "Obrigatório" }, { email: "ana@" })).toEqual({ ok: false, errors: { email: "Obrigatório" }, data: { email: "ana@" } });
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

  it("gives one line to show: a success's message or the whole form's error", () => {
    expect(resultMessage(actionSuccess("Salvo."))).toBe("Salvo.");
    expect(resultMessage(actionRefusal("Tente de novo."))).toBe("Tente de novo.");
    expect(resultMessage(actionRefusal({ name: "Obrigatório" }))).toBeUndefined();
    expect(resultMessage(null)).toBeUndefined();
  });
});
