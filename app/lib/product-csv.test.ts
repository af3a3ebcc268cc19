import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";
import { MAX_CSV_ROWS, PRODUCT_CSV_COLUMNS, productCsvCells, readProductCsv, validateProductCsvRows, type ProductCsvSheet } from "./product-csv";
import type { EditableProduct } from "./product.schema";

const saved: EditableProduct & { id: number } = {
  id: 7,
  name: "Sandália Rasteira Trançada",
  description: "Sandália de couro.",
  priceCents: 89_90,
  oldPriceCents: 119_90,
  category: "Feminino",
  store: "sirinhaem-calcados",
  subcategory: "Sandálias",
  brand: "Moleca",
  stock: 4,
  sizes: ["35", "36"],
  colors: ["Caramelo"],
  featured: true,
  active: false,
};

function sheetOf(text: string): ProductCsvSheet {
  const file = readProductCsv(text);
  if (!file.ok) throw new Error(JSON.stringify(file.errors));
  return file.sheet;
}

describe("readProductCsv", () => {
  it("forgives accents, case and spaces in the header, and lists the ids the rows name", () => {
    const sheet = sheetOf("ID;Nome;Categoria;LOJA;Preço;Estoque;Preço Antigo\n7;a;b;c;d;e;f\n;x;y;z;1;2;3\nabc;x;y;z;1;2;3\n");
    expect(sheet.columns).toEqual(["id", "nome", "categoria", "loja", "preco", "estoque", "preco_antigo"]);
    expect(sheet.rows.map((row) => row.line)).toEqual([2, 3, 4]);
    expect(sheet.ids).toEqual([7]);
  });

  it.each([
    ["", 1, "O arquivo está vazio."],
    ['nome;categoria\nx;"aberto\n', 2, "Arquivo CSV inválido: aspas abertas e não fechadas."],
    ["nome;categoria;loja;preco;estoque\n", 1, "O arquivo não tem produtos (só o cabeçalho)."],
    ["nome;categoria;loja;preco;estoque;;nome;cor\nx", 1, "Cabeçalho: a coluna 6 não tem nome; coluna “nome” repetida; coluna desconhecida “cor”."],
    ["nome;preco\nx;1", 1, "Cabeçalho: falta a coluna “categoria”; falta a coluna “loja”; falta a coluna “estoque”."],
  ])("refuses %j at line %i", (text, line, message) => {
    expect(readProductCsv(text)).toEqual({ ok: false, errors: [{ line, message }] });
  });

  it(`refuses more than ${MAX_CSV_ROWS} product rows`, () => {
    const text = `nome;categoria;loja;preco;estoque\n${"x;y;z;1;2\n".repeat(MAX_CSV_ROWS + 1)}`;
    expect(readProductCsv(text)).toEqual({ ok: false, errors: [{ line: 1, message: `O arquivo tem ${MAX_CSV_ROWS + 1} linhas de produtos; o máximo é ${MAX_CSV_ROWS}.` }] });
    expect(readProductCsv(`nome;categoria;loja;preco;estoque\n${"x;y;z;1;2\n".repeat(MAX_CSV_ROWS)}`).ok).toBe(true);
  });
});

describe("validateProductCsvRows", () => {
  it("an exported product reads back as the same form data", () => {
    const sheet = sheetOf(toCsv(PRODUCT_CSV_COLUMNS, [productCsvCells(saved)]));
    const { id, store, ...unchanged } = saved;
    expect(validateProductCsvRows(sheet, new Map([[id, saved]]))).toEqual({
      valid: [{ line: 2, id: 7, input: { ...unchanged, store } }],
      errors: [],
    });
  });

  it("a row with an id keeps the columns the file leaves out; one without is a new, active product", () => {
    const sheet = sheetOf(
      "id;nome;categoria;loja;preco;estoque;descricao\n7;Sandália Nova;feminino;Erick Calçados - Sirinhaém;;9;Nova.\n;Vaso;MAGAZINE;erick magazine e kids;24,90;1;Vaso.\n",
    );
    const { valid, errors } = validateProductCsvRows(sheet, new Map([[7, saved]]));
    expect(errors).toEqual([]);
    expect(valid[0]).toMatchObject({ id: 7, input: { name: "Sandália Nova", priceCents: null, oldPriceCents: null, stock: 9, brand: "Moleca", active: false, featured: true } });
    expect(valid[1]).toMatchObject({ id: null, input: { name: "Vaso", category: "Magazine", store: "magazine-e-kids", priceCents: 24_90, active: true, featured: false, brand: "", sizes: [] } });
  });

  it("reports every bad row by its line with all its problems, and passes none of them", () => {
    const sheet = sheetOf(
      [
        "id;nome;categoria;loja;preco;estoque;destaque;descricao",
        "8;A;Feminino;Erick Sports;1,00;1;não;d",
        "0;A;Feminino;Erick Sports;1,00;1;não;d",
        "7;A;Feminino;Erick Sports;1,00;1;não;d",
        "7;B;Feminino;Erick Sports;1,00;1;não;d",
        ";;Calçados;Loja X;-1,00;1,5;talvez;",
        ";curta",
        ";'=Fórmula;Feminino;Erick Sports;1,00;1;sim;d",
      ].join("\n"),
    );
    const { valid, errors } = validateProductCsvRows(sheet, new Map([[7, saved]]));
    expect(errors).toEqual([
      { line: 2, message: "id: não existe produto com id 8." },
      { line: 3, message: "id: “0” não é um número de produto." },
      { line: 5, message: "id: o produto 7 já aparece na linha 4." },
      {
        line: 6,
        message: expect.stringMatching(
          /^loja: “Loja X” não é uma das lojas \(Erick Calçados - Barreiros, .*\); destaque: use “sim” ou “não”; nome: Nome é obrigatório; descricao: Descrição é obrigatória; preco: O preço não pode ser negativo; categoria: Selecione uma categoria; estoque: O estoque deve ser um número inteiro\.$/,
        ),
      },
      { line: 7, message: "esperadas 8 colunas, encontradas 2." },
    ]);
    // Line 4 is fine on its own; the spreadsheet's formula guard is undone on line 8.
    expect(valid.map((row) => [row.line, row.input.name])).toEqual([
      [4, "A"],
      [8, "=Fórmula"],
    ]);
  });
});
