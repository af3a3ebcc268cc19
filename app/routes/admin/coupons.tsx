import { data, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { CouponsPanel } from "~/components/admin/coupons/coupons-panel";
import { couponFormSchema, couponFormValues } from "~/lib/coupons/coupon.schema";
import { fieldErrors, type FieldErrors } from "~/lib/forms/form-errors";
import { idSchema } from "~/lib/forms/ids";
import { adminMeta } from "~/lib/admin/admin-meta";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { listShops } from "~/server/catalog/products.server";
import { pickedProducts } from "~/server/catalog/admin-product-list.server";
import { listCoupons, saveCoupon, setCouponActive } from "~/server/coupons/coupon-admin.server";
import { readFormData } from "~/server/requests/form-data.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/coupons";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "coupons");
  const [coupons, shops, origin] = await Promise.all([listCoupons(context.db), listShops(context.db), shopPublicOrigin(context)]);
  // The names of the products the coupons are limited to, for the form's product picker.
  const products = await pickedProducts(context.db, coupons.flatMap((coupon) => coupon.productIds));
  return { coupons, shops: shops.map((shop) => ({ id: shop.id, name: shop.name })), origin, products };
}

/** Creates or edits a coupon (`intent` save, with `id` when editing), or pauses / resumes one. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPermission(request, context, "coupons");
  const form = await readFormData(request);
  const refuse = (errors: FieldErrors, status = 400) => data(actionRefusal(errors), { status });
  const idText = form.get("id");
  const id = idText ? idSchema.safeParse(idText) : null;
  if (id && !id.success) return refuse({ form: "Cupom inválido" });
  switch (form.get("intent")) {
    case "save": {
      const parsed = couponFormSchema.safeParse(couponFormValues(form));
      if (!parsed.success) return refuse(fieldErrors(parsed.error));
      const saved = await saveCoupon(context.db, id?.data ?? null, parsed.data, user);
      if (!saved.ok) return refuse({ [saved.field]: saved.message }, 409);
      return redirect(`/admin/cupons?salvo=${encodeURIComponent(parsed.data.code)}`);
    }
    case "pause":
    case "resume": {
      if (!id) return refuse({ form: "Cupom inválido" });
      if (!(await setCouponActive(context.db, id.data, form.get("intent") === "resume", user))) return refuse({ form: "Cupom não encontrado" }, 404);
      return redirect("/admin/cupons");
    }
    default:
      return refuse({ form: "Ação desconhecida." });
  }
}

export function meta() {
  return adminMeta("Cupons");
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  return <CouponsPanel coupons={loaderData.coupons} shops={loaderData.shops} products={loaderData.products} origin={loaderData.origin} result={actionData} />;
}
