// The shop's name inside a sentence. Portuguese puts an article before it, joined to the preposition:
// "ao Grupo Erick", "às Lojas Erick", "do Grupo Erick", "nas Lojas Erick". The article is a setting
// (`storeArticle`), since only the owner knows whether the name is "o Grupo" or "as Lojas".

export const STORE_ARTICLES = ["o", "a", "os", "as"] as const;
export type StoreArticle = (typeof STORE_ARTICLES)[number];

/** Articles joined to the prepositions the shop's texts use ("" : the article alone). */
const CONTRACTIONS: Record<"" | "a" | "de" | "em", Record<StoreArticle, string>> = {
  "": { o: "o", a: "a", os: "os", as: "as" },
  a: { o: "ao", a: "à", os: "aos", as: "às" },
  de: { o: "do", a: "da", os: "dos", as: "das" },
  em: { o: "no", a: "na", os: "nos", as: "nas" },
};

/** `withArticle("a", { storeName: "Lojas Erick", storeArticle: "as" })` → "às Lojas Erick". */
export function withArticle(preposition: keyof typeof CONTRACTIONS, store: { storeName: string; storeArticle: StoreArticle }): string {
  return `${CONTRACTIONS[preposition][store.storeArticle]} ${store.storeName}`;
}
