// Counts as Brazilians write them: "1 pedido", "2 pedidos", and "0 pedidos" (CLDR's pt rule puts 0
// with 1, which reads wrong in a count). One helper for every count the shop shows.
const rules = new Intl.PluralRules("pt-BR");

/** The form of a word for `count`: pluralForm(1, "encontrado", "encontrados") → "encontrado". */
export function pluralForm(count: number, singular: string, plural: string): string {
  return count !== 0 && rules.select(count) === "one" ? singular : plural;
}

/** "1 produto", "1.234 produtos": the count with its word. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString("pt-BR")} ${pluralForm(count, singular, plural)}`;
}
