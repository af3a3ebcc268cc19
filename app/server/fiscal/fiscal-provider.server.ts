// The fiscal provider behind one interface (Focus NFe today, ./focusnfe.server.ts; a second one, such
// as Nuvem Fiscal, is one more adapter): it signs the note with the shop's certificate and talks to
// the SEFAZ. What the shop sends is provider-neutral (FiscalNote); each adapter maps it to its API.

/** "65": NFC-e (counter, pick-up); "55": NF-e (goods that travel to the buyer). */
export type FiscalModel = "65" | "55";

export type FiscalPaymentMethod = "cash" | "credit" | "debit" | "pix";

export type FiscalNoteItem = {
  code: string;
  description: string;
  ncm: string;
  cfop: string;
  origin: string;
  situation: string;
  cest: string;
  /** GTIN ('' = sem GTIN). */
  gtin: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
};

export type FiscalNote = {
  model: FiscalModel;
  issuedAt: Date;
  emitter: { cnpj: string; stateRegistration: string; regime: "simples" | "normal" };
  items: FiscalNoteItem[];
  payments: { method: FiscalPaymentMethod; amountCents: number }[];
  /** Dinheiro's change (troco). */
  changeCents: number;
  freightCents: number;
  /** "CPF na nota" (NFC-e, optional) or the shopper (NF-e): digits only. */
  recipient: {
    cpf: string;
    name: string;
    address?: { street: string; number: string; district: string; city: string; state: string; cep: string; complement: string };
  } | null;
  /** A sale inside the store's state (CFOP 5xxx) or to another (6xxx). */
  inState: boolean;
};

/** What the provider says of a note. */
export type FiscalNoteState =
  | {
      status: "autorizado";
      chave: string;
      numero: string;
      serie: string;
      protocolo: string;
      qrcodeUrl: string;
      urlConsulta: string;
      xmlPath: string;
      danfePath: string;
      message: string;
    }
  | { status: "processando" }
  | { status: "erro"; message: string }
  | { status: "cancelado"; message: string };

/**
 * unavailable: down, slow or a 5xx (try again later; the call may or may not have reached it);
 * not-found: the provider does not know this ref; refused: it said no (a bad token, a bad request).
 */
export class FiscalProviderError extends Error {
  constructor(
    readonly kind: "unavailable" | "not-found" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "FiscalProviderError";
  }
}

export interface FiscalProvider {
  readonly name: string;
  /** Sends the note under `ref`; a ref the provider already has answers that note's state. */
  issue(ref: string, note: FiscalNote): Promise<FiscalNoteState>;
  /** Reads the note under `ref` (FiscalProviderError "not-found" when it has none). */
  read(model: FiscalModel, ref: string): Promise<FiscalNoteState>;
  /** Cancels the authorised note, with the reason (15 to 255 characters). */
  cancel(model: FiscalModel, ref: string, reason: string): Promise<FiscalNoteState>;
  /** A file the provider keeps (the XML, the DANFE), by the path its answer gave. */
  download(path: string): Promise<Buffer>;
}
