import { Form, useNavigation } from "react-router";
import type { ActionResult } from "~/lib/forms/action-result";
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/staff/staff-roles";

type Member = { id: string; name: string; email: string; staffRole: StaffRole; storeId: number | null; storeName: string | null };
type Store = { id: number; name: string };

const DONE_TEXT: Record<string, string> = {
  adicionado: "Pessoa adicionada à equipe.",
  alterado: "Perfil alterado.",
  removido: "Acesso ao painel retirado.",
};

const inputClass = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2";

/**
 * /admin/equipe, the Dono's: who opens the panel, with which role (Dono, Gerente, Vendedor) and, for a
 * Vendedor, which store. Plain forms, so it works before the page's script loads on a slow phone.
 */
export function StaffScreen({
  members,
  stores,
  currentUserId,
  done,
  answer,
}: {
  members: Member[];
  stores: Store[];
  currentUserId: string;
  done: string | null;
  answer: ActionResult<{ password?: string; email?: string }> | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const errors = answer && !answer.ok ? answer.errors : {};
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Equipe</h1>
        <p className="mt-1 text-sm text-slate-600">Quem entra no painel e o que cada um pode fazer.</p>
      </div>

      {done && DONE_TEXT[done] ? (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 font-semibold text-green-900">
          {DONE_TEXT[done]}
        </p>
      ) : null}
      {answer?.ok ? (
        <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          <p className="font-semibold">{answer.message}</p>
          {answer.data?.password ? (
            <p className="mt-2">
              Senha de {answer.data.email}: <code className="rounded bg-white px-2 py-1 font-mono text-base">{answer.data.password}</code>
            </p>
          ) : null}
        </div>
      ) : null}
      {errors.form ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-semibold text-red-800">
          {errors.form}
        </p>
      ) : null}

      <section aria-labelledby="equipe-lista" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="equipe-lista" className="text-lg font-bold">
          Pessoas com acesso
        </h2>
        <ul className="mt-3 divide-y divide-slate-200">
          {members.map((member) => (
            <StaffMemberRow key={member.id} member={member} stores={stores} isSelf={member.id === currentUserId} busy={busy} />
          ))}
        </ul>
      </section>

      <AddStaffSection stores={stores} errors={errors} busy={busy} />
    </div>
  );
}

function RoleSelect({ id, defaultValue, error }: { id: string; defaultValue: StaffRole; error?: string }) {
  return (
    <label htmlFor={id} className="block text-sm font-semibold">
      Perfil
      <select id={id} name="staffRole" defaultValue={defaultValue} className={inputClass}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {STAFF_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {error ? <span className="mt-1 block font-medium text-red-700">{error}</span> : null}
    </label>
  );
}

function StoreSelect({ id, stores, defaultValue, error }: { id: string; stores: Store[]; defaultValue: number | null; error?: string }) {
  return (
    <label htmlFor={id} className="block text-sm font-semibold">
      Loja (só para Vendedor)
      <select id={id} name="storeId" defaultValue={defaultValue === null ? "" : String(defaultValue)} className={inputClass}>
        <option value="">—</option>
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </select>
      {error ? <span className="mt-1 block font-medium text-red-700">{error}</span> : null}
    </label>
  );
}

/** Adding a person: a new account with a password shown once, or staff access for an existing customer. */
function AddStaffSection({ stores, errors, busy }: { stores: Store[]; errors: Partial<Record<string, string>>; busy: boolean }) {
  return (
    <section aria-labelledby="equipe-nova" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="equipe-nova" className="text-lg font-bold">
        Adicionar pessoa
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sem conta no site: a conta é criada com uma senha mostrada uma vez. Com conta de cliente: ela ganha o acesso.
      </p>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="add" />
        <label className="block text-sm font-semibold">
          E-mail
          <input name="email" type="email" required autoComplete="off" className={inputClass} aria-invalid={errors.email ? true : undefined} />
          {errors.email ? <span className="mt-1 block font-medium text-red-700">{errors.email}</span> : null}
        </label>
        <label className="block text-sm font-semibold">
          Nome (opcional)
          <input name="name" maxLength={100} autoComplete="off" className={inputClass} />
        </label>
        <RoleSelect id="perfil-novo" defaultValue="vendedor" error={errors.staffRole} />
        <StoreSelect id="loja-nova" stores={stores} defaultValue={null} error={errors.storeId} />
        <button type="submit" disabled={busy} className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white sm:col-span-2">
          Adicionar à equipe
        </button>
      </Form>
      <dl className="mt-4 space-y-1 text-sm text-slate-600">
        {STAFF_ROLES.map((role) => (
          <div key={role}>
            <dt className="inline font-semibold text-slate-800">{STAFF_ROLE_LABELS[role]}:</dt> <dd className="inline">{STAFF_ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A person with access: the role and store to change, and (not for oneself) taking the access away. */
function StaffMemberRow({ member, stores, isSelf, busy }: { member: Member; stores: Store[]; isSelf: boolean; busy: boolean }) {
  return (
    <li className="py-4" data-testid="staff-member">
      <p className="font-semibold">
        {member.name} {isSelf ? <span className="text-sm font-normal text-slate-600">(você)</span> : null}
      </p>
      <p className="text-sm text-slate-600">
        {member.email} · {STAFF_ROLE_LABELS[member.staffRole]}
        {member.storeName ? ` · ${member.storeName}` : ""}
      </p>
      <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="change" />
        <input type="hidden" name="userId" value={member.id} />
        <RoleSelect id={`perfil-${member.id}`} defaultValue={member.staffRole} />
        <StoreSelect id={`loja-${member.id}`} stores={stores} defaultValue={member.storeId} />
        <button type="submit" disabled={busy} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold">
          Salvar perfil
        </button>
      </Form>
      {isSelf ? null : (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-red-800">Tirar acesso ao painel</summary>
          <Form method="post" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="userId" value={member.id} />
            <p className="text-sm">A conta de {member.name} continua existindo, como cliente, sem o painel.</p>
            <button type="submit" disabled={busy} className="mt-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white">
              Confirmar: tirar o acesso
            </button>
          </Form>
        </details>
      )}
    </li>
  );
}
