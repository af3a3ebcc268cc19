// The fiscal documents of orders, through the shop's outbox pattern (as the Pix charge queue and the
// staff notices): the sale never waits for the SEFAZ.
//
//   sale / hand-over / shipping ──its transaction──▶ fiscal_documents row 'pendente' (queueFiscalDocument)
//        ──commit──▶ issueDueFiscalDocuments (nudged right after; the loop retries with backoff), leased
//        with `for update skip locked`: 'processando' is committed BEFORE the provider is called, so a
//        later try (another instance, a restart after a crash) reads the note under the same ref first
//        and never sends a second one ──▶ autorizado | erro (the SEFAZ's message) | retried
//
// The provider's ref is the order's id and the model (fiscalRef): one note per order and model, here
// (unique index) and at the provider.
import { sql } from "drizzle-orm";
import type { ShippingAddress } from "#database/orders-schema";
import { cancelRefusal, modelName, type FiscalDocumentStatus, type FiscalDocumentView } from "~/lib/fiscal/fiscal-documents";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { setOrderStatus } from "../orders/admin-order-changes.server";
import type { FiscalConfig } from "../config/fiscal-config.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { loopsPerDatabase, type DeliveryLoop } from "../db/delivery-loop.server";
import { log } from "../log/logger.server";
import { focusNfeProvider } from "./focusnfe.server";
import { FiscalProviderError, type FiscalModel, type FiscalNote, type FiscalNoteState, type FiscalPaymentMethod, type FiscalProvider } from "./fiscal-provider.server";
import { fiscalDataOf } from "./product-fiscal.server";
import { archiveAuthorisedNotes } from "./fiscal-archive.server";
import type { MediaStorage } from "../media/media-storage.server";

/** Every store is in Pernambuco: a delivery elsewhere is an interstate sale (CFOP 6xxx). */
export const SHOP_STATE = "PE";
/** A worker holds a note this long while it calls the provider; past it (the process died) another takes it. */
const LEASE = sql`interval '2 minutes'`;
/** An NF-e the SEFAZ is still processing is read again after this. */
const PROCESSING_RECHECK_SECONDS = 10;
/** A PIX counter sale waits for its money before its note: read again after this. */
const UNPAID_RECHECK_SECONDS = 30;
/** Retries after the provider failed: 30 s, 1 min, 2 min… at most 30 min apart. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 30 * 60);
}
const RETRY_INTERVAL_MS = 15_000;

/** The note's ref at the provider: the order's id (without dashes) and the model, the same at every try. */
export function fiscalRef(orderId: string, model: FiscalModel): string {
  return `${orderId.replace(/-/g, "")}-${model === "65" ? "nfce" : "nfe"}`;
}

/** Written in the sale's (or hand-over's, or shipping's) transaction: issued once that commits. */
export async function queueFiscalDocument(tx: DatabaseOrTransaction, orderId: string, model: FiscalModel): Promise<void> {
  await tx.execute(sql`
    insert into fiscal_documents (order_id, model, ref) values (${orderId}, ${model}, ${fiscalRef(orderId, model)})
    on conflict (order_id, model) do nothing`);
}

/**
 * The order window's status change, in its transaction: a pick-up handed over ("Entregue") takes its
 * NFC-e; a delivered order marked shipped (or delivered straight away) its NF-e, with the shopper as
 * recipient. Counter sales took theirs when sold.
 */
export async function queueFiscalDocumentForStatus(tx: DatabaseOrTransaction, change: { orderId: string; to: string }): Promise<boolean> {
  const { rows } = await tx.execute<{ channel: string; delivery_method: string }>(sql`select channel, delivery_method from orders where id = ${change.orderId}`);
  const order = rows[0];
  if (!order || order.channel === "balcao") return false;
  if (order.delivery_method === "pickup" && change.to === "delivered") {
    await queueFiscalDocument(tx, change.orderId, "65");
    return true;
  }
  if (order.delivery_method === "delivery" && (change.to === "shipped" || change.to === "delivered")) {
    await queueFiscalDocument(tx, change.orderId, "55");
    return true;
  }
  return false;
}

const providers = new WeakMap<FiscalConfig, FiscalProvider>();

/** One provider object per configuration. */
export function fiscalProviderFor(config: FiscalConfig): FiscalProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = focusNfeProvider({ apiUrl: config.apiUrl, token: config.token });
    providers.set(config, provider);
  }
  return provider;
}

type DocumentRow = {
  id: number;
  order_id: string;
  model: FiscalModel;
  ref: string;
  status: FiscalDocumentStatus;
  attempts: number;
};

export type IssueOutcome = "autorizado" | "erro" | "processando" | "unavailable" | "waiting" | "dropped";

/**
 * Issues every due note nobody holds (or only `orderId`'s, the nudge after a sale), each taken with a
 * lease (for update skip locked), so two instances or twenty concurrent drains call the provider once
 * per note. Never throws for the provider: a failed try is retried later with backoff.
 */
export async function issueDueFiscalDocuments(db: Database, provider: FiscalProvider, { orderId, batch = 20 }: { orderId?: string; batch?: number } = {}): Promise<IssueOutcome[]> {
  const { rows } = await db.execute<DocumentRow>(sql`
    update fiscal_documents set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}, updated_at = now()
    where id in (
      select id from fiscal_documents
      where status in ('pendente', 'processando') and next_attempt_at <= now()
        ${orderId ? sql`and order_id = ${orderId}` : sql``}
      order by next_attempt_at limit ${batch} for update skip locked)
    returning id, order_id, model, ref, status, attempts`);
  const outcomes: IssueOutcome[] = [];
  for (const row of rows) outcomes.push(await issueClaimed(db, provider, row));
  return outcomes;
}

async function issueClaimed(db: Database, provider: FiscalProvider, row: DocumentRow): Promise<IssueOutcome> {
  const { rows: orderRows } = await db.execute<{ status: string; channel: string; payment_status: string | null }>(sql`
    select o.status, o.channel, p.status as payment_status from orders o left join order_payments p on p.order_id = o.id where o.id = ${row.order_id}`);
  const order = orderRows[0];
  if (row.status === "pendente") {
    // Never sent: an order cancelled meanwhile needs no note; a PIX sale waits for its money.
    if (!order || order.status === "cancelled") {
      await db.execute(sql`update fiscal_documents set status = 'cancelado', sefaz_message = 'Venda cancelada antes da emissão', updated_at = now() where id = ${row.id}`);
      return "dropped";
    }
    if (order.channel === "balcao" && order.payment_status !== "paid") {
      await db.execute(sql`update fiscal_documents set attempts = attempts - 1, next_attempt_at = now() + make_interval(secs => ${UNPAID_RECHECK_SECONDS}) where id = ${row.id}`);
      return "waiting";
    }
  }
  let state: FiscalNoteState | null = null;
  try {
    if (row.status === "processando") {
      // A call may have reached the provider (its answer lost, or the SEFAZ still working): ask first.
      try {
        state = await provider.read(row.model, row.ref);
      } catch (error) {
        if (!(error instanceof FiscalProviderError && error.kind === "not-found")) throw error;
      }
    }
    if (!state) {
      const note = await buildFiscalNote(db, row.order_id, row.model);
      if (typeof note === "string") return recordState(db, row, { status: "erro", message: note });
      // Committed before the call: whatever happens to this process now, the next try reads first.
      await db.execute(sql`update fiscal_documents set status = 'processando', updated_at = now() where id = ${row.id}`);
      state = await provider.issue(row.ref, note);
    }
  } catch (error) {
    const delay = retryDelaySeconds(row.attempts);
    log.warn({ err: error instanceof FiscalProviderError ? error.message : error, ref: row.ref, retryInSeconds: delay }, "fiscal note not issued: tried again later");
    await db.execute(sql`update fiscal_documents set next_attempt_at = now() + make_interval(secs => ${delay}), updated_at = now() where id = ${row.id}`);
    return "unavailable";
  }
  return recordState(db, row, state);
}

async function recordState(db: Database, row: DocumentRow, state: FiscalNoteState): Promise<IssueOutcome> {
  switch (state.status) {
    case "autorizado":
      await db.execute(sql`
        update fiscal_documents set status = 'autorizado', chave = ${state.chave}, numero = ${state.numero}, serie = ${state.serie}, protocolo = ${state.protocolo},
          qrcode_url = ${state.qrcodeUrl}, url_consulta = ${state.urlConsulta}, xml_path = ${state.xmlPath}, danfe_path = ${state.danfePath},
          sefaz_message = ${state.message}, authorized_at = coalesce(authorized_at, now()), updated_at = now()
        where id = ${row.id}`);
      return "autorizado";
    case "erro":
      await db.execute(sql`update fiscal_documents set status = 'erro', sefaz_message = ${state.message}, updated_at = now() where id = ${row.id}`);
      return "erro";
    case "cancelado":
      await db.execute(sql`update fiscal_documents set status = 'cancelado', cancelled_at = coalesce(cancelled_at, now()), updated_at = now() where id = ${row.id}`);
      return "dropped";
    case "processando":
      await db.execute(sql`
        update fiscal_documents set status = 'processando', next_attempt_at = now() + make_interval(secs => ${PROCESSING_RECHECK_SECONDS}), updated_at = now()
        where id = ${row.id}`);
      return "processando";
  }
}

const PAYMENT_OF: Record<string, FiscalPaymentMethod> = { cash: "cash", credit: "credit", debit: "debit", pix: "pix", card: "credit" };

/** The note the order makes, or what the shop must fix first (in pt-BR) when a field it needs is missing. */
export async function buildFiscalNote(db: DatabaseOrTransaction, orderId: string, model: FiscalModel): Promise<FiscalNote | string> {
  const { rows } = await db.execute<{
    customer_cpf: string;
    customer_name: string;
    shipping_address: ShippingAddress | null;
    delivery_cents: number | null;
    total_cents: number;
    payment_method: string | null;
    cash_received_cents: number | null;
    store_name: string | null;
    cnpj: string | null;
    state_registration: string | null;
    tax_regime: string | null;
  }>(sql`
    select o.customer_cpf, o.customer_name, o.shipping_address, o.delivery_cents, o.total_cents, o.payment_method, o.cash_received_cents,
      s.name as store_name, s.cnpj, s.state_registration, s.tax_regime
    from orders o left join store_locations s on s.id = o.fulfilling_store_id where o.id = ${orderId}`);
  const order = rows[0];
  if (!order) return "Pedido não encontrado.";
  if (!order.cnpj) return `A loja ${order.store_name ?? ""} não tem CNPJ cadastrado: informe o CNPJ e a Inscrição Estadual nas configurações da loja.`.replace("loja  não", "loja não");
  const { rows: items } = await db.execute<{ product_id: number | null; variant_id: number | null; name: string; size: string | null; color: string | null; unit_price_cents: number | null; quantity: number; discount_cents: number; ean: string | null; sku: string | null }>(sql`
    select i.product_id, i.variant_id, i.name, i.size, i.color, i.unit_price_cents, i.quantity, i.discount_cents, v.ean, v.sku
    from order_items i left join product_variants v on v.id = i.variant_id where i.order_id = ${orderId} order by i.position`);
  const fiscal = await fiscalDataOf(db, items.flatMap((item) => (item.product_id === null ? [] : [Number(item.product_id)])));
  const address = order.shipping_address;
  const inState = model === "65" || !address || address.state.toUpperCase() === SHOP_STATE;
  const missingNcm = items.filter((item) => !fiscal.get(Number(item.product_id))?.ncm).map((item) => item.name);
  if (missingNcm.length) return `Sem NCM: ${missingNcm.join(", ")}. Informe o NCM no cadastro do produto (ou o padrão da categoria) e emita de novo.`;
  const cpf = order.customer_cpf.replace(/\D/g, "");
  if (model === "55" && cpf.length !== 11) return "O pedido não tem o CPF do cliente, que a NF-e pede: informe o CPF no pedido e emita de novo.";
  const freightCents = model === "55" ? (order.delivery_cents ?? 0) : 0;
  const method = PAYMENT_OF[order.payment_method ?? ""] ?? "pix";
  const changeCents = method === "cash" && order.cash_received_cents !== null ? Math.max(0, order.cash_received_cents - order.total_cents) : 0;
  return {
    model,
    issuedAt: new Date(),
    emitter: { cnpj: order.cnpj.replace(/\D/g, ""), stateRegistration: (order.state_registration ?? "").replace(/\D/g, ""), regime: order.tax_regime === "normal" ? "normal" : "simples" },
    items: items.map((item) => {
      const data = fiscal.get(Number(item.product_id))!;
      const variant = [item.size, item.color].filter(Boolean).join(" ");
      return {
        code: item.sku || String(item.variant_id ?? item.product_id ?? ""),
        description: variant ? `${item.name} ${variant}` : item.name,
        ncm: data.ncm,
        cfop: inState ? data.cfopInState : data.cfopOutOfState,
        origin: data.taxOrigin,
        situation: data.taxSituation,
        cest: data.cest,
        gtin: item.ean ?? "",
        quantity: item.quantity,
        unitPriceCents: item.unit_price_cents ?? 0,
        discountCents: item.discount_cents,
      };
    }),
    // Dinheiro's line is what was handed over; the change goes back as troco.
    payments: [{ method, amountCents: order.total_cents + changeCents }],
    changeCents,
    freightCents,
    recipient:
      cpf.length === 11
        ? {
            cpf,
            name: model === "55" ? order.customer_name : "",
            ...(model === "55" && address
              ? { address: { street: address.street, number: address.number, district: address.neighborhood, city: address.city, state: address.state, cep: address.cep, complement: address.complement } }
              : {}),
          }
        : null,
    inState,
  };
}

/** The order's notes as the receipt, the order window and the shopper's page show them. */
export async function fiscalDocumentsOf(db: DatabaseOrTransaction, orderId: string): Promise<FiscalDocumentView[]> {
  const { rows } = await db.execute<{
    model: "65" | "55";
    status: FiscalDocumentStatus;
    chave: string;
    numero: string;
    serie: string;
    protocolo: string;
    qrcode_url: string;
    url_consulta: string;
    sefaz_message: string;
    authorized_at: Date | string | null;
    danfe_key: string;
    danfe_path: string;
  }>(sql`select * from fiscal_documents where order_id = ${orderId} order by model desc`);
  return rows.map((row) => ({
    model: row.model,
    status: row.status,
    chave: row.chave,
    numero: row.numero,
    serie: row.serie,
    protocolo: row.protocolo,
    qrcodeUrl: row.qrcode_url,
    urlConsulta: row.url_consulta,
    sefazMessage: row.sefaz_message,
    authorizedAt: row.authorized_at ? new Date(row.authorized_at).toISOString() : null,
    hasDanfe: Boolean(row.danfe_key || row.danfe_path),
  }));
}

/** "Emitir de novo" after a rejection (the product fixed): queued again under the same ref, audited. False when it was not rejected. */
export async function reissueFiscalDocument(db: Database, orderId: string, model: FiscalModel, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ code: string; sefaz_message: string }>(sql`
      update fiscal_documents d set status = 'pendente', next_attempt_at = now(), updated_at = now()
      from orders o
      where o.id = d.order_id and d.order_id = ${orderId} and d.model = ${model} and d.status = 'erro'
      returning o.code, d.sefaz_message`);
    if (!rows[0]) return false;
    await recordAdminChange(tx, actor, {
      action: "fiscal.reissue",
      entityType: "order",
      entityId: orderId,
      entityLabel: `#${rows[0].code}`,
      before: { nota: modelName(model), mensagem: rows[0].sefaz_message },
      after: null,
    });
    return true;
  });
}

export const CANCEL_REASON_MESSAGE = "Escreva o motivo do cancelamento, de 15 a 255 caracteres (a SEFAZ pede).";

export type CancelNoteResult = { ok: true } | { ok: false; message: string };

/**
 * Cancels the order's authorised note at the provider within the legal window (NFC-e 30 min, NF-e 24 h),
 * with the reason; then the sale is cancelled as the order window's "Cancelado" does (its units back on
 * the shelf), and both are audited. Nothing changes when the provider or the SEFAZ says no.
 */
export async function cancelFiscalNote(
  db: Database,
  provider: FiscalProvider,
  orderId: string,
  model: FiscalModel,
  reason: string,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<CancelNoteResult> {
  const justificativa = reason.trim().replace(/\s+/g, " ");
  if (justificativa.length < 15 || justificativa.length > 255) return { ok: false, message: CANCEL_REASON_MESSAGE };
  const [document] = (await fiscalDocumentsOf(db, orderId)).filter((candidate) => candidate.model === model);
  if (!document) return { ok: false, message: `Este pedido não tem ${modelName(model)}.` };
  const refusal = cancelRefusal(document, now);
  if (refusal) return { ok: false, message: refusal };
  try {
    await provider.cancel(model, fiscalRef(orderId, model), justificativa);
  } catch (error) {
    if (error instanceof FiscalProviderError && error.kind === "refused") return { ok: false, message: `A SEFAZ não cancelou a nota: ${error.message}` };
    log.warn({ err: error instanceof FiscalProviderError ? error.message : error, orderId }, "fiscal note not cancelled: provider unavailable");
    return { ok: false, message: "O provedor da nota fiscal não respondeu: nada foi cancelado. Tente de novo em instantes." };
  }
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ code: string }>(sql`
      update fiscal_documents d set status = 'cancelado', cancelled_at = now(), cancel_reason = ${justificativa}, updated_at = now()
      from orders o where o.id = d.order_id and d.order_id = ${orderId} and d.model = ${model}
      returning o.code`);
    await recordAdminChange(tx, actor, {
      action: "fiscal.cancel",
      entityType: "order",
      entityId: orderId,
      entityLabel: `#${rows[0]?.code ?? ""}`,
      before: { nota: `${modelName(model)} ${document.numero}/${document.serie}`, chave: document.chave },
      after: { motivo: justificativa },
    });
  });
  // The sale is undone as a cancelled order is: its units back on the shelf (the orders domain's rule).
  const cancelled = await setOrderStatus(db, orderId, "cancelled", actor);
  if (!cancelled.ok) log.error({ orderId, reason: cancelled.reason }, "fiscal note cancelled but the order was not");
  return { ok: true };
}

/** How many sales with fiscal documents on still have no authorised note (the dashboard's count). */
export async function salesWithoutNote(db: DatabaseOrTransaction): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`select count(*)::int as count from fiscal_documents where status in ('pendente', 'processando', 'erro')`);
  return rows[0]?.count ?? 0;
}

const fiscalLoops = loopsPerDatabase<Database>("fiscal documents", RETRY_INTERVAL_MS);

/** Starts this process's issuer on `db` (connectServices does, when a provider is set up); what an earlier run left goes now. */
export function startFiscalWork(db: Database, config: FiscalConfig, storage: MediaStorage, options: { intervalMs?: number } = {}): DeliveryLoop {
  const provider = fiscalProviderFor(config);
  return fiscalLoops.start(
    db,
    async () => {
      await issueDueFiscalDocuments(db, provider);
      await archiveAuthorisedNotes(db, provider, storage);
    },
    options,
  );
}

/** Has this process's issuer send what was just queued (after the sale's transaction committed). */
export const issueFiscalDocumentsSoon = fiscalLoops.soon;

export const stopFiscalWork = fiscalLoops.stop;
