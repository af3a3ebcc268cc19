/** Lower-case without accents, so 'calcado' finds 'Calçado' and 'TENIS' finds 'Tênis'. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A search box's text as the shop takes it from a URL: control characters become spaces (PostgreSQL
 * refuses a NUL in text, and none of them means anything in a search), runs of white space one space,
 * trimmed, and capped so a pasted essay does not become a query. The cap counts characters, not UTF-16
 * units, so it never leaves half an emoji behind.
 */
export function searchQuery(raw: string | null | undefined, maxLength: number): string {
  const text = (raw ?? "").replace(/\p{Cc}/gu, " ").replace(/\s+/g, " ").trim();
  return Array.from(text).slice(0, maxLength).join("").trimEnd();
}
