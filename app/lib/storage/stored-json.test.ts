import { describe, expect, it } from "vitest";
import { cartFromStored } from "../cart/cart";
import { favoritesFromStored } from "../catalog/favorites";
import { couponCodeFromStored } from "../coupons/coupon-code";
import { parseStoredJson, readStoredJson } from "./stored-json";

const storageOf = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe("stored JSON", () => {
  it("gives the reader the parsed value, or nothing for no value and text that is not JSON", () => {
    const seen: unknown[] = [];
    const read = (data: unknown) => (seen.push(data), data);
    parseStoredJson('{"a":1}', read);
    parseStoredJson(null, read);
    parseStoredJson("", read);
    parseStoredJson("{cortado", read);
    expect(seen).toEqual([{ a: 1 }, undefined, undefined, undefined]);
  });

  it("reads a key of the storage, and storage that throws is nothing", () => {
    expect(readStoredJson("k", (data) => data, storageOf({ k: "[1]" }))).toEqual([1]);
    const locked = { getItem: () => { throw new Error("SecurityError"); } };
    expect(readStoredJson("k", (data) => data ?? "vazio", locked)).toBe("vazio");
  });
});

describe("the three stores' readers survive bad JSON and other shapes", () => {
  const line = { cartItemId: "7-38-", id: 7, name: "Tênis", shopName: "Erick Sports", category: "Calçados", priceCents: 129_90, size: "38", color: null, quantity: 2, image: null };
  const cases: [string, (raw: string | null) => unknown, unknown][] = [
    ["cart", (raw) => parseStoredJson(raw, cartFromStored), []],
    ["favourites", (raw) => parseStoredJson(raw, favoritesFromStored), []],
    ["coupon", (raw) => parseStoredJson(raw, couponCodeFromStored), ""],
  ];
  it.each(cases)("%s: empty for nothing, not JSON, or another shape", (_name, read, empty) => {
    for (const raw of [null, "", "{cortado", "null", "42", '{"a":1}', "true"]) expect(read(raw), String(raw)).toEqual(empty);
  });

  it("keeps the valid lines of a damaged cart, the ids of a favourites list, a code of coupon shape", () => {
    expect(parseStoredJson(JSON.stringify([line, { id: "x" }, null]), cartFromStored)).toEqual([line]);
    expect(parseStoredJson('[3, "4", 3, -1, 9]', favoritesFromStored)).toEqual([3, 9]);
    expect(parseStoredJson('"BEMVINDO10"', couponCodeFromStored)).toBe("BEMVINDO10");
    expect(parseStoredJson('"<script>"', couponCodeFromStored)).toBe("");
  });
});
