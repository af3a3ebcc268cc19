// Sizes and colours as a clerk types them into the product form: several at once, separated by commas
// ('28, 29, 30'), and runs of numbered sizes as a range ('34-39'). Only the form reads them this way:
// a CSV row names one size and one colour, so a comma there is part of the name.

/** The longest run a range expands to: more is a typo ('34-390'), kept as typed for the clerk to see. */
const MAX_RANGE = 40;

/** '28, 29, 30' → ['28', '29', '30']; '34-39' → ['34', … '39']; 'Azul-marinho' stays one colour. */
export function splitOptionText(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((part) => part.trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .flatMap(expandRange);
}

function expandRange(part: string): string[] {
  const range = /^(\d{1,3})\s*[-–]\s*(\d{1,3})$/.exec(part);
  if (!range) return [part];
  const from = Number(range[1]);
  const to = Number(range[2]);
  if (to <= from || to - from + 1 > MAX_RANGE) return [part];
  return Array.from({ length: to - from + 1 }, (_, index) => String(from + index));
}
