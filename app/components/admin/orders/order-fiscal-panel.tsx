import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/forms/action-result";
import {
  cancelRefusal,
  chaveInGroups,
  FISCAL_CANCEL_INTENT,
  FISCAL_REISSUE_INTENT,
  fiscalStatusLabel,
  modelName,
  rejectionAdvice,
  type FiscalDocumentView,
  type OrderFiscalPanel,
} from "~/lib/fiscal/fiscal-documents";

/**
 * The order window's fiscal notes: each one's state; after a rejection, the SEFAZ's message, what to
 * fix and "Emitir de novo"; an authorised note's "Cancelar nota" with the reason, or why it can no
 * longer be cancelled (only for a role that may: `panel.mayCancel`).
 */
export function OrderFiscalPanelView({ panel, action }: { panel: OrderFiscalPanel; action: string }) {
  if (panel.documents.length === 0) return <p className="mt-2 text-slate-700">Nenhuma nota fiscal para este pedido ainda.</p>;
  return (
    <div className="mt-2 space-y-3" data-testid="order-fiscal">
      {panel.documents.map((document) => (
        <FiscalDocumentRow key={document.model} document={document} panel={panel} action={action} />
      ))}
    </div>
  );
}

function FiscalDocumentRow({ document, panel, action }: { document: FiscalDocumentView; panel: OrderFiscalPanel; action: string }) {
  const reissue = useFetcher<ActionResult>();
  const cancel = useFetcher<ActionResult>();
  const refusal = cancelRefusal(document, new Date(panel.now));
  const answer = reissue.data ?? cancel.data;
  return (
    <div className="space-y-2 text-slate-800">
      <p className="font-semibold" data-testid="fiscal-status">
        {fiscalStatusLabel(document)}
        {document.numero ? ` · nº ${document.numero} série ${document.serie}` : ""}
      </p>
      {document.chave ? <p className="font-mono text-xs break-all">{chaveInGroups(document.chave)}</p> : null}
      {document.status === "erro" ? (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          <p className="font-semibold">A SEFAZ recusou a nota: {document.sefazMessage}</p>
          <p>{rejectionAdvice(document.sefazMessage)}</p>
          <reissue.Form method="post" action={action} className="mt-2">
            <input type="hidden" name="intent" value={FISCAL_REISSUE_INTENT} />
            <input type="hidden" name="model" value={document.model} />
            <button type="submit" disabled={reissue.state !== "idle"} className="rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white">
              Emitir de novo
            </button>
          </reissue.Form>
        </div>
      ) : null}
      {document.status === "autorizado" && panel.mayCancel ? (
        refusal ? (
          <p className="text-sm text-slate-600">Cancelar nota: {refusal}</p>
        ) : (
          <cancel.Form method="post" action={action} className="space-y-2">
            <input type="hidden" name="intent" value={FISCAL_CANCEL_INTENT} />
            <input type="hidden" name="model" value={document.model} />
            <label className="block text-sm font-semibold">
              Motivo do cancelamento ({modelName(document.model)}, de 15 a 255 caracteres)
              <textarea name="reason" required minLength={15} maxLength={255} rows={2} className="mt-1 block w-full rounded-lg border border-slate-300 p-2 font-normal" />
            </label>
            <button type="submit" disabled={cancel.state !== "idle"} className="rounded-lg border border-red-700 px-4 py-2.5 font-semibold text-red-800">
              Cancelar nota e venda
            </button>
          </cancel.Form>
        )
      ) : null}
      {answer ? (
        <p role="status" className={answer.ok ? "text-green-800" : "font-semibold text-red-800"}>
          {answer.ok ? answer.message : typeof answer.errors?.form === "string" ? answer.errors.form : "Não foi possível."}
        </p>
      ) : null}
    </div>
  );
}
