// Reading a supplier's NF-e XML (the nfeProc the supplier e-mails, layout 4.00) with a real XML parser,
// never regular expressions over the markup. Whatever is not an authorised NF-e 4.00 is refused with a
// pt-BR reason before anything is written: another file type, another layout, a broken chave, a note
// without the SEFAZ's authorisation (protNFe with cStat 100), and any DOCTYPE or ENTITY declaration (an
// NF-e has none; entities are how an "XML bomb" multiplies a few KB into gigabytes), refused before
// the parser sees the text. A ZIP is unpacked with caps on its files and their declared sizes.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { unzipSync } from "fflate";
import { onlyDigits } from "~/lib/format/documents";
import { isValidChaveAcesso, isValidCnpj, isValidGtin } from "~/lib/fiscal/identifiers";
import { decimalToCents, ZIP_MAX_ENTRIES, ZIP_MAX_UNPACKED_BYTES, type NoteItem, type SupplierNote } from "~/lib/receiving/supplier-notes";

export type NoteReading = { ok: true; note: SupplierNote } | { ok: false; message: string };

/** One XML found in an upload: its name (the ZIP's entry for a ZIP) and text. */
export type NoteFile = { fileName: string; xml: string };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Codes keep their leading zeros (an EAN, a CFOP, a cProd): every value stays a string.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  removeNSPrefix: true,
  trimValues: true,
  isArray: (name) => name === "det",
});

const NOT_XML = "O arquivo não é um XML de NF-e. Envie o XML (ou um ZIP de XMLs) que o fornecedor mandou.";
const NOT_NFE = "O arquivo não é uma NF-e: falta a nota (nfeProc/NFe/infNFe).";

type Node = Record<string, unknown>;

function child(node: unknown, name: string): Node | undefined {
  const value = node && typeof node === "object" ? (node as Node)[name] : undefined;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;
}

function text(node: unknown, name: string): string {
  const value = node && typeof node === "object" ? (node as Node)[name] : undefined;
  if (typeof value === "string") return value;
  // An element with attributes and text: fast-xml-parser puts the text under #text.
  if (value && typeof value === "object" && typeof (value as Node)["#text"] === "string") return (value as Node)["#text"] as string;
  return "";
}

/** Whether the bytes are a ZIP (local file header "PK\x03\x04", or an empty archive's "PK\x05\x06"). */
function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/**
 * The XML files of one upload: the file itself, or each .xml of a ZIP (other files in it are left
 * out). A ZIP over ZIP_MAX_ENTRIES files or ZIP_MAX_UNPACKED_BYTES unpacked (its declared sizes, which
 * also bound what the unpacking may write) is refused before anything is unpacked.
 */
export function noteFilesOf(fileName: string, bytes: Uint8Array): { ok: true; files: NoteFile[] } | { ok: false; message: string } {
  if (!isZip(bytes)) return { ok: true, files: [{ fileName, xml: new TextDecoder("utf-8").decode(bytes) }] };
  let entries = 0;
  let unpacked = 0;
  let refusal: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (entry) => {
        if (refusal || entry.name.endsWith("/") || !entry.name.toLowerCase().endsWith(".xml")) return false;
        entries += 1;
        unpacked += entry.originalSize;
        if (entries > ZIP_MAX_ENTRIES) refusal = `O ZIP tem mais de ${ZIP_MAX_ENTRIES} notas. Envie em partes.`;
        else if (unpacked > ZIP_MAX_UNPACKED_BYTES) refusal = `O ZIP descompactado passa de ${ZIP_MAX_UNPACKED_BYTES / (1024 * 1024)} MB. Envie em partes.`;
        return refusal === null;
      },
    });
  } catch {
    return { ok: false, message: "Não foi possível abrir o ZIP. Confira o arquivo e envie de novo." };
  }
  if (refusal) return { ok: false, message: refusal };
  const found = Object.entries(files).map(([name, content]) => ({ fileName: name, xml: new TextDecoder("utf-8").decode(content) }));
  if (found.length === 0) return { ok: false, message: "O ZIP não tem nenhum XML de nota." };
  return { ok: true, files: found };
}

/** A positive whole number written in the XML, or null. */
function wholeNumber(value: string): number | null {
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** Reads one NF-e XML; refuses (with the reason in pt-BR) whatever is not an authorised note of layout 4.00. */
export function readSupplierNote(xml: string): NoteReading {
  const body = xml.replace(/^\uFEFF/, "").trim();
  if (!body.startsWith("<")) return { ok: false, message: NOT_XML };
  // Before parsing: a note with declarations is refused whatever the parser would make of them.
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) return { ok: false, message: "O XML traz declarações DOCTYPE/ENTITY, que uma NF-e não tem. Arquivo recusado." };
  if (XMLValidator.validate(body) !== true) return { ok: false, message: NOT_XML };
  let document: Node;
  try {
    document = parser.parse(body) as Node;
  } catch {
    return { ok: false, message: NOT_XML };
  }

  const proc = child(document, "nfeProc");
  const nfe = child(proc ?? document, "NFe");
  const infNFe = child(nfe, "infNFe");
  if (!infNFe) return { ok: false, message: NOT_NFE };
  const version = text(infNFe, "@_versao");
  if (version !== "4.00") return { ok: false, message: `A nota está no layout ${version || "desconhecido"}; só o layout 4.00 da NF-e é aceito.` };
  const chave = text(infNFe, "@_Id").replace(/^NFe/, "");
  if (!isValidChaveAcesso(chave)) return { ok: false, message: "A chave de acesso da nota é inválida (o dígito verificador não confere)." };

  const infProt = child(child(proc, "protNFe"), "infProt");
  if (!infProt) return { ok: false, message: "A nota não tem a autorização da SEFAZ (protNFe): envie o XML autorizado (nfeProc) que o fornecedor mandou." };
  const status = text(infProt, "cStat");
  if (status !== "100") {
    const reason = text(infProt, "xMotivo");
    return { ok: false, message: `A nota não está autorizada pela SEFAZ (situação ${status || "desconhecida"}${reason ? `: ${reason}` : ""}). Nada foi lançado.` };
  }
  if (text(infProt, "chNFe") !== chave) return { ok: false, message: "A autorização da SEFAZ é de outra chave de acesso. Confira o XML." };

  const ide = child(infNFe, "ide");
  const emit = child(infNFe, "emit");
  const dest = child(infNFe, "dest");
  if (text(ide, "mod") !== "55") return { ok: false, message: "O arquivo não é uma NF-e (modelo 55)." };
  const number = wholeNumber(text(ide, "nNF"));
  const series = wholeNumber(text(ide, "serie"));
  const issuedAt = new Date(text(ide, "dhEmi"));
  const supplierCnpj = onlyDigits(text(emit, "CNPJ"));
  const supplierName = text(emit, "xNome");
  if (number === null || series === null || Number.isNaN(issuedAt.getTime())) return { ok: false, message: "A nota não tem número, série ou data de emissão válidos." };
  if (!isValidCnpj(supplierCnpj) || !supplierName) return { ok: false, message: "O CNPJ ou o nome do fornecedor (emitente) da nota é inválido." };

  const items: NoteItem[] = [];
  const details = ((infNFe as Node).det as unknown[] | undefined) ?? [];
  for (const det of details) {
    const prod = child(det, "prod");
    const item = wholeNumber(text(det, "@_nItem"));
    const totalCents = decimalToCents(text(prod, "vProd"));
    const quantity = text(prod, "qCom");
    if (!prod || item === null || totalCents === null || !/^\d{1,11}(\.\d{1,4})?$/.test(quantity)) {
      return { ok: false, message: `O item ${item ?? "?"} da nota não tem quantidade ou valor válidos.` };
    }
    const ean = text(prod, "cEAN");
    items.push({
      item,
      supplierCode: text(prod, "cProd"),
      ean: isValidGtin(ean) ? ean : "",
      description: text(prod, "xProd"),
      ncm: text(prod, "NCM"),
      cfop: text(prod, "CFOP"),
      unit: text(prod, "uCom"),
      quantity,
      totalCents,
    });
  }
  if (items.length === 0) return { ok: false, message: "A nota não tem itens." };
  const goodsCents = decimalToCents(text(child(child(infNFe, "total"), "ICMSTot"), "vProd")) ?? items.reduce((sum, item) => sum + item.totalCents, 0);

  return {
    ok: true,
    note: {
      chave,
      number,
      series,
      issuedAt: issuedAt.toISOString(),
      supplierCnpj,
      supplierName,
      recipientCnpj: onlyDigits(text(dest, "CNPJ")),
      goodsCents,
      items,
    },
  };
}
