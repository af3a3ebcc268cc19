import { describe, expect, it } from "vitest";
import { pageQuery } from "./page-query";
import { isTrackingParam, withoutTrackingParams } from "./tracking-params";

describe("pageQuery", () => {
  it("keeps only the parameters the pages read, in one order and one encoding", () => {
    expect(pageQuery("?fbclid=IwAR3x&utm_source=instagram&utm_medium=social")).toBe("");
    expect(pageQuery("?gclid=abc&tamanho=38")).toBe("?tamanho=38");
    expect(pageQuery("?tamanho=38&cor=Azul%20Marinho&fbclid=x")).toBe(pageQuery("?cor=Azul+Marinho&tamanho=38"));
    expect(pageQuery("?tamanho=38&cor=Azul%20Marinho")).toBe("?cor=Azul+Marinho&tamanho=38");
    expect(pageQuery("?loja=sports&q=t%C3%AAnis&pagina=2&preco=ate-50&categoria=Cal%C3%A7ados")).toBe(
      "?categoria=Cal%C3%A7ados&loja=sports&pagina=2&preco=ate-50&q=t%C3%AAnis",
    );
    // Each name's values stay in their order (the pages read the first).
    expect(pageQuery("?tamanho=40&tamanho=38")).toBe("?tamanho=40&tamanho=38");
    expect(pageQuery("?tamanho=40&tamanho=38")).not.toBe(pageQuery("?tamanho=38&tamanho=40"));
    // A parameter no page reads is no other page.
    expect(pageQuery("?x=1&_=2")).toBe("");
    expect(pageQuery("")).toBe("");
  });

  it("leaves out the parameters a page applies only in the browser", () => {
    expect(pageQuery("?tamanho=38&cor=Preto&avaliacao=salva", ["tamanho", "cor"])).toBe("?avaliacao=salva");
    expect(pageQuery("?tamanho=38&cor=Preto", ["tamanho", "cor"])).toBe("");
    expect(pageQuery("?tamanho=38&cor=Preto", ["cor"])).toBe("?tamanho=38");
  });
});

describe("tracking parameters", () => {
  it("are the platforms' click ids and the campaign tags, and nothing the pages read", () => {
    for (const name of ["fbclid", "gclid", "gbraid", "wbraid", "msclkid", "ttclid", "igshid", "utm_source", "utm_campaign", "UTM_Medium"]) {
      expect(isTrackingParam(name), name).toBe(true);
    }
    for (const name of ["q", "tamanho", "cor", "loja", "cupom", "redirectTo", "utm"]) expect(isTrackingParam(name), name).toBe(false);
    expect(withoutTrackingParams("?tamanho=38&fbclid=abc&utm_source=meta")).toBe("?tamanho=38");
    expect(withoutTrackingParams("?fbclid=abc")).toBe("");
    // One encoding, whichever the address used: the page a kept render links is the same for both.
    expect(withoutTrackingParams("?cor=Azul%20Marinho")).toBe("?cor=Azul+Marinho");
    expect(withoutTrackingParams("?cor=Azul+Marinho&gclid=g")).toBe("?cor=Azul+Marinho");
    expect(withoutTrackingParams("")).toBe("");
    expect(withoutTrackingParams("?cor=Azul&tamanho=38&fbclid=x&avaliacao=salva", ["tamanho", "cor"])).toBe("?avaliacao=salva");
  });
});
