// A local stand-in for Focus NFe's API v2 on 127.0.0.1 over real HTTP (https://focusnfe.com.br/doc):
// POST /v2/nfce?ref= authorises at once (or rejects with a SEFAZ message), POST /v2/nfe?ref= answers
// processando_autorizacao and authorises at the next read, GET reads, DELETE cancels with a
// justificativa (15–255 characters). The token is checked as the HTTP Basic user. Driven by the tests:
// it can reject, be slow, be down, lose its answer after authorising (a crash between the provider's
// work and the shop's record), hold its answer after authorising (the shop can be killed meanwhile)
// and answers a ref it already has as Focus does ("already_processed").
import crypto from "node:crypto";
import http, { type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeFocusNote = {
  ref: string;
  model: "65" | "55";
  status: "autorizado" | "erro_autorizacao" | "processando_autorizacao" | "cancelado";
  body: Record<string, unknown>;
  chave: string;
  numero: number;
  serie: string;
  mensagem_sefaz: string;
  justificativa?: string;
};

export type FakeFocusNfe = {
  url: string;
  token: string;
  notes: Map<string, FakeFocusNote>;
  /** Every note it made, in order: a ref twice would be a second note for one sale. */
  issued: { ref: string; chave: string }[];
  /** Every request: method, path (with the ref), whether its token was right. */
  requests: { method: string; path: string; authorised: boolean }[];
  /** POSTs per ref. */
  posts(ref: string): number;
  /** Every request waits this long before its answer (a slow SEFAZ). */
  delayMs: number;
  /** A POST's note is made at once and its answer waits this long (the SEFAZ authorised; the answer is on its way). */
  answerDelayMs: number;
  /** POST answers waiting out `answerDelayMs` now. */
  answersHeld: number;
  /** Every request gets 503. */
  down: boolean;
  /** The next POSTs are rejected by the "SEFAZ" with this message (null: authorised). */
  rejectWith: string | null;
  /** The next POST is authorised and its connection closed before the answer (the answer is lost). */
  loseNextAnswer: boolean;
  close(): Promise<void>;
};

/** A chave de acesso with its modulo 11 check digit right (as the SEFAZ builds it). */
function chaveFor(cnpj: string, model: string, serie: number, numero: number): string {
  const now = new Date();
  const base =
    "26" +
    String(now.getUTCFullYear() % 100).padStart(2, "0") +
    String(now.getUTCMonth() + 1).padStart(2, "0") +
    cnpj.padStart(14, "0").slice(0, 14) +
    model +
    String(serie).padStart(3, "0") +
    String(numero).padStart(9, "0") +
    "1" +
    String(crypto.randomInt(0, 99_999_999)).padStart(8, "0");
  let sum = 0;
  let weight = 2;
  for (let index = base.length - 1; index >= 0; index--) {
    sum += Number(base[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return base + String(rest < 2 ? 0 : 11 - rest);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export async function startFakeFocusNfe(): Promise<FakeFocusNfe> {
  const token = crypto.randomBytes(16).toString("hex");
  const notes = new Map<string, FakeFocusNote>();
  const issued: FakeFocusNfe["issued"] = [];
  const postCounts = new Map<string, number>();
  const requests: FakeFocusNfe["requests"] = [];
  const numbers = { "65": 0, "55": 0 };
  let origin = "";

  const answerOf = (note: FakeFocusNote) => ({
    cnpj_emitente: note.body.cnpj_emitente,
    ref: note.ref,
    status: note.status,
    status_sefaz: note.status === "autorizado" ? "100" : note.status === "cancelado" ? "135" : note.status === "erro_autorizacao" ? "778" : undefined,
    mensagem_sefaz: note.mensagem_sefaz,
    ...(note.status === "autorizado" || note.status === "cancelado"
      ? {
          chave_nfe: `NFe${note.chave}`,
          numero: String(note.numero),
          serie: note.serie,
          protocolo: `1262600000${String(note.numero).padStart(5, "0")}`,
          caminho_xml_nota_fiscal: `/arquivos/${note.ref}.xml`,
          caminho_danfe: `/arquivos/${note.ref}.pdf`,
          ...(note.model === "65"
            ? { qrcode_url: `http://nfce.sefaz.pe.gov.br/nfce/consulta?p=${note.chave}|2|2|1|ABCDEF`, url_consulta_nf: "nfce.sefaz.pe.gov.br/nfce/consulta" }
            : {}),
        }
      : {}),
  });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const authorised = req.headers.authorization === "Basic " + Buffer.from(`${token}:`).toString("base64");
    requests.push({ method: req.method ?? "", path: url.pathname + url.search, authorised });
    if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (res.destroyed) return;
    if (fake.down) return json(res, 503, { codigo: "servico_indisponivel", mensagem: "Serviço indisponível" });
    if (!authorised) return json(res, 403, { codigo: "permissao_negada", mensagem: "Acesso negado" });

    const file = url.pathname.match(/^\/arquivos\/([^/]+)\.(xml|pdf)$/);
    if (file && req.method === "GET") {
      const note = notes.get(file[1]!);
      if (!note || note.status !== "autorizado") return json(res, 404, { codigo: "nao_encontrado", mensagem: "Arquivo não encontrado" });
      res.writeHead(200, { "content-type": file[2] === "xml" ? "application/xml" : "application/pdf" });
      return res.end(file[2] === "xml" ? `<nfeProc><NFe><infNFe Id="NFe${note.chave}"/></NFe></nfeProc>` : `%PDF-1.4 DANFE ${note.chave}`);
    }

    const create = url.pathname.match(/^\/v2\/(nfce|nfe)$/);
    if (create && req.method === "POST") {
      const ref = url.searchParams.get("ref") ?? "";
      if (!ref) return json(res, 400, { codigo: "requisicao_invalida", mensagem: "Parâmetro ref não informado" });
      postCounts.set(ref, (postCounts.get(ref) ?? 0) + 1);
      const existing = notes.get(ref);
      // A ref already used for a note that is not a rejection: Focus answers so and keeps the first.
      if (existing && existing.status !== "erro_autorizacao") return json(res, 422, { codigo: "already_processed", mensagem: "Nota fiscal já autorizada ou em processamento" });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return json(res, 400, { codigo: "requisicao_invalida", mensagem: "JSON inválido" });
      }
      const model = create[1] === "nfce" ? "65" : "55";
      const missing = ["cnpj_emitente", "items", "formas_pagamento"].filter((field) => body[field] === undefined);
      if (missing.length) return json(res, 422, { codigo: "requisicao_invalida", mensagem: `Campos obrigatórios: ${missing.join(", ")}` });
      const note: FakeFocusNote = { ref, model, status: "autorizado", body, chave: "", numero: 0, serie: "1", mensagem_sefaz: "Autorizado o uso da NF-e" };
      if (fake.rejectWith) {
        note.status = "erro_autorizacao";
        note.mensagem_sefaz = fake.rejectWith;
      } else {
        note.numero = numbers[model] += 1;
        note.chave = chaveFor(String(body.cnpj_emitente), model, 1, note.numero);
        issued.push({ ref, chave: note.chave });
        if (model === "55") {
          note.status = "processando_autorizacao";
          note.mensagem_sefaz = "";
        }
      }
      notes.set(ref, note);
      if (fake.loseNextAnswer) {
        fake.loseNextAnswer = false;
        req.socket.destroy();
        return;
      }
      if (fake.answerDelayMs) {
        fake.answersHeld += 1;
        await new Promise((resolve) => setTimeout(resolve, fake.answerDelayMs));
        fake.answersHeld -= 1;
        if (res.destroyed || req.socket.destroyed) return;
      }
      return json(res, model === "55" ? 202 : 201, answerOf(note));
    }

    const one = url.pathname.match(/^\/v2\/(nfce|nfe)\/([^/]+)$/);
    if (one) {
      const note = notes.get(decodeURIComponent(one[2]!));
      if (!note) return json(res, 404, { codigo: "nao_encontrado", mensagem: "Nota fiscal não encontrada" });
      if (req.method === "GET") {
        // The SEFAZ finishes an NF-e between two reads.
        if (note.status === "processando_autorizacao") {
          note.status = "autorizado";
          note.mensagem_sefaz = "Autorizado o uso da NF-e";
        }
        return json(res, 200, answerOf(note));
      }
      if (req.method === "DELETE") {
        let justificativa = "";
        try {
          justificativa = String((JSON.parse(raw) as { justificativa?: unknown }).justificativa ?? "");
        } catch {
          // falls through to the refusal
        }
        if (justificativa.length < 15 || justificativa.length > 255) return json(res, 400, { codigo: "requisicao_invalida", mensagem: "Justificativa deve ter de 15 a 255 caracteres" });
        if (note.status !== "autorizado") return json(res, 200, { status: "erro_cancelamento", mensagem_sefaz: "Nota não autorizada não pode ser cancelada" });
        note.status = "cancelado";
        note.justificativa = justificativa;
        note.mensagem_sefaz = "Evento registrado e vinculado a NF-e";
        return json(res, 200, { status: "cancelado", status_sefaz: "135", mensagem_sefaz: note.mensagem_sefaz, caminho_xml_cancelamento: `/arquivos/${note.ref}-can.xml` });
      }
    }
    return json(res, 404, { codigo: "nao_encontrado", mensagem: "Recurso não encontrado" });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeFocusNfe = {
    url: origin,
    token,
    notes,
    issued,
    requests,
    posts: (ref) => postCounts.get(ref) ?? 0,
    delayMs: 0,
    answerDelayMs: 0,
    answersHeld: 0,
    down: false,
    rejectWith: null,
    loseNextAnswer: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
