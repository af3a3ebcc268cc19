// The password-reset e-mail: the link, how long it lasts, and what to do if it was not you.
import type { Settings } from "~/lib/group/settings";
import { withArticle } from "~/lib/stores/store-name";
import type { QueuedEmail } from "../email/email-queue.server";
import { EmailButton, emailDocument } from "../email/email-document.server";

export function passwordResetEmail(settings: Settings, user: { name: string; email: string }, link: string, validSeconds: number): QueuedEmail {
  const { storeName } = settings;
  const account = `sua conta ${withArticle("em", settings)}`;
  const hours = validSeconds / 3600;
  const validity = `vale por ${hours} hora${hours === 1 ? "" : "s"} e só pode ser usado uma vez`;
  const text = [
    `Olá, ${user.name}!`,
    "",
    `Recebemos um pedido para redefinir a senha da ${account}.`,
    `Para criar uma nova senha, abra o link abaixo (ele ${validity}):`,
    "",
    link,
    "",
    "Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.",
  ].join("\n");
  const subject = `Redefinição de senha – ${storeName}`;
  const html = emailDocument({
    title: subject,
    storeName,
    children: (
      <>
        <p>Olá, {user.name}!</p>
        <p>Recebemos um pedido para redefinir a senha da {account}.</p>
        <EmailButton href={link}>Criar uma nova senha</EmailButton>
        <p>O link {validity}.</p>
        <p>Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.</p>
      </>
    ),
  });
  return { kind: "password-reset", to: user.email, subject, text, html };
}
