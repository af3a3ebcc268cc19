import { requireStaffPermission } from "~/server/auth/guards.server";
import { adminServiceWorkerResponse } from "~/server/notifications/service-worker.server";
import type { Route } from "./+types/service-worker";

/** /admin/sw.js: the admin's service worker (new-order notifications), for staff only like every /admin address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "notifications");
  return adminServiceWorkerResponse();
}
