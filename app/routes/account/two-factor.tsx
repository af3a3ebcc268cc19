import { data, Link, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { FormMessage } from "~/components/account/account-card";
import { BackupCodes, TwoFactorOff, TwoFactorOn, TwoFactorSetup } from "~/components/account/two-factor-settings";
import { fieldErrors, type FieldErrors, formValues } from "~/lib/forms/form-errors";
import { pageMeta } from "~/lib/pages/meta";
import { currentPasswordSchema, setupCodeSchema } from "~/lib/account/two-factor.schema";
import { requireUser } from "~/server/auth/guards.server";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  getTwoFactorOverview,
  offersTwoFactor,
  replaceBackupCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from "~/server/auth/two-factor.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/two-factor";

const PAGE = "/conta/duas-etapas";
const NOTICES = {
  ativada: "Verificação em duas etapas ativada. A partir de agora, ao entrar, pediremos o código do aplicativo.",
  desativada: "Verificação em duas etapas desativada.",
  codigos: "Novos códigos de recuperação gerados. Os anteriores não valem mais.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const overview = await getTwoFactorOverview(context, user);
  if (!offersTwoFactor(user, overview.state)) throw redirect("/conta");
  const done = new URL(request.url).searchParams.get("feito");
  return { ...overview, notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const values = formValues(await readFormData(request));
  const intent = values.intent ?? "";
  const refuse = (errors: FieldErrors) => data(actionRefusal(errors, { intent }), { status: 400 });

  if (intent === "cancel") {
    await cancelTwoFactorSetup(context, user);
    return redirect(PAGE);
  }
  if (intent === "confirm") {
    const parsed = setupCodeSchema.safeParse(values);
    if (!parsed.success) return refuse(fieldErrors(parsed.error));
    const result = await confirmTwoFactorSetup(context, request, user, parsed.data.code);
    if (!result.ok) return refuse({ [result.field ?? "form"]: result.error });
    return redirect(`${PAGE}?feito=ativada`, { headers: result.headers });
  }

  const password = currentPasswordSchema.safeParse(values);
  if (!password.success) return refuse(fieldErrors(password.error));
  switch (intent) {
    case "enable": {
      // Turning it on is offered to staff; customers only see this page to turn it off.
      if (user.role !== "admin") throw new Response("Acesso restrito à equipe da loja.", { status: 403 });
      const result = await startTwoFactorSetup(context, request, password.data.password);
      return result.ok ? redirect(PAGE) : refuse({ [result.field ?? "form"]: result.error });
    }
    case "new-codes": {
      const result = await replaceBackupCodes(context, request, user, password.data.password);
      return result.ok ? redirect(`${PAGE}?feito=codigos`) : refuse({ [result.field ?? "form"]: result.error });
    }
    case "disable": {
      const result = await turnOffTwoFactor(context, request, password.data.password);
      return result.ok ? redirect(`${PAGE}?feito=desativada`, { headers: result.headers }) : refuse({ [result.field ?? "form"]: result.error });
    }
  }
  return refuse({ form: "Ação desconhecida. Recarregue a página e tente de novo." });
}

export function meta() {
  return [
    ...pageMeta({ title: "Verificação em duas etapas", description: "Proteja sua conta com um código do celular." }),
    { name: "robots", content: "noindex" },
  ];
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { state, hasPassword, setup, backupCodes, notice } = loaderData;

  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <p className="text-sm">
        <Link to="/conta" className="text-brand-700 hover:underline">
          ← Minha conta
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Verificação em duas etapas</h1>
      <p className="mt-1 text-slate-600">
        Além da senha, ao entrar pedimos um código que muda a cada 30 segundos no aplicativo autenticador do seu celular. Quem descobrir sua
        senha não consegue entrar sem ele.
      </p>

      <section aria-labelledby="estado" className="mt-8 rounded-2xl border border-slate-200 p-6">
        <h2 id="estado" className="text-lg font-bold">
          {state === "on" ? "Ativada" : state === "pending" ? "Falta confirmar" : "Desativada"}
        </h2>
        {notice && !actionData ? (
          <div className="mt-4">
            <FormMessage tone="success">{notice}</FormMessage>
          </div>
        ) : null}
        {backupCodes ? <BackupCodes codes={backupCodes} /> : null}
        {state === "off" ? <TwoFactorOff hasPassword={hasPassword} result={actionData} /> : null}
        {state === "pending" && setup ? <TwoFactorSetup qrSvg={setup.qrSvg} secret={setup.secret} result={actionData} /> : null}
        {state === "on" ? <TwoFactorOn result={actionData} /> : null}
      </section>
    </div>
  );
}
