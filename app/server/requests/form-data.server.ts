// The one way an action reads its form (and the way any other body is read): `request.formData()`
// throws a TypeError (a 500 "Unexpected Server Error") on a body of the wrong type, a broken multipart
// body or none at all, and `formData()`, `json()` and `text()` buffer any body whole, however large.
// Every refusal here is a thrown Response, which React Router answers as it is (resource routes) or
// shows in the error boundary with its status (pages).

import { withoutControlCharacters } from "~/lib/format/plain-text";

/** A form of the shop's pages without files is a few kilobytes; routes that take uploads pass their own limit. */
export const FORM_LIMIT_BYTES = 1024 * 1024;

export const FORM_UNREADABLE_MESSAGE = "Não foi possível ler o formulário. Recarregue a página e tente de novo.";

/** The encodings an HTML form sends (`enctype`); anything else is not one of the shop's forms talking. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function plainText(status: number): ResponseInit {
  return { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } };
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The request body is larger than the route accepts; nothing of it was parsed. A 413 Response, so a
 * route that does not catch it answers 413 with this text; a route that has its own wording (the
 * product form, the CSV import) catches it with `instanceof` and uses `message`.
 */
export class BodyTooLargeError extends Response {
  readonly message: string;
  constructor(readonly limitBytes: number) {
    const message = `O envio passa do limite de ${sizeText(limitBytes)}.`;
    super(message, plainText(413));
    this.message = message;
  }
}

/** The body is not a form, or not a well-formed one (400 or 415, with a pt-BR text). */
function unreadable(status: 400 | 415): Response {
  return new Response(FORM_UNREADABLE_MESSAGE, plainText(status));
}

/**
 * The request's body, read only as far as `limitBytes`: a declared Content-Length over the limit is
 * refused before reading anything, and a body without one (chunked) is read until it passes the
 * limit, and no further (BodyTooLargeError, 413). Empty when there is no body. A body that breaks off
 * mid-way is a 400 Response.
 */
export async function readBodyWithin(request: Request, limitBytes: number): Promise<Buffer<ArrayBuffer>> {
  refuseDeclaredOverLimit(request, limitBytes);
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limitBytes) {
          // Left unread, not cancelled: cancelling destroys the connection before the 413 can be
          // sent. The server drops what is left once the answer is out (server/unread-body.ts).
          reader.releaseLock();
          throw new BodyTooLargeError(limitBytes);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw error;
      // The client went away or the stream broke mid-body.
      throw unreadable(400);
    }
  }
  return Buffer.concat(chunks);
}

function refuseDeclaredOverLimit(request: Request, limitBytes: number) {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError(limitBytes);
}

/**
 * `request.formData()` with a ceiling and without crashes. A declared Content-Length over the limit is
 * refused before reading; a body without one (chunked) is read until it passes the limit, then
 * dropped. No body at all is an empty form (the route's own validation then says what is missing).
 * Throws BodyTooLargeError (413), or a 415/400 Response for another content type or a malformed body.
 */
export async function readFormData(request: Request, limitBytes: number = FORM_LIMIT_BYTES): Promise<FormData> {
  refuseDeclaredOverLimit(request, limitBytes);
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  // Refused before reading: the server drains what is left once the answer is sent.
  if (mediaType && !FORM_TYPES.has(mediaType)) throw unreadable(415);

  const body = await readBodyWithin(request, limitBytes);
  if (body.byteLength === 0) return new FormData();
  if (!mediaType) throw unreadable(415);

  let form: FormData;
  try {
    // Only the content type (with the multipart boundary) matters to the parser.
    form = await new Request(request.url, { method: "POST", headers: { "content-type": contentType }, body }).formData();
  } catch {
    throw unreadable(400);
  }
  return withoutControlCharactersInFields(form);
}

/**
 * No form of the shop takes control characters: a NUL byte fails any query that stores or looks it
 * up (a 500), and bidi overrides reorder what a clerk reads. Removed here for every field of every
 * form; the schemas also make names and addresses one line (~/lib/plain-text). Files are untouched.
 */
function withoutControlCharactersInFields(form: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of form) {
    cleaned.append(withoutControlCharacters(name), typeof value === "string" ? withoutControlCharacters(value) : value);
  }
  return cleaned;
}
