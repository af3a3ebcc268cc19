import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { CustomerRole, CustomerRoleResult } from "~/lib/account/admin-customers";

/**
 * 'Tornar administrador' / 'Remover administrador', with a confirmation step. The server refuses a
 * change to one's own role; the button is not offered for it either.
 */
export function CustomerRoleControl({ userId, name, role, isSelf }: { userId: string; name: string; role: CustomerRole; isSelf: boolean }) {
  const fetcher = useFetcher<CustomerRoleResult>();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  if (isSelf) {
    return <p className="text-sm text-slate-600">Esta é a sua conta: outra pessoa administradora pode mudar a sua permissão.</p>;
  }

  const nextRole: CustomerRole = role === "admin" ? "customer" : "admin";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <div className="space-y-2">
      {confirming ? (
        <fetcher.Form method="post" onSubmit={() => setConfirming(false)} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <input type="hidden" name="userId" value={userId} />
          <input type="hidden" name="role" value={nextRole} />
          <p className="text-sm font-semibold text-amber-950">
            {nextRole === "admin"
              ? `Tornar ${name} Gerente da equipe? A pessoa poderá gerenciar produtos, pedidos, clientes e configurações (o perfil muda em Equipe).`
              : `Remover o acesso de administrador de ${name}?`}
          </p>
          <div className="mt-3 flex gap-2">
            <button ref={confirmRef} type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
              Confirmar
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold">
              Cancelar
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={fetcher.state !== "idle"}
          className={`rounded-lg px-4 py-2 text-sm font-semibold ${
            nextRole === "admin" ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-red-300 text-red-800 hover:bg-red-50"
          }`}
        >
          {nextRole === "admin" ? "Tornar administrador" : "Remover administrador"}
        </button>
      )}
      <p role="status" className="text-sm font-semibold text-green-800">
        {result?.ok ? result.message : null}
      </p>
      {result && !result.ok ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {result.errors.form}
        </p>
      ) : null}
    </div>
  );
}
