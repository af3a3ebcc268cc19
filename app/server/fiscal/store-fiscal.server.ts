// Each store as a fiscal establishment (docs/fiscal.md): read for the Dono's "Dados fiscais das lojas"
// in /admin/configuracoes (the CSC token only as its last four characters) and saved there, audited.
// The route checks the Dono-only capability `fiscal-identity` before calling either.
import { asc, eq } from "drizzle-orm";
import { storeLocations } from "#database/schema";
import { storeFiscalIdentityOf, type StoreFiscalIdentity } from "~/lib/fiscal/store-fiscal";
import type { StoreFiscalInput } from "~/lib/fiscal/store-fiscal.schema";
import type { Database } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";

const FISCAL_COLUMNS = {
  id: storeLocations.id,
  name: storeLocations.name,
  cnpj: storeLocations.cnpj,
  stateRegistration: storeLocations.stateRegistration,
  taxRegime: storeLocations.taxRegime,
  nfceSeries: storeLocations.nfceSeries,
  nfeSeries: storeLocations.nfeSeries,
  cscId: storeLocations.cscId,
  cscToken: storeLocations.cscToken,
};

export async function loadStoreFiscalIdentities(db: Database): Promise<StoreFiscalIdentity[]> {
  const rows = await db.select(FISCAL_COLUMNS).from(storeLocations).orderBy(asc(storeLocations.position), asc(storeLocations.id));
  return rows.map(storeFiscalIdentityOf);
}

/** What the audit log keeps of a CSC token: whether there is one, never the token. */
const tokenTrace = (token: string) => (token ? "definido" : "");

/** Saves one store's fiscal identity; false when the store does not exist. An empty token keeps the stored one. */
export async function saveStoreFiscalIdentity(db: Database, input: StoreFiscalInput, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(FISCAL_COLUMNS).from(storeLocations).where(eq(storeLocations.id, input.storeId)).for("update");
    if (!before) return false;
    const { storeId, cscToken: typedToken, ...fields } = input;
    const cscToken = typedToken || before.cscToken;
    await tx.update(storeLocations).set({ ...fields, cscToken }).where(eq(storeLocations.id, storeId));
    const { id: _id, name: _name, cscToken: beforeToken, ...beforeFields } = before;
    await recordAdminChange(tx, actor, {
      action: "store_location.fiscal",
      entityType: "store_location",
      entityId: storeId,
      entityLabel: before.name,
      before: { ...beforeFields, cscToken: tokenTrace(beforeToken) },
      after: { ...fields, cscToken: cscToken === beforeToken ? tokenTrace(beforeToken) : "trocado" },
    });
    return true;
  });
}
