import { describe, expect, it } from "vitest";
import { BodyTooLargeError, FORM_UNREADABLE_MESSAGE, readFormData } from "./form-data.server";

const URL_ = "http://localhost/acao";

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit & { duplex: "half" });
}

/** What readFormData threw, as the Response React Router would send. */
async function refusal(request: Request): Promise<{ status: number; text: string; response: Response }> {
  const thrown = await readFormData(request).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, text: await response.clone().text(), response };
}

describe("readFormData", () => {
  it("reads url-encoded and multipart forms", async () => {
    const encoded = await readFormData(post("nome=Jo%C3%A3o&tamanho=38&tamanho=39", { "content-type": "application/x-www-form-urlencoded" }));
    expect(encoded.get("nome")).toBe("João");
    expect(encoded.getAll("tamanho")).toEqual(["38", "39"]);
    const form = new FormData();
    form.append("nome", "Maria");
    form.append("foto", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
    const multipart = await readFormData(new Request(URL_, { method: "POST", body: form }));
    expect(multipart.get("nome")).toBe("Maria");
    expect((multipart.get("foto") as File).size).toBe(3);
  });

  it("stores no C1 control characters (U+0080–U+009F): what a Windows-1252 paste read as ISO-8859-1 leaves", async () => {
    const form = new FormData();
    form.append("nome", "T\u0093\u00eanis\u0094 \u0096 \u0085\u0080\u009f");
    const read = await readFormData(new Request(URL_, { method: "POST", body: form }));
    expect(read.get("nome")).toBe("Tênis  ");
    const encoded = await readFormData(post("nome=Caneca%C2%85%C2%93", { "content-type": "application/x-www-form-urlencoded" }));
    expect(encoded.get("nome")).toBe("Caneca");
  });

  it("takes no body at all as an empty form (the route's validation says what is missing)", async () => {
    expect([...(await readFormData(post(null))).keys()]).toEqual([]);
    expect([...(await readFormData(post("", { "content-type": "application/x-www-form-urlencoded" }))).keys()]).toEqual([]);
  });

  it("refuses another content type with 415 and a body of an unknown type with 415, in pt-BR", async () => {
    for (const [type, body] of [
      ["text/plain", "nome=x"],
      ["application/json", '{"nome":"x"}'],
      ["application/xml", "<a/>"],
      ["text/html; charset=utf-16", "x"],
      ["", "nome=x"],
    ] as const) {
      const { status, text, response } = await refusal(post(body, type ? { "content-type": type } : {}));
      expect([type, status]).toEqual([type, 415]);
      expect(text).toBe(FORM_UNREADABLE_MESSAGE);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    }
  });

  it("refuses a broken multipart body with 400", async () => {
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=zz", 'multipart/form-data; boundary="a b"']) {
      const { status, text } = await refusal(post('--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx', { "content-type": type }));
      expect([type, status]).toEqual([type, 400]);
      expect(text).toBe(FORM_UNREADABLE_MESSAGE);
    }
  });

  it("refuses a body over the limit, declared or streamed, with a 413 a route may catch for its own wording", async () => {
    const declared = post("a=1", { "content-type": "application/x-www-form-urlencoded", "content-length": String(2 * 1024 * 1024) });
    const refused = await refusal(declared);
    expect(refused.status).toBe(413);
    expect(refused.response).toBeInstanceOf(BodyTooLargeError);
    expect((refused.response as BodyTooLargeError).message).toBe("O envio passa do limite de 1 MB.");

    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    const error = await readFormData(post(endless, { "content-type": "application/x-www-form-urlencoded" }), 16 * 1024).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as BodyTooLargeError).message).toBe("O envio passa do limite de 16 KB.");
    expect(sent).toBeLessThan(1024 * 1024);
  });
});
