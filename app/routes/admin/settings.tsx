import { data } from "react-router";
import { SettingsForm, type SettingsActionResult } from "~/components/admin/settings/settings-form";
import { fieldErrors } from "~/lib/forms/form-errors";
import { parseSettingsForm, SETTINGS_MESSAGES } from "~/lib/group/settings-form.schema";
import { formatShopDateTime } from "~/lib/group/shop-time";
import { requireAdmin } from "~/server/auth/guards.server";
import { readFormData } from "~/server/requests/form-data.server";
import { loadSettingsPage, saveSettings } from "~/server/group/settings-admin.server";
import type { Route } from "./+types/settings";
import { log } from "~/server/log/logger.server";
import { adminMeta } from "~/lib/admin/admin-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadSettingsPage(context.db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = parseSettingsForm(await readFormData(request));
  if (!parsed.success) {
    return data<SettingsActionResult>({ ok: false, errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  try {
    await saveSettings(context.db, parsed.data, admin);
  } catch (error) {
    log.error({ err: error }, "admin: settings not saved");
    return data<SettingsActionResult>({ ok: false, errors: { form: SETTINGS_MESSAGES.saveFailed } }, { status: 500 });
  }
  // Answered to a fetcher (no navigation to repeat on reload); the page's loader runs again after it.
  return data<SettingsActionResult>({ ok: true, errors: {} });
}

export function meta() {
  return adminMeta("Configurações");
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, locations, lastSaved } = loaderData;
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Configurações</h1>
      <p className="mt-1 text-sm text-slate-600">
        As mudanças aparecem na loja assim que você salvar.
        {lastSaved ? (
          <>
            {" "}
            Última alteração em <time dateTime={lastSaved.at}>{formatShopDateTime(lastSaved.at)}</time>
            {lastSaved.by ? ` por ${lastSaved.by}` : ""}.
          </>
        ) : null}
      </p>
      <div className="mt-6">
        <SettingsForm settings={settings} locations={locations} version={lastSaved?.at ?? "inicial"} serverErrors={actionData?.errors} />
      </div>
    </div>
  );
}
