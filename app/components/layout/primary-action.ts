/**
 * Marks what a shopper acts on ("Adicionar ao Carrinho", "Consultar Preço"): the floating WhatsApp
 * button and its greeting step aside whenever they would lie over one (floating-whatsapp.tsx).
 * Spread on the element: `<button {...PRIMARY_ACTION}>`.
 */
export const PRIMARY_ACTION = { "data-primary-action": "" } as const;
export const PRIMARY_ACTION_SELECTOR = "[data-primary-action]";
