import { data, Link, redirect } from "react-router";
import { ProductEditor } from "~/components/admin/products/product-editor";
import { ProductPrintLinks } from "~/components/admin/products/product-print-links";
import { NOTICE_PARAM, SAME_NAME_PARAM } from "~/lib/catalog/admin-products";
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES, productFormSchema, productToFormInput, type ProductFormInput } from "~/lib/catalog/product.schema";
import { IMAGE_FIELDS, productFormValues, stockAsRead, storeStockAsRead } from "~/lib/catalog/product-form-fields";
import { actionRefusal, type ActionResult } from "~/lib/forms/action-result";
import { fieldErrors, type FieldErrors } from "~/lib/forms/form-errors";
import { parseId } from "~/lib/forms/ids";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { BodyTooLargeError, readFormData } from "~/server/requests/form-data.server";
import { getProductForEdit } from "~/server/catalog/admin-product-list.server";
import { listStoreOptions, ProductNotFoundError, ProductSaveError } from "~/server/catalog/product-writes.server";
import { sameNameInStore, saveProduct, type ImageUpload } from "~/server/catalog/product-save.server";
import type { Route } from "./+types/product-form";
import { log } from "~/server/log/logger.server";
import { adminMeta } from "~/lib/admin/admin-meta";
import { actionSuccess } from "~/lib/forms/action-result";
import { stockTransferSchema, TRANSFER_INTENT } from "~/lib/stores/store-stock";
import { StoreStockPanel } from "~/components/admin/products/store-stock-panel";
import { readProductStoreStock, transferUnits } from "~/server/catalog/stock-transfer.server";
import { mediaStorageOf } from "~/server/media/media-storage.server";

/** Every image at its maximum plus the text fields: anything bigger is refused before it is read. */
const MAX_REQUEST_BYTES = MAX_PRODUCT_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

/** The id in /admin/produtos/editar/:id; undefined on /admin/produtos/novo; null when it can name no product. */
function productId(params: { id?: string }): number | null | undefined {
  return params.id === undefined ? undefined : parseId(params.id);
}

const NEW_PRODUCT: ProductFormInput = { price: "", sizes: [], colors: [], stock: {}, active: "on" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "products");
  const id = productId(params);
  try {
    // The 'Loja' options are the stores as the settings name them.
    const stores = await listStoreOptions(context.db);
    if (id === undefined) return { product: null, stores, storeStock: null, loadError: null };
    const product = id === null ? null : await getProductForEdit(context.db, id, stores);
    if (product) return { product, stores, storeStock: await readProductStoreStock(context.db, product.id), loadError: null };
    return data({ product: null, stores, storeStock: null, loadError: PRODUCT_MESSAGES.loadFailed }, { status: 404 });
  } catch (error) {
    log.error({ err: error }, "admin: loading a product failed");
    return data({ product: null, stores: [], storeStock: null, loadError: PRODUCT_MESSAGES.loadFailed }, { status: 500 });
  }
}

/** A refused save: the fields' messages, 'Erro ao salvar produto: …' for the whole form, and what was typed. */
function failure(message: string, status: number, errors: FieldErrors = {}, values?: ProductFormInput) {
  return data<ActionResult<ProductFormInput>>(actionRefusal({ ...errors, form: `${PRODUCT_MESSAGES.saveFailedPrefix}${message}` }, values), { status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireStaffPermission(request, context, ["products", "stock"]);
  const id = productId(params);
  if (id === null) return failure(PRODUCT_MESSAGES.loadFailed, 404);

  let form: FormData;
  try {
    form = await readFormData(request, MAX_REQUEST_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    const message = `${error.message} Envie até ${MAX_PRODUCT_IMAGES} imagens de no máximo 5 MB cada.`;
    return failure(message, 413, { images: message });
  }

  if (form.get("intent") === TRANSFER_INTENT) {
    if (!id) return data(actionRefusal(PRODUCT_MESSAGES.loadFailed), { status: 404 });
    const parsed = stockTransferSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data(actionRefusal(parsed.error.issues[0]?.message ?? "Revise a transferência."), { status: 400 });
    const moved = await transferUnits(context.db, parsed.data, admin);
    if (!moved.ok) return data(actionRefusal(moved.message), { status: moved.status });
    return data(actionSuccess(moved.message));
  }

  const values = productFormValues(form);
  const parsed = productFormSchema.safeParse(values);
  if (!parsed.success) return failure("revise os campos destacados.", 400, fieldErrors(parsed.error), values);

  const files = form.getAll(IMAGE_FIELDS.newImages).filter((value): value is File => typeof value !== "string" && value.size > 0);
  const tooBig = files.find((file) => file.size > MAX_IMAGE_BYTES);
  if (tooBig) {
    const message = `a imagem “${tooBig.name}” tem mais de 5 MB.`;
    return failure(message, 400, { images: message }, values);
  }
  const uploads: ImageUpload[] = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) })));
  const order = form.has(IMAGE_FIELDS.sent)
    ? form.getAll(IMAGE_FIELDS.order).filter((value): value is string => typeof value === "string")
    : null;

  let savedId: number;
  try {
    savedId = await saveProduct(context.db, mediaStorageOf(context.config), { id: id ?? null, input: parsed.data, order, uploads, stockRead: stockAsRead(values), storeStockRead: storeStockAsRead(values) }, admin);
  } catch (error) {
    if (error instanceof ProductSaveError) {
      return failure(error.message, 400, error.field ? { [error.field]: error.message } : {}, values);
    }
    if (error instanceof ProductNotFoundError) return failure(PRODUCT_MESSAGES.loadFailed, 404);
    log.error({ err: error }, "admin: saving a product failed");
    return failure("não foi possível gravar. Tente novamente.", 500, {}, values);
  }
  // Saved; the list warns when the store already had a product of this name (saved twice by mistake?).
  const twin = await sameNameInStore(context.db, savedId);
  return redirect(`/admin/produtos?${NOTICE_PARAM}=${id === undefined ? "cadastrado" : "atualizado"}${twin ? `&${SAME_NAME_PARAM}=${savedId}` : ""}`);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.product ? `Editar ${loaderData.product.name}` : loaderData?.loadError ? "Produto" : "Novo produto";
  return adminMeta(title);
}

export default function AdminProductForm({ loaderData, actionData, params }: Route.ComponentProps) {
  const { product, stores, storeStock, loadError } = loaderData;
  const editing = params.id !== undefined;
  const back = (
    <Link to="/admin/produtos" className="text-sm font-semibold text-brand-700 underline">
      Voltar para produtos
    </Link>
  );

  if (loadError) {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold">Editar produto</h1>
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 font-semibold text-red-800">
          {loadError}
        </p>
        <p className="mt-4">{back}</p>
      </div>
    );
  }

  const initial = actionData?.data ?? (product ? productToFormInput(product) : NEW_PRODUCT);
  return (
    <div className="mx-auto max-w-3xl">
      {back}
      <h1 className="mt-2 text-2xl font-bold">{editing ? "Editar produto" : "Novo produto"}</h1>
      {product ? <p className="mt-1 text-sm text-slate-600">Código {product.id}</p> : null}
      {product ? <ProductPrintLinks productId={product.id} /> : null}
      <div className="mt-5">
        <ProductEditor
          // A different product (or a new one after an edit) starts from its own values.
          key={product?.id ?? "novo"}
          mode={editing ? "edit" : "create"}
          initial={initial}
          storeOptions={stores}
          images={product?.images ?? []}
          result={actionData}
          stockNeedsReview={product?.stockNeedsReview}
        />
      </div>
      {storeStock ? <StoreStockPanel stock={storeStock} /> : null}
    </div>
  );
}
