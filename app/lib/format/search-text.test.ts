import { describe, expect, it } from "vitest";
import { searchQuery } from "./search-text";

describe("searchQuery", () => {
  it("turns control characters (NUL included) into spaces and collapses white space", () => {
    expect(searchQuery("\u0000", 100)).toBe("");
    expect(searchQuery("abc\u0000def", 100)).toBe("abc def");
    expect(searchQuery("  tênis\t\n\u0007 azul\u009f ", 100)).toBe("tênis azul");
    expect(searchQuery(null, 100)).toBe("");
  });

  it("caps by characters without splitting a surrogate pair", () => {
    expect(searchQuery("a".repeat(150), 100)).toHaveLength(100);
    const capped = searchQuery("💥".repeat(120), 100);
    expect(Array.from(capped)).toHaveLength(100);
    expect(capped).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(searchQuery("abc def", 4)).toBe("abc");
  });
});
