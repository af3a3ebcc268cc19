// Goods in from the supplier's NF-e (docs/receiving.md). Reading a note changes nothing: it shows each
// item with its sure match (the variant's EAN, else what the shop learnt from this supplier's code) or
// none, for the clerk to pick. "Dar entrada" reads the XML again and, in one transaction, records the
// note (its chave is unique: the database decides that a note is received once, whoever races), moves
// every received unit into the store through moveStoreUnits, remembers each item's match and units per
// box, keeps the unit cost (last and average per variant) and writes the audit entry.
import { and, eq, inArray, sql } from "drizzle-orm";
import { products, productVariants, storeLocations, supplierItemMatches, supplierNoteLines, supplierNotes, variantCosts } from "#database/schema";
import { onlyDigits } from "~/lib/format/documents";
import { variantLabel } from "~/lib/catalog/variants";
import {
  alreadyReceivedMessage,
  formatNoteNumber,
  isBoxUnit,
  unitCostCents,
  unitsOf,
  type MatchedVariant,
  type ReceivingItem,
  type ReceivingPreview,
  type SupplierNote,
} from "~/lib/receiving/supplier-notes";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { moveStoreUnits } from "../catalog/stock-moves.server";
import { readSupplierNote, type NoteFile } from "./note-xml.server";

export type ReceivingRefusal = { ok: false; status: 400 | 403 | 409; message: string };

/** The note with this chave already received: who, when (for the "já lançada" answer). */
async function receivedNote(db: DatabaseOrTransaction, chave: string) {
  const [row] = await db
    .select({ number: supplierNotes.number, supplierName: supplierNotes.supplierName, receivedAt: supplierNotes.receivedAt, receivedByName: supplierNotes.receivedByName })
    .from(supplierNotes)
    .where(eq(supplierNotes.chave, chave));
  return row ?? null;
}

/** The group's store whose CNPJ is the note's recipient; null when none is (the clerk chooses). */
async function recipientStore(db: DatabaseOrTransaction, recipientCnpj: string): Promise<number | null> {
  if (!recipientCnpj) return null;
  const stores = await db.select({ id: storeLocations.id, cnpj: storeLocations.cnpj }).from(storeLocations);
  return stores.find((store) => store.cnpj !== "" && onlyDigits(store.cnpj) === recipientCnpj)?.id ?? null;
}

const variantColumns = {
  variantId: productVariants.id,
  productId: products.id,
  productName: products.name,
  size: productVariants.size,
  color: productVariants.color,
  priceCents: products.priceCents,
  ean: productVariants.ean,
};

/** Each item's sure match: one variant with its EAN, else the variant learnt for this supplier's code; and the units per box learnt. */
async function matchItems(db: DatabaseOrTransaction, note: SupplierNote): Promise<ReceivingItem[]> {
  const eans = [...new Set(note.items.map((item) => item.ean).filter(Boolean))];
  const codes = [...new Set(note.items.map((item) => item.supplierCode).filter(Boolean))];
  const byEan = new Map<string, MatchedVariant[]>();
  if (eans.length) {
    const rows = await db.select(variantColumns).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(inArray(productVariants.ean, eans));
    for (const { ean, ...row } of rows) byEan.set(ean, [...(byEan.get(ean) ?? []), row]);
  }
  const learnt = new Map<string, { variant: MatchedVariant; unitsPerBox: number }>();
  if (codes.length) {
    const rows = await db
      .select({ ...variantColumns, code: supplierItemMatches.supplierCode, unitsPerBox: supplierItemMatches.unitsPerBox })
      .from(supplierItemMatches)
      .innerJoin(productVariants, eq(productVariants.id, supplierItemMatches.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(supplierItemMatches.supplierCnpj, note.supplierCnpj), inArray(supplierItemMatches.supplierCode, codes)));
    for (const { code, unitsPerBox, ean: _ean, ...variant } of rows) learnt.set(code, { variant, unitsPerBox });
  }
  return note.items.map((item) => {
    const byCode = learnt.get(item.supplierCode);
    // Two sizes sharing one EAN is no sure match: the clerk picks.
    const eanMatches = item.ean ? (byEan.get(item.ean) ?? []) : [];
    const match = eanMatches.length === 1 ? { ...eanMatches[0]!, source: "ean" as const } : byCode ? { ...byCode.variant, source: "learnt" as const } : null;
    return { ...item, match, unitsPerBox: isBoxUnit(item.unit) ? (byCode?.unitsPerBox ?? null) : 1 };
  });
}

/** Reads the uploaded notes for the clerk; each refused one is named with its reason, and nothing is written. */
export async function previewNotes(db: Database, files: NoteFile[]): Promise<{ previews: ReceivingPreview[]; refusals: { fileName: string; message: string }[] }> {
  const previews: ReceivingPreview[] = [];
  const refusals: { fileName: string; message: string }[] = [];
  for (const file of files) {
    const reading = readSupplierNote(file.xml);
    if (!reading.ok) {
      refusals.push({ fileName: file.fileName, message: reading.message });
      continue;
    }
    const { note } = reading;
    const received = await receivedNote(db, note.chave);
    if (received) {
      refusals.push({ fileName: file.fileName, message: alreadyReceivedMessage(received) });
      continue;
    }
    previews.push({ note, storeId: await recipientStore(db, note.recipientCnpj), items: await matchItems(db, note), xml: file.xml, fileName: file.fileName });
  }
  return { previews, refusals };
}

/** What the clerk decided for one item: its size × colour (none: it did not come), units per box, units that came in. */
export type ItemDecision = { variantId: number | null; unitsPerBox: number | null; received: number | null };

export type ReceiveRequest = {
  xml: string;
  /** The store the clerk chose; the recipient's store when its CNPJ is one of the group's wins. */
  storeId: number | null;
  decisions: ReadonlyMap<number, ItemDecision>;
  /** The clerk marked the entry as partial ('faltou 1 caixa'): fewer units than the note says are accepted. */
  partial: boolean;
};

export type Received = { ok: true; noteId: number; storeId: number; units: number; message: string };

/**
 * "Dar entrada": all or nothing. `mayUseStore` is the staff member's store rule (a Vendedor: their own).
 * A second receipt of the same chave, now or racing, answers "Nota … já lançada em … por …" and moves nothing.
 */
export async function receiveNote(db: Database, request: ReceiveRequest, actor: AuditActor, mayUseStore: (storeId: number) => boolean): Promise<Received | ReceivingRefusal> {
  const reading = readSupplierNote(request.xml);
  if (!reading.ok) return { ok: false, status: 400, message: reading.message };
  const { note } = reading;
  const storeId = (await recipientStore(db, note.recipientCnpj)) ?? request.storeId;
  if (storeId === null) return { ok: false, status: 400, message: "Escolha a loja que recebe a mercadoria." };
  const [store] = await db.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).where(eq(storeLocations.id, storeId));
  if (!store) return { ok: false, status: 400, message: "Escolha a loja que recebe a mercadoria." };
  if (!mayUseStore(storeId)) return { ok: false, status: 403, message: `Esta nota é para ${store.name}: você só pode dar entrada na sua loja.` };

  const decided = await decideLines(db, note, request);
  if (!decided.ok) return decided;
  const { lines } = decided;
  const partial = lines.some((line) => line.received < line.expected);

  return db.transaction(async (tx) => {
    // The chave is unique: a clerk racing this one waits here for it, then finds the note received.
    const [inserted] = await tx
      .insert(supplierNotes)
      .values({
        chave: note.chave,
        number: note.number,
        series: note.series,
        issuedAt: new Date(note.issuedAt),
        supplierCnpj: note.supplierCnpj,
        supplierName: note.supplierName,
        recipientCnpj: note.recipientCnpj,
        storeLocationId: storeId,
        goodsCents: note.goodsCents,
        partial,
        receivedById: actor.id,
        receivedByName: actor.name,
      })
      .onConflictDoNothing({ target: supplierNotes.chave })
      .returning({ id: supplierNotes.id });
    if (!inserted) {
      const received = await receivedNote(tx, note.chave);
      return { ok: false as const, status: 409 as const, message: received ? alreadyReceivedMessage(received) : "Esta nota já foi lançada." };
    }
    await writeNoteLines(tx, inserted.id, lines);
    const moves = await moveStoreUnits(
      tx,
      lines.flatMap((line) => (line.variantId !== null && line.received > 0 ? [{ variantId: line.variantId, storeId, delta: line.received }] : [])),
    );
    await learnSupplierCodes(tx, note.supplierCnpj, lines);
    await keepUnitCosts(tx, lines);
    const units = lines.reduce((sum, line) => sum + line.received, 0);
    const missing = lines.filter((line) => line.received < line.expected);
    await recordAdminChange(tx, actor, {
      action: "stock.receive",
      entityType: "store_location",
      entityId: storeId,
      entityLabel: `Nota ${formatNoteNumber(note.number)} de ${note.supplierName} (chave ${note.chave})`,
      before: { storeStock: Object.fromEntries(moves.map((move) => [move.label, move.before])) },
      after: {
        storeStock: Object.fromEntries(moves.map((move) => [move.label, move.after])),
        ...(missing.length ? { missing: Object.fromEntries(missing.map((line) => [`${line.item.description} (item ${line.item.item})`, line.expected - line.received])) } : {}),
      },
    });
    const shortText = missing.length ? ` Faltaram ${missing.reduce((sum, line) => sum + line.expected - line.received, 0)} unidades (registrado).` : "";
    return {
      ok: true as const,
      noteId: inserted.id,
      storeId,
      units,
      message: `Entrada da nota ${formatNoteNumber(note.number)} de ${note.supplierName} em ${store.name}: ${units} ${units === 1 ? "unidade" : "unidades"}.${shortText}`,
    };
  });
}

/** One item of the note as it goes in: its variant (none: it did not come), units per box, units expected and received, unit cost. */
type ReceivedLine = { item: ReceivingItem; variantId: number | null; unitsPerBox: number; expected: number; received: number; costCents: number };

/** Every item with the clerk's decision, checked before anything is written; the first problem refuses the note. */
async function decideLines(db: DatabaseOrTransaction, note: SupplierNote, request: ReceiveRequest): Promise<{ ok: true; lines: ReceivedLine[] } | ReceivingRefusal> {
  const lines: ReceivedLine[] = [];
  const items = await matchItems(db, note);
  for (const item of items) {
    const decision = request.decisions.get(item.item) ?? { variantId: null, unitsPerBox: null, received: null };
    const line = decideLine(item, decision, request.partial);
    if (!line.ok) return line;
    lines.push(line.line);
  }
  const chosen = [...new Set(lines.flatMap((line) => (line.variantId === null ? [] : [line.variantId])))];
  if (chosen.length) {
    const existing = await db.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, chosen));
    if (existing.length !== chosen.length) return { ok: false, status: 400, message: "Um dos tamanhos escolhidos não existe mais. Leia a nota de novo." };
  }
  return { ok: true, lines };
}

/** One item: units per box for a box, a whole number of units, no fewer than the note says unless partial, a variant for what came. */
function decideLine(item: ReceivingItem, decision: ItemDecision, partial: boolean): { ok: true; line: ReceivedLine } | ReceivingRefusal {
  const label = `item ${item.item} (${item.description})`;
  const unitsPerBox = isBoxUnit(item.unit) ? (decision.unitsPerBox ?? item.unitsPerBox) : 1;
  if (unitsPerBox === null || !Number.isInteger(unitsPerBox) || unitsPerBox < 1 || unitsPerBox > 1000) {
    return { ok: false, status: 400, message: `Diga quantas unidades vêm em cada ${item.unit} do ${label}.` };
  }
  const expected = unitsOf(item.quantity, unitsPerBox);
  if (expected === null || expected < 1) return { ok: false, status: 400, message: `A quantidade do ${label} (${item.quantity} ${item.unit}) não dá um número inteiro de unidades.` };
  const received = decision.received ?? expected;
  if (!Number.isInteger(received) || received < 0 || received > expected) {
    return { ok: false, status: 400, message: `O ${label} pode receber de 0 a ${expected} unidades.` };
  }
  if (received < expected && !partial) {
    return { ok: false, status: 400, message: `A nota diz ${expected} unidades do ${label} e chegaram ${received}. Para lançar menos, marque "Entrada parcial".` };
  }
  const variantId = decision.variantId ?? item.match?.variantId ?? null;
  if (variantId === null && received > 0) return { ok: false, status: 400, message: `Escolha o produto, o tamanho e a cor do ${label}, ou marque que ele não veio (0).` };
  return { ok: true, line: { item, variantId, unitsPerBox, expected, received, costCents: unitCostCents(item.totalCents, expected) } };
}

/** The note's lines as the note says them, with what the clerk decided for each. */
async function writeNoteLines(tx: DatabaseOrTransaction, noteId: number, lines: ReceivedLine[]) {
  await tx.insert(supplierNoteLines).values(
    lines.map((line) => ({
      noteId,
      item: line.item.item,
      supplierCode: line.item.supplierCode,
      ean: line.item.ean,
      description: line.item.description,
      ncm: line.item.ncm,
      cfop: line.item.cfop,
      unit: line.item.unit,
      quantity: line.item.quantity,
      totalCents: line.item.totalCents,
      variantId: line.variantId,
      unitsPerBox: line.unitsPerBox,
      unitsExpected: line.expected,
      unitsReceived: line.received,
      unitCostCents: line.costCents,
    })),
  );
}

/** The supplier's code → the variant and units per box, so its next note matches by itself. */
async function learnSupplierCodes(tx: DatabaseOrTransaction, supplierCnpj: string, lines: ReceivedLine[]) {
  // In code order, so two notes of one supplier learning the same codes cannot deadlock.
  for (const line of [...lines].sort((a, b) => (a.item.supplierCode < b.item.supplierCode ? -1 : a.item.supplierCode > b.item.supplierCode ? 1 : 0))) {
    if (line.variantId === null || !line.item.supplierCode) continue;
    await tx
      .insert(supplierItemMatches)
      .values({ supplierCnpj, supplierCode: line.item.supplierCode, variantId: line.variantId, unitsPerBox: line.unitsPerBox })
      .onConflictDoUpdate({
        target: [supplierItemMatches.supplierCnpj, supplierItemMatches.supplierCode],
        set: { variantId: line.variantId, unitsPerBox: line.unitsPerBox, updatedAt: sql`now()` },
      });
  }
}

/** Each variant's last unit cost and its average over every unit received. */
async function keepUnitCosts(tx: DatabaseOrTransaction, lines: ReceivedLine[]) {
  for (const line of lines) {
    if (line.variantId === null || line.received === 0) continue;
    // Average over every unit received: (average × units before + cost × units now) / all units.
    await tx
      .insert(variantCosts)
      .values({ variantId: line.variantId, lastCostCents: line.costCents, averageCostCents: line.costCents, unitsCosted: line.received })
      .onConflictDoUpdate({
        target: variantCosts.variantId,
        set: {
          lastCostCents: line.costCents,
          averageCostCents: sql`round((${variantCosts.averageCostCents}::numeric * ${variantCosts.unitsCosted} + ${line.costCents}::numeric * ${line.received}) / (${variantCosts.unitsCosted} + ${line.received}))::int`,
          unitsCosted: sql`${variantCosts.unitsCosted} + ${line.received}`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** A received note's lines, for the page after "Dar entrada": what came, where it went, its cost and the price (margin). */
export async function readReceivedNote(db: DatabaseOrTransaction, noteId: number, onlyStoreId: number | null) {
  const [note] = await db.select().from(supplierNotes).where(eq(supplierNotes.id, noteId));
  if (!note || (onlyStoreId !== null && note.storeLocationId !== onlyStoreId)) return null;
  const lines = await db
    .select({
      item: supplierNoteLines.item,
      description: supplierNoteLines.description,
      unitsExpected: supplierNoteLines.unitsExpected,
      unitsReceived: supplierNoteLines.unitsReceived,
      unitCostCents: supplierNoteLines.unitCostCents,
      productName: products.name,
      size: productVariants.size,
      color: productVariants.color,
      priceCents: products.priceCents,
    })
    .from(supplierNoteLines)
    .leftJoin(productVariants, eq(productVariants.id, supplierNoteLines.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .where(eq(supplierNoteLines.noteId, noteId))
    .orderBy(supplierNoteLines.item);
  return {
    id: note.id,
    number: note.number,
    supplierName: note.supplierName,
    receivedAt: note.receivedAt.toISOString(),
    receivedByName: note.receivedByName,
    partial: note.partial,
    lines: lines.map((line) => ({ ...line, variant: line.productName ? variantLabel({ size: line.size ?? "", color: line.color ?? "" }) : null })),
  };
}
