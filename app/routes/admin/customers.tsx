import { data, useNavigate, useSearchParams } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { CustomerDetailDialog } from "~/components/admin/customers/customer-detail-dialog";
import { CustomerSearch } from "~/components/admin/customers/customer-search";
import { CustomersList } from "~/components/admin/customers/customers-list";
import { CUSTOMER_PARAM, type CustomerRoleResult, parseCustomerFilters, selectedCustomerId } from "~/lib/account/admin-customers";
import { customerRoleFormSchema } from "~/lib/account/customer-role.schema";
import { withParams } from "~/lib/lists/admin-list";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { roleMay } from "~/lib/staff/staff-roles";
import { getCustomerDetail, hasAnyCustomer, listCustomers, listStaff, setCustomerRole } from "~/server/auth/customers.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/customers";
import { countLabel, pluralForm } from "~/lib/format/plural";
import { adminMeta } from "~/lib/admin/admin-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "customers");
  const searchParams = new URL(request.url).searchParams;
  const filters = parseCustomerFilters(searchParams);
  const selected = selectedCustomerId(searchParams);
  const [list, staff, detail] = await Promise.all([
    listCustomers(context.db, filters),
    listStaff(context.db, filters.q),
    selected ? getCustomerDetail(context.db, selected) : null,
  ]);
  const anyCustomer = list.total > 0 || (await hasAnyCustomer(context.db));
  return { ...list, staff, filters, anyCustomer, detail, currentUserId: user.id, canManageStaff: roleMay(user.staffRole, "staff") };
}

/** Promote or demote (from the detail modal); never one's own account, whatever the form says. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPermission(request, context, "staff");
  const form = await readFormData(request);
  const parsed = customerRoleFormSchema.safeParse({ userId: form.get("userId"), role: form.get("role") });
  if (!parsed.success) {
    return data<CustomerRoleResult>(actionRefusal(parsed.error.issues[0]?.message ?? "Pedido inválido"), { status: 400 });
  }
  const result = await setCustomerRole(context.db, user, parsed.data.userId, parsed.data.role);
  return data<CustomerRoleResult>(result, { status: result.ok ? 200 : parsed.data.userId === user.id ? 403 : 404 });
}

export function meta() {
  return adminMeta("Clientes");
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { customers, staff, total, page, pageCount, filters, anyCustomer, detail, currentUserId, canManageStaff } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Clientes</h1>
        <p className="text-sm text-slate-600">
          {countLabel(total, "cliente", "clientes")}
          {filters.q ? ` ${pluralForm(total, "encontrado", "encontrados")}` : ""}
        </p>
      </div>

      <CustomerSearch q={filters.q} />

      {customers.length ? (
        <CustomersList customers={customers} label="Clientes" />
      ) : (
        <p className="rounded-xl bg-white p-10 text-center text-slate-600 shadow-sm">
          {anyCustomer ? "Nenhum cliente encontrado" : "Nenhum cliente cadastrado"}
        </p>
      )}

      <AdminPagination page={page} pageCount={pageCount} label="Páginas de clientes" />

      {staff.length ? (
        <section aria-labelledby="equipe" className="space-y-2 pt-2">
          <div>
            <h2 id="equipe" className="text-lg font-bold">
              Equipe
            </h2>
            <p className="text-sm text-slate-600">Contas de administrador: não contam como clientes.</p>
          </div>
          <CustomersList customers={staff} label="Equipe" />
        </section>
      ) : null}

      {detail ? (
        <CustomerDetailDialog
          key={detail.customer.id}
          detail={detail}
          isSelf={detail.customer.id === currentUserId}
          canManageStaff={canManageStaff}
          onClose={() => void navigate(withParams(searchParams, { [CUSTOMER_PARAM]: null }), { replace: true, preventScrollReset: true })}
        />
      ) : null}
    </div>
  );
}
