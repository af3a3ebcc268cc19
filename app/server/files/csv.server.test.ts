import { describe, expect, it } from "vitest";
import { CsvSyntaxError, decodeCsvFile, detectSeparator, readCsv, toCsv, unguardFormula } from "./csv.server";

describe("csv", () => {
  it("writes UTF-8 with BOM, ';' between columns, CRLF, and quotes what needs it", () => {
    const text = toCsv(["nome", "descricao"], [["Calça; jeans", 'Dito "ótimo"'], ["Sandália", "duas\nlinhas"], [null, 3]]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toBe('\uFEFFnome;descricao\r\n"Calça; jeans";"Dito ""ótimo"""\r\nSandália;"duas\nlinhas"\r\n;3\r\n');
  });

  it("reads back what it writes, with the line each record starts on", () => {
    const text = toCsv(["a", "b"], [["x\ny", "1"], ["z", "2"]]);
    expect(readCsv(text)).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x\ny", "1"] },
      { line: 4, cells: ["z", "2"] },
    ]);
  });

  it("guards cells a spreadsheet would run as formulas, and the import undoes it", () => {
    const text = toCsv(["nome"], [["=HYPERLINK(\"x\")"], ["-50% kit"]]);
    const cells = readCsv(text).slice(1).map((record) => record.cells[0]!);
    expect(cells).toEqual(["'=HYPERLINK(\"x\")", "'-50% kit"]);
    expect(cells.map(unguardFormula)).toEqual(["=HYPERLINK(\"x\")", "-50% kit"]);
    expect(unguardFormula("'normal")).toBe("'normal");
  });

  it("skips blank lines but counts them, and accepts ',' files", () => {
    expect(readCsv("a;b\r\n\r\n1;2\r\n")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 3, cells: ["1", "2"] },
    ]);
    expect(detectSeparator("id,nome,preco\n1,x,2")).toBe(",");
    expect(detectSeparator("\uFEFFid;nome;preco")).toBe(";");
    expect(readCsv("a,b\n1,\"2,5\"")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1", "2,5"] },
    ]);
  });

  it("reports an unclosed quote with its line", () => {
    expect(() => readCsv('a;b\n1;"aberto\n2;3')).toThrow(CsvSyntaxError);
    try {
      readCsv('a;b\n1;"aberto\n2;3');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });

  it("skips Excel's rows of only separators (after the data and for formatted empty rows), long or short", () => {
    expect(readCsv("a;b;c\r\n1;2;3\r\n;;\r\n;\r\n4;5;6\r\n;;\r\n ; ;\r\n")).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["1", "2", "3"] },
      { line: 5, cells: ["4", "5", "6"] },
    ]);
  });

  it("counts lines right with CR-only endings and with CRLF inside quoted cells", () => {
    expect(readCsv("a;b\r1;2\r\r3;4\r").map((record) => record.line)).toEqual([1, 2, 4]);
    expect(readCsv('a;b\r\n1;"duas\r\nlinhas"\r\n2;"três\r\nlinhas\r\naqui"\r\n3;4').map((record) => record.line)).toEqual([1, 2, 4, 7]);
  });

  it('refuses text after a closing quote ("abc"def) instead of gluing it on, by its line', () => {
    try {
      readCsv('a;b\n1;2\n"abc"def;3\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).line).toBe(3);
    }
  });

  it("drops C1 and other control characters from every cell, keeping line breaks", () => {
    expect(readCsv('nome;descricao\nT\u0093nis\u0085\u0080;"a\u009f\nb\u0000"\n')[1]!.cells).toEqual(["Tnis", "a\nb"]);
  });
});

describe("decodeCsvFile", () => {
  const windows1252 = (text: string) => Uint8Array.from([...text].map((char) => ({ "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97, "…": 0x85, "€": 0x80 })[char] ?? char.charCodeAt(0)));

  it("UTF-8 when the whole file is UTF-8", () => {
    expect(decodeCsvFile(new TextEncoder().encode("\uFEFFnome\nTênis “Pró” – 10 €\n"))).toEqual({ ok: true, text: "nome\nTênis “Pró” – 10 €\n", encoding: "utf-8" });
  });

  it("Windows-1252 otherwise, with “ ” – — … € as they were typed (not C1 controls)", () => {
    const text = "nome\r\nCaneca “Café” – Nordeste — 1… R$ 5 €\r\n";
    expect(decodeCsvFile(windows1252(text))).toEqual({ ok: true, text, encoding: "windows-1252" });
  });

  it("refuses a file whose lines are UTF-8 and Windows-1252 at once, naming the lines that are not UTF-8", () => {
    const utf8 = (text: string) => [...new TextEncoder().encode(text)];
    const bytes = Uint8Array.from([...utf8("nome;estoque\nTênis;1\n"), ...windows1252("T\u00eanis “X”;2\r\nSand\u00e1lia;3\n"), ...utf8("Bota;4\n")]);
    expect(decodeCsvFile(bytes)).toEqual({ ok: false, problem: "mixed-encoding", lines: [3, 4] });
  });

  it("a byte 0 is not text", () => {
    expect(decodeCsvFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1]))).toEqual({ ok: false, problem: "binary" });
  });
});
