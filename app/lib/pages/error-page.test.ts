import { describe, expect, it } from "vitest";
import { errorPageFor } from "./error-page";

describe("errorPageFor", () => {
  it("keeps the missing-page text for 404, without retry or contact", () => {
    expect(errorPageFor(404)).toEqual({
      title: "Página não encontrada",
      text: "O endereço que você abriu não existe ou foi removido.",
      retry: false,
      contact: false,
    });
  });

  it("says the shop is unstable only for a server failure or an error that is not an HTTP answer", () => {
    for (const status of [500, 502, 503, 504, undefined]) {
      expect(errorPageFor(status), String(status)).toMatchObject({ title: "Estamos com uma instabilidade", text: "Tente de novo em instantes.", retry: true, contact: true });
    }
  });

  it("answers a refused request (4xx) with a neutral text that does not invite retrying it", () => {
    for (const status of [400, 401, 403, 405, 413, 415, 422]) {
      const page = errorPageFor(status);
      expect(page.title, String(status)).toBe("Não foi possível atender a esta solicitação");
      expect(page.text, String(status)).toBe("Volte para a loja e tente de novo por lá.");
      expect(page.retry, String(status)).toBe(false);
      expect(page.contact, String(status)).toBe(true);
    }
  });

  it("asks to wait after too many attempts (429), which a retry later can fix", () => {
    expect(errorPageFor(429)).toMatchObject({ text: "Muitas tentativas. Aguarde um pouco e tente novamente.", retry: true, contact: true });
  });

  it("never says 'instabilidade' for a 4xx", () => {
    for (let status = 400; status < 500; status++) {
      expect(JSON.stringify(errorPageFor(status)), String(status)).not.toContain("instabilidade");
    }
  });
});
