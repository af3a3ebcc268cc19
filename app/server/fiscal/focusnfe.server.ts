// Focus NFe's API v2 (https://focusnfe.com.br/doc): NFC-e is synchronous (POST /v2/nfce?ref= answers
// autorizado or erro_autorizacao), NF-e asynchronous (POST /v2/nfe?ref= answers
// processando_autorizacao, then GET /v2/nfe/{ref} until autorizado or erro_autorizacao); DELETE cancels
// with a justificativa. The token goes as the HTTP Basic user with an empty password and is never logged.
import { withDeadline } from "../outbound/deadline.server";
import { FiscalProviderError, type FiscalModel, type FiscalNote, type FiscalNoteState, type FiscalPaymentMethod, type FiscalProvider } from "./fiscal-provider.server";

/** A call to Focus NFe, whole: the NFC-e's authorisation at the SEFAZ usually takes a few seconds. */
export const FOCUS_CALL_MS = 8_000;

/** The NFC-e/NF-e codes of the counter's payment methods (tPag). */
export const PAYMENT_CODES: Record<FiscalPaymentMethod, string> = { cash: "01", credit: "03", debit: "04", pix: "17" };

const money = (cents: number) => (cents / 100).toFixed(2);
const path = (model: FiscalModel) => (model === "65" ? "nfce" : "nfe");

/** The note as Focus NFe's fields name it. */
export function focusPayload(note: FiscalNote): Record<string, unknown> {
  const totalProducts = note.items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  const totalDiscount = note.items.reduce((sum, item) => sum + item.discountCents, 0);
  const recipient = note.recipient;
  return {
    cnpj_emitente: note.emitter.cnpj,
    data_emissao: note.issuedAt.toISOString(),
    natureza_operacao: "Venda de mercadoria",
    // 1: presencial (the counter, a pick-up); 2: pela internet (a delivered order).
    presenca_comprador: note.model === "65" ? "1" : "2",
    tipo_documento: "1",
    finalidade_emissao: "1",
    consumidor_final: "1",
    local_destino: note.inState ? "1" : "2",
    // 9: sem frete (counter, pick-up); 0: por conta do emitente (the shop delivers).
    modalidade_frete: note.model === "65" ? "9" : "0",
    ...(note.freightCents > 0 ? { valor_frete: money(note.freightCents) } : {}),
    ...(recipient
      ? {
          cpf_destinatario: recipient.cpf,
          ...(recipient.name ? { nome_destinatario: recipient.name } : {}),
          ...(recipient.address
            ? {
                logradouro_destinatario: recipient.address.street,
                numero_destinatario: recipient.address.number || "S/N",
                complemento_destinatario: recipient.address.complement || undefined,
                bairro_destinatario: recipient.address.district,
                municipio_destinatario: recipient.address.city,
                uf_destinatario: recipient.address.state,
                cep_destinatario: recipient.address.cep.replace(/\D/g, ""),
                indicador_inscricao_estadual_destinatario: "9",
              }
            : {}),
        }
      : {}),
    valor_produtos: money(totalProducts),
    valor_desconto: money(totalDiscount),
    valor_total: money(totalProducts - totalDiscount + note.freightCents),
    items: note.items.map((item, index) => ({
      numero_item: String(index + 1),
      codigo_produto: item.code,
      descricao: item.description,
      cfop: item.cfop,
      codigo_ncm: item.ncm,
      ...(item.cest ? { cest: item.cest } : {}),
      codigo_barras_comercial: item.gtin || "SEM GTIN",
      codigo_barras_tributavel: item.gtin || "SEM GTIN",
      unidade_comercial: "UN",
      unidade_tributavel: "UN",
      quantidade_comercial: item.quantity.toFixed(4),
      quantidade_tributavel: item.quantity.toFixed(4),
      valor_unitario_comercial: money(item.unitPriceCents),
      valor_unitario_tributavel: money(item.unitPriceCents),
      valor_bruto: money(item.unitPriceCents * item.quantity),
      ...(item.discountCents > 0 ? { valor_desconto: money(item.discountCents) } : {}),
      icms_origem: item.origin,
      icms_situacao_tributaria: item.situation,
      pis_situacao_tributaria: "07",
      cofins_situacao_tributaria: "07",
    })),
    formas_pagamento: note.payments.map((payment) => ({ forma_pagamento: PAYMENT_CODES[payment.method], valor_pagamento: money(payment.amountCents) })),
    ...(note.changeCents > 0 ? { valor_troco: money(note.changeCents) } : {}),
  };
}

type FocusAnswer = {
  status?: string;
  mensagem_sefaz?: string;
  chave_nfe?: string;
  numero?: string | number;
  serie?: string | number;
  protocolo?: string;
  qrcode_url?: string;
  url_consulta_nf?: string;
  caminho_xml_nota_fiscal?: string;
  caminho_danfe?: string;
  codigo?: string;
  mensagem?: string;
};

/** What Focus's answer says of the note. */
export function stateOf(answer: FocusAnswer): FiscalNoteState {
  switch (answer.status) {
    case "autorizado":
      return {
        status: "autorizado",
        // Focus writes the chave as "NFe" + its 44 digits.
        chave: String(answer.chave_nfe ?? "").replace(/\D/g, ""),
        numero: String(answer.numero ?? ""),
        serie: String(answer.serie ?? ""),
        protocolo: String(answer.protocolo ?? ""),
        qrcodeUrl: answer.qrcode_url ?? "",
        urlConsulta: answer.url_consulta_nf ?? "",
        xmlPath: answer.caminho_xml_nota_fiscal ?? "",
        danfePath: answer.caminho_danfe ?? "",
        message: answer.mensagem_sefaz ?? "",
      };
    case "cancelado":
      return { status: "cancelado", message: answer.mensagem_sefaz ?? "" };
    case "erro_autorizacao":
    case "denegado":
      return { status: "erro", message: answer.mensagem_sefaz || answer.mensagem || "Rejeitada pela SEFAZ" };
    case "processando_autorizacao":
      return { status: "processando" };
    default:
      throw new FiscalProviderError("unavailable", `Focus NFe answered an unknown status ${JSON.stringify(answer.status ?? null)}`);
  }
}

export function focusNfeProvider({ apiUrl, token, timeoutMs = FOCUS_CALL_MS }: { apiUrl: string; token: string; timeoutMs?: number }): FiscalProvider {
  const authorization = "Basic " + Buffer.from(`${token}:`).toString("base64");

  async function call(method: string, target: string, body?: unknown): Promise<{ status: number; answer: FocusAnswer; bytes: Buffer }> {
    try {
      return await withDeadline(`Focus NFe ${method} ${target.split("?")[0]}`, timeoutMs, async (signal) => {
        const response = await fetch(`${apiUrl}${target}`, {
          method,
          signal,
          headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const bytes = Buffer.from(await response.arrayBuffer());
        let answer: FocusAnswer = {};
        if ((response.headers.get("content-type") ?? "").includes("json")) {
          try {
            answer = JSON.parse(bytes.toString("utf8")) as FocusAnswer;
          } catch {
            answer = {};
          }
        }
        return { status: response.status, answer, bytes };
      });
    } catch (error) {
      throw new FiscalProviderError("unavailable", error instanceof Error ? error.message : String(error));
    }
  }

  function failure(status: number, answer: FocusAnswer): FiscalProviderError {
    if (status === 404) return new FiscalProviderError("not-found", answer.mensagem ?? "nota não encontrada");
    if (status >= 500 || status === 429) return new FiscalProviderError("unavailable", `Focus NFe ${status}`);
    return new FiscalProviderError("refused", answer.mensagem ?? `Focus NFe ${status}`);
  }

  async function read(model: FiscalModel, ref: string): Promise<FiscalNoteState> {
    const { status, answer } = await call("GET", `/v2/${path(model)}/${encodeURIComponent(ref)}`);
    if (status !== 200) throw failure(status, answer);
    return stateOf(answer);
  }

  return {
    name: "focusnfe",
    read,
    async issue(ref, note) {
      const { status, answer } = await call("POST", `/v2/${path(note.model)}?ref=${encodeURIComponent(ref)}`, focusPayload(note));
      // A ref already sent (the answer of an earlier try was lost): the note is the one it made.
      if (answer.codigo === "already_processed") return read(note.model, ref);
      if (status >= 200 && status < 300) return stateOf(answer);
      // A rejection by Focus's own checks (a field missing or wrong) is the note's error, shown to the clerk.
      if (status === 422 || status === 400) return { status: "erro", message: answer.mensagem ?? `Focus NFe ${status}` };
      throw failure(status, answer);
    },
    async cancel(model, ref, reason) {
      const { status, answer } = await call("DELETE", `/v2/${path(model)}/${encodeURIComponent(ref)}`, { justificativa: reason });
      if (answer.status === "erro_cancelamento") throw new FiscalProviderError("refused", answer.mensagem_sefaz ?? "cancelamento recusado pela SEFAZ");
      if (status !== 200) throw failure(status, answer);
      const state = stateOf(answer);
      if (state.status !== "cancelado") throw new FiscalProviderError("refused", answer.mensagem_sefaz ?? answer.mensagem ?? "cancelamento recusado");
      return state;
    },
    async download(filePath) {
      const { status, answer, bytes } = await call("GET", filePath.startsWith("/") ? filePath : `/${filePath}`);
      if (status !== 200) throw failure(status, answer);
      return bytes;
    },
  };
}
