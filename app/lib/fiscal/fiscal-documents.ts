// A fiscal document (NFC-e, NF-e) as the receipt, the order window and the shopper's page read it.
import { formatChaveAcesso } from "./identifiers";

export type FiscalDocumentStatus = "pendente" | "processando" | "autorizado" | "erro" | "cancelado";

export type FiscalDocumentView = {
  model: "65" | "55";
  status: FiscalDocumentStatus;
  chave: string;
  numero: string;
  serie: string;
  protocolo: string;
  qrcodeUrl: string;
  urlConsulta: string;
  sefazMessage: string;
  authorizedAt: string | null;
  /** Whether the DANFE is kept (the NF-e's link on the shopper's page). */
  hasDanfe: boolean;
};

/** The receipt's line when no provider is set up: the sale has no fiscal document. */
export const NO_FISCAL_VALUE = "Sem valor fiscal";

export const modelName = (model: "65" | "55") => (model === "65" ? "NFC-e" : "NF-e");

/** "NFC-e em processamento", "NF-e autorizada"…: the note's state in a few words. */
export function fiscalStatusLabel(document: Pick<FiscalDocumentView, "model" | "status">): string {
  const name = modelName(document.model);
  switch (document.status) {
    case "autorizado":
      return `${name} autorizada`;
    case "erro":
      return `${name} rejeitada`;
    case "cancelado":
      return `${name} cancelada`;
    default:
      return `${name} em processamento`;
  }
}

/** The chave de acesso as the DANFE prints it: eleven groups of four digits. */
export const chaveInGroups = (chave: string) => formatChaveAcesso(chave);

/** What the clerk should fix after a rejection, from the SEFAZ's message. */
export function rejectionAdvice(message: string): string {
  if (/ncm/i.test(message)) return "Confira o NCM dos produtos (8 dígitos) no cadastro do produto ou o padrão da categoria, e emita de novo.";
  if (/cpf|destinat/i.test(message)) return "Confira o CPF do cliente (ou emita sem CPF) e emita de novo.";
  if (/cnpj|inscri[cç][aã]o estadual|\bie\b|emitente|csc/i.test(message)) return "Confira o CNPJ, a Inscrição Estadual e o CSC da loja nas configurações da loja, e emita de novo.";
  if (/cfop|cst|csosn|tribut/i.test(message)) return "Confira o CFOP e o CSOSN/CST dos produtos no cadastro, e emita de novo.";
  return "Confira os dados fiscais da loja e dos produtos e emita de novo.";
}

/** The legal windows to cancel an authorised note (SEFAZ): NFC-e 30 minutes, NF-e 24 hours. */
export const CANCEL_WINDOW_MINUTES: Record<"65" | "55", number> = { "65": 30, "55": 24 * 60 };

/** Why the note can no longer be cancelled, or null while it can. */
export function cancelRefusal(document: Pick<FiscalDocumentView, "model" | "status" | "authorizedAt">, now: Date): string | null {
  if (document.status !== "autorizado" || !document.authorizedAt) return `Só uma ${modelName(document.model)} autorizada pode ser cancelada.`;
  const minutes = (now.getTime() - new Date(document.authorizedAt).getTime()) / 60_000;
  if (minutes > CANCEL_WINDOW_MINUTES[document.model]) {
    return document.model === "65"
      ? "Passaram os 30 minutos em que a SEFAZ aceita cancelar uma NFC-e: faça uma devolução (nota de entrada) com o contador."
      : "Passaram as 24 horas em que a SEFAZ aceita cancelar uma NF-e: faça uma nota de devolução com o contador.";
  }
  return null;
}

/** The order window's forms (fetchers to /admin/pedidos/{id}). */
export const FISCAL_CANCEL_INTENT = "fiscal-cancel";
export const FISCAL_REISSUE_INTENT = "fiscal-reissue";

/** What the order window knows of the order's notes; null when the shop issues none. */
export type OrderFiscalPanel = {
  documents: FiscalDocumentView[];
  /** The role may cancel a note (capability "fiscal"); the action checks again. */
  mayCancel: boolean;
  /** The server's time when the window was read: the cancel window is judged from it. */
  now: string;
};
