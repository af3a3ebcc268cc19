/** The ways a shopper can pay, as the checkout offers them and the settings switch them on (`key`). */
export const PAYMENT_METHODS = [
  { value: "credit", key: "creditCard", label: "Cartão de Crédito" },
  { value: "debit", key: "debitCard", label: "Cartão de Débito" },
  { value: "pix", key: "pix", label: "PIX" },
  { value: "cash", key: "cash", label: "Dinheiro" },
  { value: "store_credit", key: "storeCredit", label: "Crediário da Loja" },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];
