import { Link, redirect } from "react-router";
import { AccountCard, FormMessage } from "~/components/account/account-card";
import { pageMeta } from "~/lib/pages/meta";
import { confirmEmail } from "~/server/auth/accounts.server";
import type { Route } from "./+types/confirm-email";

/** The link of the confirmation e-mail: a good one confirms the address and opens Minha conta. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (await confirmEmail(context, request, token)) throw redirect("/conta?email=confirmado");
  return { ok: false };
}

/** The address and token are in the URL: never cached, never sent as a referrer. */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export function meta() {
  return [...pageMeta({ title: "Confirmar e-mail", description: "Confirme o e-mail da sua conta." }), { name: "robots", content: "noindex" }];
}

export default function ConfirmEmail() {
  return (
    <AccountCard title="Confirmar e-mail">
      <FormMessage tone="error">Este link de confirmação é inválido ou expirou.</FormMessage>
      <p className="mt-4 text-sm text-slate-600">Entre na sua conta e peça um novo link em Minha conta.</p>
      <p className="mt-6 text-center text-sm">
        <Link to="/conta" className="font-semibold text-brand-700 hover:underline">
          Ir para Minha conta
        </Link>
      </p>
    </AccountCard>
  );
}
