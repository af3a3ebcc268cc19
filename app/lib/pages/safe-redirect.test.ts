import { describe, expect, it } from "vitest";
import { loginPath, safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/conta")).toBe("/conta");
    expect(safeRedirectPath("/produtos?q=t%C3%AAnis&page=2")).toBe("/produtos?q=t%C3%AAnis&page=2");
    expect(safeRedirectPath("/conta#pedidos")).toBe("/conta#pedidos");
    // Encoded characters stay encoded in the path; only raw ones are dangerous.
    expect(safeRedirectPath("/busca/%2F%2Fx")).toBe("/busca/%2F%2Fx");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of [
      "//evil.com",
      "//evil.com/conta",
      "/\\evil.com",
      "/\\/evil.com",
      "\\\\evil.com",
      "https://evil.com",
      "http:/evil.com",
      "javascript:alert(1)",
      "evil.com",
      "conta",
      "/\t/evil.com",
      "/\n/evil.com",
      " /conta",
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/");
    }
  });

  it("falls back for missing or odd values", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/conta"])).toBe("/");
    expect(safeRedirectPath("")).toBe("/");
    expect(safeRedirectPath(`/${"a".repeat(3000)}`)).toBe("/");
    expect(safeRedirectPath("//evil.com", "/conta")).toBe("/conta");
  });
});

describe("loginPath", () => {
  it("carries the page to come back to", () => {
    expect(loginPath("/conta")).toBe("/login?redirectTo=%2Fconta");
    expect(loginPath("/produtos?q=a&b=c")).toBe("/login?redirectTo=%2Fprodutos%3Fq%3Da%26b%3Dc");
    expect(loginPath("/")).toBe("/login");
    expect(loginPath("//evil.com")).toBe("/login");
  });
});
