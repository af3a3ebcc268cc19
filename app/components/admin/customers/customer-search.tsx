import { AdminSearchForm } from "~/components/admin/admin-search-form";

/** Search by name, e-mail or phone, kept in the URL (a GET form). */
export function CustomerSearch({ q }: { q: string }) {
  return <AdminSearchForm id="customer-search" label="Buscar cliente" placeholder="Nome, e-mail ou telefone" q={q} clearTo="/admin/clientes" />;
}
