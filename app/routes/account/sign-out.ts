import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/pages/safe-redirect";
import { signOut } from "~/server/auth/accounts.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/sign-out";

/** 'Sair': ends the session in the database and clears the cookie; the admin's 'Sair' goes to /login, as it did on the earlier admin. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const destination = safeRedirectPath(form.get("redirectTo"), "/");
  return redirect(destination, { headers: await signOut(context, request) });
}

/** Signing out changes state, so it is a POST; a visit to /sair just goes home. */
export function loader() {
  return redirect("/");
}
