import { Link } from "react-router";
import { countLabel, pluralForm } from "~/lib/format/plural";
import { PLACEHOLDER_WHATSAPP } from "~/lib/orders/whatsapp";

/** The dashboard's warnings that orders and messages do not reach the shop: the sample WhatsApp numbers still in place. */
export function PlaceholderWhatsAppAlerts({ whatsappPlaceholder, storesWithPlaceholder }: { whatsappPlaceholder: boolean; storesWithPlaceholder: string[] }) {
  return (
    <>
      {whatsappPlaceholder ? (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">O WhatsApp da loja ainda é o número de exemplo ({PLACEHOLDER_WHATSAPP}).</p>
          <p className="mt-1 text-sm">
            Os pedidos e mensagens dos clientes não chegam até você enquanto ele não for trocado.{" "}
            <Link to="/admin/configuracoes" className="font-semibold underline">
              Alterar em Configurações
            </Link>
          </p>
        </div>
      ) : null}

      {storesWithPlaceholder.length > 0 ? (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="stores-placeholder">
          <p className="font-semibold">
            {countLabel(storesWithPlaceholder.length, "loja ainda tem", "lojas ainda têm")} o WhatsApp de exemplo: {storesWithPlaceholder.join(", ")}.
          </p>
          <p className="mt-1 text-sm">
            Até serem trocados, os botões de WhatsApp {pluralForm(storesWithPlaceholder.length, "dessa loja abrem", "dessas lojas abrem")} o WhatsApp
            principal da loja.{" "}
            <Link to="/admin/configuracoes" className="font-semibold underline">
              Alterar em Configurações
            </Link>
          </p>
        </div>
      ) : null}
    </>
  );
}

/** Fiscal documents on: the sales still without an authorised note, and the accountant's ZIP for a role that may take it. */
export function FiscalSummary({ fiscal }: { fiscal: { withoutNote: number; mayExport: boolean; month: string } }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="fiscal-summary">
      <p className={fiscal.withoutNote > 0 ? "font-semibold text-amber-900" : "text-slate-800"}>
        {fiscal.withoutNote > 0
          ? `${countLabel(fiscal.withoutNote, "venda ainda sem nota fiscal", "vendas ainda sem nota fiscal")} autorizada (em processamento ou rejeitada: veja o pedido).`
          : "Todas as vendas têm nota fiscal autorizada."}
      </p>
      {fiscal.mayExport ? (
        <a href={`/admin/notas-fiscais/exportar?mes=${fiscal.month}`} className="mt-1 inline-block text-sm font-semibold underline">
          Baixar as notas fiscais do mês para o contador (ZIP)
        </a>
      ) : null}
    </div>
  );
}

/** E-mails the mail server keeps refusing, and automatic WhatsApp messages that failed this week. */
export function DeliveryFailureAlerts({ emails, whatsappFailures }: { emails: { pending: number; failing: number; lastError: string | null }; whatsappFailures: number }) {
  return (
    <>
      {emails.failing > 0 ? (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">
            {countLabel(emails.pending, "e-mail", "e-mails")} aguardando envio: o servidor de e-mail não aceitou{" "}
            {pluralForm(emails.pending, "a mensagem", "as mensagens")}.
          </p>
          <p className="mt-1 text-sm">
            {pluralForm(emails.pending, "Ele será reenviado", "Eles serão reenviados")} automaticamente; nenhum pedido foi perdido. Se continuar, confira o SMTP_URL do
            servidor.{emails.lastError ? ` Resposta do servidor: “${emails.lastError}”` : ""}
          </p>
        </div>
      ) : null}

      {whatsappFailures > 0 ? (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="whatsapp-failures">
          <p className="font-semibold">
            {countLabel(whatsappFailures, "mensagem automática", "mensagens automáticas")} de WhatsApp {pluralForm(whatsappFailures, "falhou", "falharam")} nos
            últimos 7 dias.
          </p>
          <p className="mt-1 text-sm">
            A janela de cada pedido mostra o motivo e o link para avisar o cliente à mão.{" "}
            <Link to="/admin/pedidos" className="font-semibold underline">
              Ver pedidos
            </Link>
          </p>
        </div>
      ) : null}
    </>
  );
}
