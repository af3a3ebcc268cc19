// The XML and DANFE of every authorised note, kept by the shop (the law asks for five years): fetched
// from the provider after the authorisation, stored in DATA_DIR/fiscal (never under /media) or in the
// S3 bucket, and handed to the accountant as one ZIP per month (a Dono and Gerente action, audited).
import path from "node:path";
import { sql } from "drizzle-orm";
import { zipSync } from "fflate";
import { SHOP_TIME_ZONE } from "~/lib/format/shop-time";
import { modelName } from "~/lib/fiscal/fiscal-documents";
import type { AppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { log } from "../log/logger.server";
import { directoryMediaStorage, s3MediaStorage, type MediaStorage } from "../media/media-storage.server";
import { FiscalProviderError, type FiscalProvider } from "./fiscal-provider.server";

const storages = new WeakMap<object, MediaStorage>();

/** Where the notes are kept: the S3 bucket when set (names start with "fiscal-"), else DATA_DIR/fiscal, which no route serves. */
export function fiscalStorageOf(config: Pick<AppConfig, "dataDir" | "s3">): MediaStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3 ? s3MediaStorage(config.s3) : directoryMediaStorage(path.join(config.dataDir, "fiscal"));
    storages.set(config, storage);
  }
  return storage;
}

/** "2026-11": a month as the export takes it. */
export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * Fetches and keeps the XML and DANFE of authorised notes not kept yet. Writing the same file twice
 * (two workers at once) writes the same bytes: no lease is needed. A provider that fails is asked again
 * at the next round.
 */
export async function archiveAuthorisedNotes(db: Database, provider: FiscalProvider, storage: MediaStorage, { batch = 20 } = {}): Promise<number> {
  const { rows } = await db.execute<{ id: number; model: "65" | "55"; chave: string; month: string; xml_path: string; danfe_path: string }>(sql`
    select id, model, chave, to_char(authorized_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM') as month, xml_path, danfe_path
    from fiscal_documents
    where status in ('autorizado', 'cancelado') and authorized_at is not null and xml_key = '' and xml_path <> ''
    order by id limit ${batch}`);
  let kept = 0;
  for (const row of rows) {
    const base = `fiscal-${row.month}-${row.chave}-${row.model}`;
    try {
      const xml = await provider.download(row.xml_path);
      await storage.put(`${base}.xml`, xml);
      let danfeKey = "";
      if (row.danfe_path) {
        const danfe = await provider.download(row.danfe_path);
        danfeKey = `${base}-danfe${row.danfe_path.endsWith(".html") ? ".html" : ".pdf"}`;
        await storage.put(danfeKey, danfe);
      }
      await db.execute(sql`update fiscal_documents set xml_key = ${`${base}.xml`}, danfe_key = ${danfeKey}, updated_at = now() where id = ${row.id}`);
      kept += 1;
    } catch (error) {
      log.warn({ err: error instanceof FiscalProviderError ? error.message : error, model: modelName(row.model), chave: row.chave }, "fiscal note's files not kept yet: tried again later");
    }
  }
  return kept;
}

export type MonthExport = { ok: true; fileName: string; zip: Uint8Array; notes: number } | { ok: false; message: string };

/** The month's XML and DANFE files as one ZIP for the accountant, audited. */
export async function exportFiscalMonth(db: Database, storage: MediaStorage, month: string, actor: AuditActor): Promise<MonthExport> {
  if (!MONTH.test(month)) return { ok: false, message: "Escolha o mês como 2026-11." };
  const { rows } = await db.execute<{ xml_key: string; danfe_key: string }>(sql`
    select xml_key, danfe_key from fiscal_documents
    where xml_key <> '' and to_char(authorized_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM') = ${month}
    order by authorized_at, id`);
  const files: Record<string, Uint8Array> = {};
  for (const row of rows) {
    for (const key of [row.xml_key, row.danfe_key]) {
      if (!key) continue;
      const bytes = await storage.read(key);
      if (bytes) files[key.replace(/^fiscal-\d{4}-\d{2}-/, "")] = bytes;
    }
  }
  await recordAdminChange(db, actor, {
    action: "fiscal.export",
    entityType: "settings",
    entityId: null,
    entityLabel: `Notas fiscais de ${month}`,
    before: null,
    after: { mes: month, notas: rows.length },
  });
  return { ok: true, fileName: `notas-fiscais-${month}.zip`, zip: zipSync(files, { level: 6 }), notes: rows.length };
}

/** The shopper's page's link to her NF-e's DANFE: /pedido/{token}/danfe. */
export const danfePath = (orderToken: string) => `/pedido/${orderToken}/danfe`;

/** Whether the order's authorised NF-e has its DANFE kept (the order page's link, the WhatsApp text). */
export async function orderDanfeKept(db: Database, orderToken: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from fiscal_documents d join orders o on o.id = d.order_id
    where o.public_token = ${orderToken} and d.model = '55' and d.status = 'autorizado' and d.danfe_key <> ''`);
  return rows.length > 0;
}

/** The DANFE of the order's authorised NF-e, once kept; null otherwise. */
export async function orderDanfe(db: Database, storage: MediaStorage, orderToken: string): Promise<{ bytes: Buffer; contentType: string; fileName: string } | null> {
  const { rows } = await db.execute<{ danfe_key: string; chave: string }>(sql`
    select d.danfe_key, d.chave from fiscal_documents d join orders o on o.id = d.order_id
    where o.public_token = ${orderToken} and d.model = '55' and d.status = 'autorizado' and d.danfe_key <> ''`);
  const row = rows[0];
  if (!row) return null;
  const bytes = await storage.read(row.danfe_key);
  if (!bytes) return null;
  const html = row.danfe_key.endsWith(".html");
  return { bytes, contentType: html ? "text/html; charset=utf-8" : "application/pdf", fileName: `danfe-${row.chave}.${html ? "html" : "pdf"}` };
}
