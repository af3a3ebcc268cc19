/**
 * PIX "copia e cola" (BR Code): the Central Bank's EMV merchant-presented payload, with the order
 * code as txid and a CRC16-CCITT checksum. Static key, exact amount.
 */

function field(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** Upper-case ASCII without accents: what every bank app reads correctly. */
function plain(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^A-Za-z0-9 .,\-/]/g, "")
    .trim()
    .slice(0, max);
}

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), as the BR Code requires. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export type PixPayloadInput = {
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Centavos; omitted for a payload without a fixed amount. */
  amountCents?: number;
  /** Up to 25 letters and digits; '***' when there is none. */
  txid?: string;
};

export function pixPayload({ key, merchantName, merchantCity, amountCents, txid }: PixPayloadInput): string {
  const merchantAccount = field("00", "br.gov.bcb.pix") + field("01", key.trim());
  const reference = (txid ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 25) || "***";
  const body =
    field("00", "01") +
    field("26", merchantAccount) +
    field("52", "0000") +
    field("53", "986") +
    (amountCents !== undefined ? field("54", (amountCents / 100).toFixed(2)) : "") +
    field("58", "BR") +
    field("59", plain(merchantName, 25).toUpperCase() || "LOJA") +
    field("60", plain(merchantCity, 15).toUpperCase() || "BRASIL") +
    field("62", field("05", reference));
  const withCrcHeader = `${body}6304`;
  return withCrcHeader + crc16(withCrcHeader);
}
