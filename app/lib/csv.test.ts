import { describe, expect, it } from "vitest";
import { CsvSyntaxError, detectSeparator, parseCsv, toCsv, unguardFormula } from "./csv";

describe("csv", () => {
  it("writes UTF-8 with BOM, ';' between columns, CRLF, and quotes what needs it", () => {
    const text = toCsv(["nome", "descricao"], [["Calça; jeans", 'Dito "ótimo"'], ["Sandália", "duas\nlinhas"], [null, 3]]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toBe('\uFEFFnome;descricao\r\n"Calça; jeans";"Dito ""ótimo"""\r\nSandália;"duas\nlinhas"\r\n;3\r\n');
  });

  it("reads back what it writes, with the line each record starts on", () => {
    const text = toCsv(["a", "b"], [["x\ny", "1"], ["z", "2"]]);
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x\ny", "1"] },
      { line: 4, cells: ["z", "2"] },
    ]);
  });

  it("guards cells a spreadsheet would run as formulas, and the import undoes it", () => {
    const text = toCsv(["nome"], [["=HYPERLINK(\"x\")"], ["-50% kit"]]);
    const cells = parseCsv(text).slice(1).map((record) => record.cells[0]!);
    expect(cells).toEqual(["'=HYPERLINK(\"x\")", "'-50% kit"]);
    expect(cells.map(unguardFormula)).toEqual(["=HYPERLINK(\"x\")", "-50% kit"]);
    expect(unguardFormula("'normal")).toBe("'normal");
  });

  it("skips blank lines but counts them, and accepts ',' files", () => {
    expect(parseCsv("a;b\r\n\r\n1;2\r\n")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 3, cells: ["1", "2"] },
    ]);
    expect(detectSeparator("id,nome,preco\n1,x,2")).toBe(",");
    expect(detectSeparator("\uFEFFid;nome;preco")).toBe(";");
    expect(parseCsv("a,b\n1,\"2,5\"")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1", "2,5"] },
    ]);
  });

  it("reports an unclosed quote with its line", () => {
    expect(() => parseCsv('a;b\n1;"aberto\n2;3')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a;b\n1;"aberto\n2;3');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });
});
