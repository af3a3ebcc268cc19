import { describe, expect, it } from "vitest";
import { splitOptionText } from "./option-text";

describe("splitOptionText", () => {
  it.each([
    ["28, 29, 30", ["28", "29", "30"]],
    ["34-39", ["34", "35", "36", "37", "38", "39"]],
    ["33, 34 - 36,40", ["33", "34", "35", "36", "40"]],
    ["P, M, G; GG", ["P", "M", "G", "GG"]],
    ["Azul-marinho", ["Azul-marinho"]],
    ["  Preto  fosco ", ["Preto fosco"]],
    ["Único", ["Único"]],
    [" , ,", []],
    // Not a range that means anything: kept as typed.
    ["39-34", ["39-34"]],
    ["1-100", ["1-100"]],
  ])("%s → %j", (text, values) => expect(splitOptionText(text)).toEqual(values));
});
