// What the shop stores and sends of what people type: text, never control characters. A NUL byte is
// refused by PostgreSQL (a 500), and bidirectional-text controls reorder what a clerk reads in the
// admin and in WhatsApp (a right-to-left override can turn "R$ 10,00" around). The order's WhatsApp
// text is built from these fields, so a line break in a name or an address could put a forged
// items-and-total block before the real one: those fields are one line.

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** Bidirectional marks, embeddings, overrides and isolates. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without control characters (tab and line breaks kept). */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "").replace(BIDI_CONTROLS, "");
}

/** One line: control characters removed, line breaks and tabs become spaces, runs of spaces one, trimmed. */
export function oneLine(text: string): string {
  return withoutControlCharacters(text)
    .replace(/[\s\u2028\u2029]+/g, " ")
    .trim();
}

/** A line of notes that WhatsApp would show as bold (`*…*`) or a clerk could take for the order's total. */
const LOOKS_LIKE_A_TOTAL = /^(?:sub)?total\b/i;
const LEADING_MARKUP = /^[\s*_~>]+/;

/**
 * Free text with its line breaks (the order's notes): control characters removed, and no line that
 * starts with WhatsApp markup (`*`, `_`, `~`, `>`) or reads as a total ("Total: R$ 1,00" becomes
 * "Obs.: Total: R$ 1,00").
 */
export function notesText(text: string): string {
  return withoutControlCharacters(text)
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .split("\n")
    .map((line) => {
      const plain = line.replace(LEADING_MARKUP, "").trimEnd();
      return LOOKS_LIKE_A_TOTAL.test(plain) ? `Obs.: ${plain}` : plain;
    })
    .join("\n")
    .trim();
}
