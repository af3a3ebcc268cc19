import { data } from "react-router";
import { actionRefusal, actionSuccess, refusalErrors, type ActionResult } from "~/lib/forms/action-result";
import { CsvImport } from "~/components/admin/products/csv-import";
import { StarterImport } from "~/components/admin/products/starter-import";
import { CSV_MAX_BYTES, CSV_TOO_LARGE_MESSAGE, type CsvImportResult, type StarterResult } from "~/lib/catalog/product-import";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { BodyTooLargeError, readFormData } from "~/server/requests/form-data.server";
import { importProductsCsvFile } from "~/server/catalog/product-csv.server";
import { importStarterProduct, starterProductNames } from "~/server/catalog/starter-products.server";
import type { Route } from "./+types/import";
import { adminMeta } from "~/lib/admin/admin-meta";
import { mediaStorageOf } from "~/server/media/media-storage.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "products");
  return { starters: starterProductNames() };
}

/** A file refused whole: `errors.file`; a file with bad lines: a refusal with the lines in `data.csv`; the starters' outcomes. */
type ActionData = ActionResult<{ csv?: CsvImportResult; starters?: StarterResult[] }>;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaffPermission(request, context, ["products", "stock"]);
  let form: FormData;
  try {
    // The file plus the multipart envelope.
    form = await readFormData(request, CSV_MAX_BYTES + 64 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return data<ActionData>(actionRefusal({ file: CSV_TOO_LARGE_MESSAGE }), { status: 413 });
    throw error;
  }

  // Without JavaScript the starter button posts here and the ten are created in one go.
  if (form.get("intent") === "starters") {
    const starters: StarterResult[] = [];
    for (const index of starterProductNames().keys()) starters.push(await importStarterProduct(context.db, mediaStorageOf(context.config), index, admin));
    return data<ActionData>(actionSuccess(undefined, { starters }));
  }

  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) return data<ActionData>(actionRefusal({ file: "Escolha um arquivo CSV." }), { status: 400 });
  if (file.size > CSV_MAX_BYTES) return data<ActionData>(actionRefusal({ file: CSV_TOO_LARGE_MESSAGE }), { status: 413 });
  const csv = await importProductsCsvFile(context.db, new Uint8Array(await file.arrayBuffer()), admin);
  if ("fileError" in csv) return data<ActionData>(actionRefusal({ file: csv.fileError }), { status: 400 });
  return data<ActionData>(csv.ok ? actionSuccess(undefined, { csv }) : actionRefusal({}, { csv }), { status: csv.ok ? 200 : 400 });
}

export function meta() {
  return adminMeta("Importar");
}

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold">Importar</h1>
      <StarterImport names={loaderData.starters} serverResults={actionData?.data?.starters} />
      <CsvImport outcome={actionData?.data?.csv} fileError={refusalErrors(actionData)?.file} />
    </div>
  );
}
