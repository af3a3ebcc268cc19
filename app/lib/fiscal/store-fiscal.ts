// A store's fiscal identity as pages show it (zod-free: the audit log and the settings page read it).
// The CSC token is a secret: a page gets only its last four characters.
import type { ActionResult } from "../forms/action-result";
import { formatCnpj } from "./identifiers";

export const TAX_REGIMES = ["simples", "normal"] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];
export const TAX_REGIME_LABELS: Record<TaxRegime, string> = { simples: "Simples Nacional", normal: "Regime normal" };

/** What the page shows of a saved CSC token: its last four characters, never the whole. */
export function cscTokenHint(token: string): string {
  return token ? `••••${token.slice(-4)}` : "";
}

/** A store's fiscal identity as the Dono's page shows it: the CSC token only as its hint. */
export type StoreFiscalIdentity = {
  id: number;
  name: string;
  /** Formatted (12.345.678/0001-95), '' unset. */
  cnpj: string;
  stateRegistration: string;
  taxRegime: TaxRegime;
  nfceSeries: number;
  nfeSeries: number;
  cscId: string;
  cscTokenHint: string;
};

export function storeFiscalIdentityOf(row: {
  id: number;
  name: string;
  cnpj: string;
  stateRegistration: string;
  taxRegime: string;
  nfceSeries: number;
  nfeSeries: number;
  cscId: string;
  cscToken: string;
}): StoreFiscalIdentity {
  return {
    id: row.id,
    name: row.name,
    cnpj: row.cnpj ? formatCnpj(row.cnpj) : "",
    stateRegistration: row.stateRegistration,
    taxRegime: row.taxRegime === "normal" ? "normal" : "simples",
    nfceSeries: row.nfceSeries,
    nfeSeries: row.nfeSeries,
    cscId: row.cscId,
    cscTokenHint: cscTokenHint(row.cscToken),
  };
}

/** The settings action's answer to one store's fiscal form (which store, so the page shows it there). */
export type StoreFiscalActionResult = ActionResult<{ form: "store-fiscal"; storeId: number }>;
