import { data, redirect } from "react-router";
import { ReceivingScreen } from "~/components/admin/receiving/receiving-screen";
import { adminMeta } from "~/lib/admin/admin-meta";
import { actionRefusal, actionSuccess, type ActionResult } from "~/lib/forms/action-result";
import { parseId } from "~/lib/forms/ids";
import { NOTE_UPLOAD_MAX_BYTES, NOTE_UPLOAD_TOO_LARGE_MESSAGE, RECEIVING_PATH, type ReceivingPreview } from "~/lib/receiving/supplier-notes";
import { requireStaffPermission, staffActionRefusal, staffStoreScope } from "~/server/auth/guards.server";
import { listCounterStores } from "~/server/counter/counter-sale.server";
import { noteFilesOf, type NoteFile } from "~/server/receiving/note-xml.server";
import { previewNotes, readReceivedNote, receiveNote, type ItemDecision } from "~/server/receiving/receiving.server";
import { BodyTooLargeError, readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/receiving";

/** ?nota=ID: a note just received (what came in, its costs). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "stock");
  const noteId = parseId(new URL(request.url).searchParams.get("nota"));
  const [stores, received] = await Promise.all([listCounterStores(context.db, staffStoreScope(user)), noteId ? readReceivedNote(context.db, noteId, staffStoreScope(user)) : null]);
  return { stores, received };
}

export type ReceivingActionData = ActionResult<{ previews: ReceivingPreview[]; refusals: { fileName: string; message: string }[] }>;

/** A whole number typed in the form, or null when left empty. */
function typedNumber(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  return /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/** `intent`: read (the uploaded XML or ZIP files: `files`), receive (one note: `xml`, `storeId`, per item `variant_N`, `box_N`, `received_N`, `partial`). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPermission(request, context, "stock");
  let form: FormData;
  try {
    // The files plus the multipart envelope.
    form = await readFormData(request, NOTE_UPLOAD_MAX_BYTES + 64 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return data<ReceivingActionData>(actionRefusal(NOTE_UPLOAD_TOO_LARGE_MESSAGE), { status: 413 });
    throw error;
  }
  const scope = staffStoreScope(user);
  if (form.get("intent") === "receive") {
    const decisions = new Map<number, ItemDecision>();
    for (const key of form.keys()) {
      const item = /^(?:variant|box|received)_(\d{1,4})$/.exec(key)?.[1];
      if (!item || decisions.has(Number(item))) continue;
      decisions.set(Number(item), {
        variantId: parseId(form.get(`variant_${item}`)),
        unitsPerBox: typedNumber(form.get(`box_${item}`)),
        received: typedNumber(form.get(`received_${item}`)),
      });
    }
    const received = await receiveNote(
      context.db,
      { xml: String(form.get("xml") ?? ""), storeId: parseId(form.get("storeId")), decisions, partial: form.get("partial") === "on" },
      user,
      (storeId) => scope === null || scope === storeId,
    );
    if (!received.ok) return received.status === 403 ? staffActionRefusal(user, received.message) : data<ReceivingActionData>(actionRefusal(received.message), { status: received.status });
    return redirect(`${RECEIVING_PATH}?nota=${received.noteId}`);
  }

  const uploads = form.getAll("files").filter((file): file is File => typeof file !== "string" && file.size > 0);
  if (uploads.length === 0) return data<ReceivingActionData>(actionRefusal("Escolha o XML da nota (ou um ZIP com vários)."), { status: 400 });
  if (uploads.reduce((sum, file) => sum + file.size, 0) > NOTE_UPLOAD_MAX_BYTES) return data<ReceivingActionData>(actionRefusal(NOTE_UPLOAD_TOO_LARGE_MESSAGE), { status: 413 });
  const files: NoteFile[] = [];
  const refusals: { fileName: string; message: string }[] = [];
  for (const upload of uploads) {
    const found = noteFilesOf(upload.name, new Uint8Array(await upload.arrayBuffer()));
    if (found.ok) files.push(...found.files);
    else refusals.push({ fileName: upload.name, message: found.message });
  }
  const read = await previewNotes(context.db, files);
  const answer = { previews: read.previews, refusals: [...refusals, ...read.refusals] };
  if (answer.previews.length === 0) return data<ReceivingActionData>(actionRefusal(answer.refusals.map((refusal) => `${refusal.fileName}: ${refusal.message}`).join("\n"), answer), { status: 400 });
  return data<ReceivingActionData>(actionSuccess(undefined, answer));
}

export function meta() {
  return adminMeta("Entradas");
}

export default function AdminReceiving({ loaderData, actionData }: Route.ComponentProps) {
  return <ReceivingScreen stores={loaderData.stores} received={loaderData.received} result={actionData} />;
}
