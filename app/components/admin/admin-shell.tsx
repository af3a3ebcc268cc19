import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { adminNavFor } from "~/lib/admin/admin-nav";
import type { StaffCapability } from "~/lib/staff/staff-roles";

/** `capabilities`: what the person's staff role may open (the menu shows only that). */
export type AdminUser = { name: string; email: string; image: string | null; roleLabel: string; capabilities: readonly StaffCapability[] };

/**
 * Sidebar on desktop, a drawer on phones: the clerk runs the shop from the counter's phone too. On
 * the dark bars the focus outline is white, since the brand red hardly shows on slate-900. `user`
 * null: the layout's own loader failed (its error page keeps the frame, without the person's card).
 * Printed, the frame is dropped (app.css): a receipt or a price sheet prints alone.
 */
export function AdminShell({ user, children }: { user: AdminUser | null; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className="min-h-screen bg-slate-100 lg:grid lg:grid-cols-[15rem_1fr]" data-admin-frame="">
      <header data-admin-chrome="" className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white lg:hidden [&_:focus-visible]:outline-white">
        <Link to="/admin" className="font-bold">
          Painel Erick
        </Link>
        <button
          type="button"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls="admin-sidebar"
          aria-label={open ? "Fechar menu do painel" : "Abrir menu do painel"}
          className="rounded p-1"
        >
          {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
        </button>
      </header>
      <aside
        id="admin-sidebar"
        data-admin-chrome=""
        className={`${open ? "block" : "hidden"} bg-slate-900 text-slate-200 lg:block [&_:focus-visible]:outline-white`}
      >
        {/* The dark column runs the page's whole height (the grid stretches it); its content stays in view while the page scrolls. */}
        <div className="lg:sticky lg:top-0 lg:max-h-screen lg:overflow-y-auto">
          <div className="hidden px-5 py-5 lg:block">
            <Link to="/admin" className="text-lg font-black text-white">
              Painel Erick
            </Link>
          </div>
          <AdminNav capabilities={user?.capabilities ?? []} />
          {user ? <AdminUserCard user={user} /> : null}
        </div>
      </aside>
      <main id="conteudo" className="min-w-0 p-4 sm:p-6 lg:p-8">
        {children}
      </main>
    </div>
  );
}

function AdminNav({ capabilities }: { capabilities: readonly StaffCapability[] }) {
  return (
    <nav aria-label="Painel">
      <ul className="space-y-1 px-3 py-2">
        {adminNavFor(capabilities).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-white/15 text-white" : "hover:bg-white/10"}`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <Link to="/" className="block rounded-lg px-3 py-2 text-sm hover:bg-white/10">
            Ver a loja
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** The signed-in person's card and the way out, at the foot of the sidebar. */
function AdminUserCard({ user }: { user: AdminUser }) {
  return (
    <div className="mt-4 border-t border-white/10 px-5 py-4">
      <div className="flex items-center gap-3">
        {user.image ? (
          <img src={user.image} alt="" width={36} height={36} className="h-9 w-9 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-white/20 font-bold text-white">
            {(user.name || user.email).charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 text-sm">
          <p className="truncate font-semibold text-white">{user.name}</p>
          <p className="truncate text-slate-400">{user.email}</p>
          <p className="truncate text-slate-400">{user.roleLabel}</p>
        </div>
      </div>
      <Form method="post" action="/sair" className="mt-3">
        <input type="hidden" name="redirectTo" value="/login" />
        <button type="submit" className="w-full rounded-lg border border-white/20 px-3 py-2 text-sm font-semibold hover:bg-white/10">
          Sair
        </button>
      </Form>
    </div>
  );
}
