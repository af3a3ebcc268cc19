import { describe, expect, it } from "vitest";
import { parseStoredJson } from "../storage/stored-json";
import { favoritesFromStored, isFavorite, MAX_FAVORITES, toggleFavorite } from "./favorites";

const parseFavorites = (raw: string | null) => parseStoredJson(raw, favoritesFromStored);

describe("favorites", () => {
  it("adds a product and removes it on the second toggle", () => {
    const once = toggleFavorite([], 7);
    expect(once).toEqual([7]);
    expect(isFavorite(once, 7)).toBe(true);
    const twice = toggleFavorite(once, 7);
    expect(twice).toEqual([]);
    expect(isFavorite(twice, 7)).toBe(false);
  });

  it("keeps the other favourites in order", () => {
    expect(toggleFavorite([3, 7, 9], 7)).toEqual([3, 9]);
    expect(toggleFavorite([3, 9], 12)).toEqual([3, 9, 12]);
  });

  it("does not change the list it was given", () => {
    const list = [1, 2];
    toggleFavorite(list, 3);
    toggleFavorite(list, 1);
    expect(list).toEqual([1, 2]);
  });

  it("drops the oldest favourites beyond the limit", () => {
    const full = Array.from({ length: MAX_FAVORITES }, (_, index) => index + 1);
    const next = toggleFavorite(full, 999);
    expect(next).toHaveLength(MAX_FAVORITES);
    expect(next[0]).toBe(2);
    expect(next.at(-1)).toBe(999);
  });

  it("parses a stored list, ignoring duplicates and values that are not product ids", () => {
    expect(parseFavorites("[4, 4, 8]")).toEqual([4, 8]);
    expect(parseFavorites('[1, "2", -3, 0, 2.5, null, 5]')).toEqual([1, 5]);
  });

  it("treats missing or malformed storage as no favourites", () => {
    expect(parseFavorites(null)).toEqual([]);
    expect(parseFavorites("")).toEqual([]);
    expect(parseFavorites("{not json")).toEqual([]);
    expect(parseFavorites('{"id": 1}')).toEqual([]);
  });
});
