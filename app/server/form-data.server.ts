/** The request body is larger than the route accepts; nothing of it was parsed. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`O envio passa do limite de ${Math.round(limitBytes / (1024 * 1024))} MB.`);
  }
}

/**
 * `request.formData()` with a ceiling: `formData()` would buffer any body whole, so a huge upload
 * could exhaust the server's memory. A declared Content-Length over the limit is refused before
 * reading; a body without one (chunked) is read until it passes the limit, then dropped.
 */
export async function readFormData(request: Request, limitBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError(limitBytes);
  if (!request.body) return request.formData();

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limitBytes);
    }
    chunks.push(value);
  }
  // Only the content type (with the multipart boundary) matters to the parser.
  const headers = { "content-type": request.headers.get("content-type") ?? "" };
  return new Request(request.url, { method: "POST", headers, body: Buffer.concat(chunks) }).formData();
}
