import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/settings";

// Placeholder: being built.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Placeholder() {
  return <p>Em construção.</p>;
}
