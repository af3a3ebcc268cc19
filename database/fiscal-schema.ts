// Fiscal documents (issue 52, docs/fiscal.md): one NFC-e (model 65) or NF-e (model 55) per order and
// model, queued in the transaction that records the sale (or the hand-over, or the shipping) and issued
// after its commit by a leased worker (app/server/fiscal/fiscal-documents.server.ts). The provider's
// `ref` is derived from the order's id and the model, so a retry after a crash asks the provider for
// the same note, never a second one.
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders-schema";

export const fiscalDocuments = pgTable(
  "fiscal_documents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "65" (NFC-e) or "55" (NF-e). */
    model: text("model").notNull(),
    /** The provider's reference: stable for the order and model (fiscalRef). */
    ref: text("ref").notNull(),
    /** pendente | processando (a call may have reached the provider) | autorizado | erro | cancelado. */
    status: text("status").notNull().default("pendente"),
    chave: text("chave").notNull().default(""),
    numero: text("numero").notNull().default(""),
    serie: text("serie").notNull().default(""),
    protocolo: text("protocolo").notNull().default(""),
    qrcodeUrl: text("qrcode_url").notNull().default(""),
    urlConsulta: text("url_consulta").notNull().default(""),
    /** The SEFAZ's (or the provider's) message for a rejection, as it said it. */
    sefazMessage: text("sefaz_message").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    /** Due now, or leased by a worker until then, or waiting for the next try. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    authorizedAt: timestamp("authorized_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason").notNull().default(""),
    /** Keys of the kept XML and DANFE in the shop's storage ('' until fetched). */
    xmlKey: text("xml_key").notNull().default(""),
    danfeKey: text("danfe_key").notNull().default(""),
    /** The provider's paths to them, fetched by the archive step. */
    xmlPath: text("xml_path").notNull().default(""),
    danfePath: text("danfe_path").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("fiscal_documents_order_model_idx").on(table.orderId, table.model),
    uniqueIndex("fiscal_documents_ref_idx").on(table.ref),
    index("fiscal_documents_due_idx").on(table.status, table.nextAttemptAt),
  ],
);
