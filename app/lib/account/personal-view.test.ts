import { describe, expect, it } from "vitest";
import { personalViewUrl, productIdOfPath } from "./personal-view";

describe("the personal request of a storefront page", () => {
  it("names the product on a product page, and only there", () => {
    expect(personalViewUrl("/produto/12")).toBe("/api/eu?produto=12");
    expect(personalViewUrl("/produto/12/")).toBe("/api/eu?produto=12");
    for (const path of ["/", "/produtos", "/calcados", "/produto/abc", "/produto/0", "/produto/99999999999", "/produto/12/x"]) {
      expect(personalViewUrl(path), path).toBe("/api/eu");
    }
    expect(productIdOfPath("/produto/2147483647")).toBe(2_147_483_647);
    expect(productIdOfPath("/produto/2147483648")).toBeNull();
  });
});
