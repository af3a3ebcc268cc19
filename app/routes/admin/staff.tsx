import { data, redirect } from "react-router";
import { StaffScreen } from "~/components/admin/staff/staff-screen";
import { adminMeta } from "~/lib/admin/admin-meta";
import { actionRefusal, actionSuccess, type ActionResult } from "~/lib/forms/action-result";
import { fieldErrors } from "~/lib/forms/form-errors";
import { STAFF_MESSAGES, staffAddSchema, staffChangeSchema, staffFormValues, staffRemoveSchema } from "~/lib/staff/staff-form.schema";
import { AdminAccountError, createAdmin, generatedPassword } from "~/server/auth/admins.server";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { listStaffMembers, listStores, removeStaffAccess, setStaffAccess, userIdByEmail, type StaffChangeResult } from "~/server/auth/staff.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/staff";

/** After a change, the page says what was done (?feito=…); the list shows the new state. */
const DONE_PARAM = "feito";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "staff");
  const [members, stores] = await Promise.all([listStaffMembers(context.db), listStores(context.db)]);
  return { members, stores, currentUserId: user.id, done: new URL(request.url).searchParams.get(DONE_PARAM) };
}

type StaffActionData = { password?: string; email?: string };

function refuse(errors: Parameters<typeof actionRefusal>[0], status = 400) {
  return data<ActionResult<StaffActionData>>(actionRefusal(errors), { status });
}

function answerOf(result: StaffChangeResult, done: string) {
  return result.ok ? redirect(`/admin/equipe?${DONE_PARAM}=${done}`) : refuse(result.message, result.status);
}

/** Adds a member (a new account with a generated password, or an existing customer), changes a role or store, or takes access away. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPermission(request, context, "staff");
  const form = await readFormData(request);
  const values = staffFormValues(form);
  switch (form.get("intent")) {
    case "add": {
      const parsed = staffAddSchema.safeParse(values);
      if (!parsed.success) return refuse(fieldErrors(parsed.error));
      const { email, name, staffRole, storeId } = parsed.data;
      const existing = await userIdByEmail(context.db, email);
      if (existing) {
        if ((await listStaffMembers(context.db)).some((member) => member.id === existing)) return refuse({ email: STAFF_MESSAGES.alreadyStaff }, 409);
        return answerOf(await setStaffAccess(context.db, user, existing, { staffRole, storeId }), "adicionado");
      }
      const password = generatedPassword();
      try {
        await createAdmin(context.auth, context.db, { email, password, name, access: { staffRole, storeId } }, user);
      } catch (error) {
        if (error instanceof AdminAccountError) return refuse(error.message);
        throw error;
      }
      return data<ActionResult<StaffActionData>>(actionSuccess(STAFF_MESSAGES.created(email), { password, email }));
    }
    case "change": {
      const parsed = staffChangeSchema.safeParse(values);
      if (!parsed.success) return refuse(fieldErrors(parsed.error));
      return answerOf(await setStaffAccess(context.db, user, parsed.data.userId, parsed.data), "alterado");
    }
    case "remove": {
      const parsed = staffRemoveSchema.safeParse(values);
      if (!parsed.success) return refuse(fieldErrors(parsed.error));
      if (parsed.data.userId === user.id) return refuse(STAFF_MESSAGES.notYourself, 403);
      return answerOf(await removeStaffAccess(context.db, user, parsed.data.userId), "removido");
    }
    default:
      return refuse(STAFF_MESSAGES.intent);
  }
}

export function meta() {
  return adminMeta("Equipe");
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffScreen {...loaderData} answer={actionData} />;
}
