import { data, redirect } from "react-router";
import { PublicOriginForm } from "~/components/admin/settings/public-origin-form";
import { SettingsForm } from "~/components/admin/settings/settings-form";
import { actionRefusal, actionSuccess, type ActionResult } from "~/lib/forms/action-result";
import { normalizePublicOrigin, PUBLIC_ORIGIN_MESSAGES, type PublicOriginActionResult } from "~/lib/group/public-origin.schema";
import { publicAddressOf, setOwnerPublicOrigin } from "~/server/group/public-origin.server";
import { fieldErrors } from "~/lib/forms/form-errors";
import { donoOnlySettingsRefusal, parseSettingsForm, SETTINGS_MESSAGES } from "~/lib/group/settings-form.schema";
import { formatShopDateTime } from "~/lib/format/shop-time";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { roleMay } from "~/lib/staff/staff-roles";
import { readFormData } from "~/server/requests/form-data.server";
import { loadSettingsPage, saveSettings } from "~/server/group/settings-admin.server";
import { getSettings } from "~/server/group/settings.server";
import type { Route } from "./+types/settings";
import { log } from "~/server/log/logger.server";
import { adminMeta } from "~/lib/admin/admin-meta";
import { registerShopPixWebhook } from "~/server/payments/pix-webhook.server";
import { STORE_FISCAL_MESSAGES, storeFiscalFormSchema } from "~/lib/fiscal/store-fiscal.schema";
import { loadStoreFiscalIdentities, saveStoreFiscalIdentity } from "~/server/fiscal/store-fiscal.server";
import { formValues } from "~/lib/forms/form-errors";
import { StoreFiscalForm } from "~/components/admin/settings/store-fiscal-form";
import { CategoryNcmForm } from "~/components/admin/settings/category-ncm-form";
import { CATEGORY_NCM_MESSAGES, parseCategoryNcmForm } from "~/lib/fiscal/product-fiscal.schema";
import { categoryNcmDefaults, saveCategoryNcmDefaults } from "~/server/fiscal/product-fiscal.server";
import { CATEGORIES, type Category } from "~/lib/catalog/categories";
import type { StoreFiscalActionResult } from "~/lib/fiscal/store-fiscal";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "settings");
  // The stores' CNPJ, IE and CSC are the Dono's: another role's page (HTML and .data) never carries them.
  const canEditFiscal = roleMay(user.staffRole, "fiscal-identity");
  const [page, publicAddress, fiscalStores, categoryNcm] = await Promise.all([
    loadSettingsPage(context.db),
    publicAddressOf(context),
    canEditFiscal ? loadStoreFiscalIdentities(context.db) : null,
    categoryNcmDefaults(context.db),
  ]);
  return { ...page, publicAddress, fiscalStores, categoryNcm, canEditMoney: roleMay(user.staffRole, "money-settings"), canEditContact: roleMay(user.staffRole, "shop-contact") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaffPermission(request, context, "settings");
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "public-origin-review" || intent === "public-origin-confirm") {
    // Whoever sets it receives the password-reset links (the Dono's too) and the bank's Pix notices.
    if (!roleMay(admin.staffRole, "shop-contact")) {
      return data<PublicOriginActionResult>(actionRefusal({ publicOrigin: PUBLIC_ORIGIN_MESSAGES.donoOnly }, { form: "public-origin" }), { status: 403 });
    }
    // The address is typed, shown back as it will be saved, then confirmed; PUBLIC_URL, when set, wins.
    const origin = context.config.publicUrl ? null : normalizePublicOrigin(String(form.get("publicOrigin") ?? ""));
    if (!origin) return data<PublicOriginActionResult>(actionRefusal({ publicOrigin: PUBLIC_ORIGIN_MESSAGES.invalid }, { form: "public-origin" }), { status: 400 });
    if (intent === "public-origin-review") return data<PublicOriginActionResult>(actionSuccess(undefined, { form: "public-origin", pending: origin }));
    if (form.get("confirmed") !== "on") {
      return data<PublicOriginActionResult>(actionRefusal({ publicOrigin: PUBLIC_ORIGIN_MESSAGES.confirm }, { form: "public-origin", pending: origin }), { status: 400 });
    }
    await setOwnerPublicOrigin(context.db, context.config, admin, origin);
    await registerShopPixWebhook(context.db, context.config);
    return redirect("/admin/configuracoes");
  }
  if (intent === "store-fiscal") {
    const storeId = Number(form.get("storeId")) || 0;
    if (!roleMay(admin.staffRole, "fiscal-identity")) {
      return data<StoreFiscalActionResult>(actionRefusal(STORE_FISCAL_MESSAGES.donoOnly, { form: "store-fiscal", storeId }), { status: 403 });
    }
    const fiscal = storeFiscalFormSchema.safeParse(formValues(form));
    if (!fiscal.success) return data<StoreFiscalActionResult>(actionRefusal(fieldErrors(fiscal.error), { form: "store-fiscal", storeId }), { status: 400 });
    const saved = await saveStoreFiscalIdentity(context.db, fiscal.data, admin);
    if (!saved) return data<StoreFiscalActionResult>(actionRefusal(STORE_FISCAL_MESSAGES.store, { form: "store-fiscal", storeId }), { status: 404 });
    return data<StoreFiscalActionResult>(actionSuccess(STORE_FISCAL_MESSAGES.saved, { form: "store-fiscal", storeId }));
  }
  if (intent === "category-ncm") {
    const categories = parseCategoryNcmForm(formValues(form), CATEGORIES);
    if (!categories.ok) return data<CategoryNcmActionResult>(actionRefusal(categories.errors, { form: "category-ncm" }), { status: 400 });
    await saveCategoryNcmDefaults(context.db, categories.defaults as Map<Category, string>, admin);
    return data<CategoryNcmActionResult>(actionSuccess(CATEGORY_NCM_MESSAGES.saved, { form: "category-ncm" }));
  }
  const parsed = parseSettingsForm(form);
  if (!parsed.success) {
    return data<ActionResult>(actionRefusal(fieldErrors(parsed.error)), { status: 400 });
  }
  const stored = await getSettings(context.db);
  // A Gerente's form sends the Dono's settings (money, contact) back as stored; a changed one is refused
  // whole, answered on the page (a thrown refusal would replace it with the error page).
  const refusedWhy = donoOnlySettingsRefusal(admin.staffRole, stored, parsed.data.settings);
  if (refusedWhy) return data<ActionResult>(actionRefusal(refusedWhy), { status: 403 });
  try {
    const keyBefore = context.config.pix ? stored.pixKey : null;
    await saveSettings(context.db, parsed.data, admin);
    // A new PIX key: the provider learns where to announce its payments (only with PIX_PROVIDER, only when the key changed).
    if (context.config.pix && keyBefore !== parsed.data.settings.pixKey) await registerShopPixWebhook(context.db, context.config);
  } catch (error) {
    log.error({ err: error }, "admin: settings not saved");
    return data<ActionResult>(actionRefusal(SETTINGS_MESSAGES.saveFailed), { status: 500 });
  }
  // Answered to a fetcher (no navigation to repeat on reload); the page's loader runs again after it.
  return data<ActionResult>(actionSuccess());
}

type CategoryNcmActionResult = ActionResult<{ form: "category-ncm" }>;

export function meta() {
  return adminMeta("Configurações");
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, locations, lastSaved, publicAddress, fiscalStores, categoryNcm, canEditMoney, canEditContact } = loaderData;
  const publicOriginAnswer = actionData?.data?.form === "public-origin" ? (actionData as PublicOriginActionResult) : undefined;
  const fiscalAnswer = actionData?.data?.form === "store-fiscal" ? (actionData as StoreFiscalActionResult) : undefined;
  const categoryNcmAnswer = actionData?.data?.form === "category-ncm" ? (actionData as CategoryNcmActionResult) : undefined;
  const settingsAnswer = publicOriginAnswer || fiscalAnswer || categoryNcmAnswer ? undefined : (actionData as ActionResult | undefined);
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
        <SettingsForm settings={settings} locations={locations} version={lastSaved?.at ?? "inicial"} answer={settingsAnswer} canEditMoney={canEditMoney} canEditContact={canEditContact} />
      </div>
      <div className="mt-6">
        <PublicOriginForm current={publicAddress} answer={publicOriginAnswer} canEdit={canEditContact} />
      </div>
      <div className="mt-6">
        <CategoryNcmForm defaults={categoryNcm} answer={categoryNcmAnswer} />
      </div>
      {fiscalStores ? (
        <div className="mt-6">
          <StoreFiscalForm stores={fiscalStores} answer={fiscalAnswer} />
        </div>
      ) : null}
    </div>
  );
}
