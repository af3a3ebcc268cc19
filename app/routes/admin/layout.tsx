import { Outlet, useRouteLoaderData } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error-page";
import { AdminShell } from "~/components/admin/admin-shell";
import { LiveOrderEventsProvider } from "~/components/admin/orders/live-order-events";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";
import { adminMeta } from "~/lib/admin/admin-meta";
import { ROLE_CAPABILITIES, STAFF_ROLE_LABELS } from "~/lib/staff/staff-roles";
import { staffStoreName } from "~/server/auth/staff.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const store = await staffStoreName(context.db, user);
  return {
    user: {
      name: user.name,
      email: user.email,
      image: user.image,
      roleLabel: store ? `${STAFF_ROLE_LABELS[user.staffRole]} · ${store}` : STAFF_ROLE_LABELS[user.staffRole],
      capabilities: ROLE_CAPABILITIES[user.staffRole],
    },
  };
}

/** Admin pages hold customers' data: never cached by the browser or a proxy. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The admin installs as its own app on a phone (public/painel/manifest.webmanifest); the storefront does not. */
export function links() {
  return [
    { rel: "manifest", href: "/painel/manifest.webmanifest" },
    { rel: "apple-touch-icon", href: "/painel/icone-192.png" },
  ];
}

export function meta() {
  return adminMeta("Início");
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user}>
      <LiveOrderEventsProvider>
        <Outlet />
      </LiveOrderEventsProvider>
    </AdminShell>
  );
}

/**
 * An admin page (or this layout's loader) that fails keeps the panel's frame and menu; the shopper's
 * error page (app/root.tsx) would drop the clerk out of the panel.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <AdminShell user={layout?.user ?? null}>
      <AdminErrorPage error={error} />
    </AdminShell>
  );
}
