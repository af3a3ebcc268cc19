/** Lower-case without accents, so 'calcado' finds 'Calçado' and 'TENIS' finds 'Tênis'. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
