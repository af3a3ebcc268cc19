// Proving an account's e-mail: the confirmation e-mail with its link, and what a confirmed address
// brings — the orders placed without an account under that address become the account's.
import { and, eq, isNull } from "drizzle-orm";
import { orders } from "#database/schema";
import type { Settings } from "~/lib/group/settings";
import { withArticle } from "~/lib/stores/store-name";
import type { DatabaseOrTransaction } from "../db/database.server";
import type { QueuedEmail } from "../email/email-queue.server";
import { EmailButton, emailDocument } from "../email/email-document.server";

/** How long a confirmation link works: a shopper may open the e-mail the next day. */
export const CONFIRMATION_TOKEN_SECONDS = 48 * 60 * 60;

/** The page that spends the link (app/routes/account/confirm-email.tsx). */
export function confirmationLink(origin: string, token: string): string {
  return `${origin}/conta/confirmar-email?token=${encodeURIComponent(token)}`;
}

export function emailConfirmationEmail(settings: Settings, user: { name: string; email: string }, link: string): QueuedEmail {
  const { storeName } = settings;
  const account = `sua conta ${withArticle("em", settings)}`;
  const hours = CONFIRMATION_TOKEN_SECONDS / 3600;
  const text = [
    `Olá, ${user.name}!`,
    "",
    `Para confirmar que este e-mail é seu e ver na ${account} os pedidos que você fez sem conta com ele, abra o link abaixo (vale por ${hours} horas):`,
    "",
    link,
    "",
    "Se você não criou essa conta, ignore este e-mail: nada muda.",
  ].join("\n");
  const subject = `Confirme seu e-mail – ${storeName}`;
  const html = emailDocument({
    title: subject,
    storeName,
    children: (
      <>
        <p>Olá, {user.name}!</p>
        <p>Para confirmar que este e-mail é seu e ver na {account} os pedidos que você fez sem conta com ele, toque no botão:</p>
        <EmailButton href={link}>Confirmar meu e-mail</EmailButton>
        <p>O link vale por {hours} horas.</p>
        <p>Se você não criou essa conta, ignore este e-mail: nada muda.</p>
      </>
    ),
  });
  return { kind: "email-confirmation", to: user.email, subject, text, html };
}

/**
 * The guest orders placed with the account's e-mail become its own, once the address is proved (the
 * link sent to it, or Google for the accounts it makes): typing someone else's e-mail at sign-up gives nothing. Orders already another
 * account's stay where they are. Returns how many moved.
 */
export async function claimGuestOrders(db: DatabaseOrTransaction, user: { id: string; email: string }): Promise<number> {
  const email = user.email.trim().toLowerCase();
  if (!email) return 0;
  const claimed = await db
    .update(orders)
    .set({ userId: user.id })
    .where(and(isNull(orders.userId), eq(orders.customerEmailKey, email)))
    .returning({ id: orders.id });
  return claimed.length;
}
